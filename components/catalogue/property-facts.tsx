import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { goalOf, publishedStreetOf, shownPriceOf, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatDate, formatEuro, formatNumber } from '@/lib/format';
import styles from './property-facts.module.css';

/*
 * The label groups of the detail page (spec §3 "Property labels"), except energy and media, which
 * another component renders. Text values come from the record of the page's language, so only
 * labels, fixed value words and number formats are translated here.
 */

/** The groups in the order the page shows them; each is named by its message (facts.groups). */
const factGroupIds = ['basics', 'rooms', 'surfaces', 'building', 'flood', 'asbestos', 'comfort', 'legal', 'costs', 'lifeAnnuity'] as const satisfies readonly (keyof Messages['facts']['groups'])[];
type FactGroupId = (typeof factGroupIds)[number];

/** The labels and value words of the detail page, as the messages name them (facts.labels, facts.values). */
type LabelKey = keyof Messages['facts']['labels'];
type ValueKey = keyof Messages['facts']['values'];

/** A row whose value is undefined is left out, so a group can be written as the full list of its fields. */
type Entry = readonly [label: LabelKey, value: string | undefined];

type FactGroup = { id: FactGroupId; rows: { label: LabelKey; value: string }[] };

type Translate = (key: `values.${ValueKey}` | `groups.${FactGroupId}` | `labels.${LabelKey}`, values?: Record<string, string | number>) => string;


/** Omnicasa sends missing data as null, absent, "" or []; none of them may produce a row. */
function isEmpty(value: unknown): value is null | undefined {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const text = (value: string | null | undefined) => (isEmpty(value) ? undefined : value.trim());
const count = (value: number | null | undefined) => (isEmpty(value) ? undefined : formatNumber(value));
/** Years are not grouped: 1990, not 1.990. */
const year = (value: number | null | undefined) => (isEmpty(value) ? undefined : String(value));
const euro = (value: number | null | undefined) => (isEmpty(value) ? undefined : formatEuro(value));
const surface = (value: number | null | undefined) => (isEmpty(value) ? undefined : `${formatNumber(value)} m²`);
const metres = (value: number | null | undefined) => (isEmpty(value) ? undefined : `${formatNumber(value)} m`);
const date = (value: string | null | undefined) => (isEmpty(value) ? undefined : formatDate(value));

function buildGroups(property: Property, language: Language, t: Translate): FactGroup[] {
  const value = (key: ValueKey, values?: Record<string, string | number>) => t(`values.${key}`, values);
  const yesNo = (flag: boolean | null | undefined) => (isEmpty(flag) ? undefined : value(flag ? 'yes' : 'no'));

  // The label says "monthly rent" for a rental, so the amount goes without "per month" here.
  const shown = shownPriceOf(property);
  const price =
    shown.kind === 'on-demand'
      ? value('priceOnDemand')
      : shown.kind === 'starting-from'
        ? value('startingFrom', { price: formatEuro(shown.amount) })
        : formatEuro(shown.amount);
  const goal = goalOf(property);

  const published = publishedStreetOf(property);
  const address = published?.box ? value('addressWithBox', { address: published.street, box: published.box }) : published?.street;

  const facades = { 2: 'facadesClosed', 3: 'facadesHalfOpen', 4: 'facadesOpen' } as const satisfies Record<number, ValueKey>;
  const floor = isEmpty(property.Floor) ? undefined : property.Floor === 0 ? value('groundFloor') : String(property.Floor);

  const annuity = property.LifeAnnuity;
  // Sorted so that the ages read as a range ("78 and 81 years") whatever order the CRM stored them in.
  const ages = annuity && !isEmpty(annuity.AnnuitantAges) ? [...annuity.AnnuitantAges].sort((a, b) => a - b).map(String) : [];

  const groups: Record<FactGroupId, Entry[]> = {
    basics: [
      ['reference', String(property.ID)],
      [goal === 'rent' ? 'monthlyRent' : 'price', price],
      ['city', text(property.City)],
      ['zip', text(property.Zip)],
      ['country', text(property.CountryName)],
      ['address', address],
      ['type', text(property.TypeDescription) ?? text(property.MainTypeName)],
      ['goal', value(goal === 'rent' ? 'forRent' : 'forSale')],
    ],
    rooms: [
      ['bedrooms', count(property.NumberOfBedRooms)],
      ['bathrooms', count(property.NumberOfBathRooms)],
      ['showerRooms', count(property.NumberOfShowerRooms)],
      ['toilets', count(property.NumberOfToilets)],
      ['garages', count(property.NumberOfGarages)],
      ['parkings', count(property.NumberOfParkings)],
      ['floors', count(property.NumberOfFloors)],
      ['floor', floor],
    ],
    surfaces: [
      ['surfaceTotal', surface(property.SurfaceTotal)],
      ['surfaceLiving', surface(property.SurfaceLiving)],
      ['surfaceGround', surface(property.SurfaceGround)],
      ['surfaceGarden', surface(property.SurfaceGarden)],
      ['surfaceTerrace', surface(property.SurfaceTerrace)],
      ['surfaceOffice', surface(property.SurfaceOffice)],
      ['surfaceConstructed', surface(property.SurfaceConstructed)],
      ['plotWidth', metres(property.PlotWidth)],
      ['frontWidth', metres(property.FrontWidth)],
    ],
    building: [
      ['facades', isEmpty(property.Facades) ? undefined : value(facades[property.Facades])],
      ['constructionYear', year(property.ConstructionYear)],
      ['renovationYear', year(property.RenovationYear)],
      ['cadastralIncome', euro(property.CadastralIncome)],
    ],
    flood: [
      ['floodRisk', text(property.FloodRisk)],
      ['floodZone', text(property.FloodZone)],
      ['riverbankZone', yesNo(property.RiverbankZone)],
      ['gScore', text(property.GScore)],
      ['pScore', text(property.PScore)],
    ],
    asbestos: [
      ['asbestosType', text(property.AsbestosType)],
      ['asbestosDate', date(property.AsbestosDate)],
    ],
    comfort: [
      ['heating', text(property.Heating)],
      ['glazing', text(property.Glazing)],
      ['windowFrame', text(property.WindowFrame)],
      ['kitchen', text(property.Kitchen)],
      ['comfortInterior', text(property.ComfortInterior)],
      ['comfortExterior', text(property.ComfortExterior)],
      ['roofMaterial', text(property.RoofMaterial)],
      ['roofCondition', text(property.RoofCondition)],
    ],
    legal: [
      ['buildingPermit', yesNo(property.BuildingPermit)],
      ['allotmentPermit', yesNo(property.AllotmentPermit)],
      ['preemptionRight', yesNo(property.PreemptionRight)],
      ['summons', yesNo(property.Summons)],
      ['judicialDecision', yesNo(property.JudicialDecision)],
      ['planningInformation', text(property.PlanningInformation)],
      ['areaApplication', text(property.AreaApplication)],
    ],
    costs: [
      ['chargesOwner', euro(property.ChargesOwner)],
      ['chargesRenter', euro(property.ChargesRenter)],
      ['notaryFee', euro(property.NotaryFee)],
      ['registrationRights', euro(property.RegistrationRights)],
      ['vat', euro(property.VAT)],
      ['deposit', euro(property.Deposit)],
      ['renterAgencyCost', euro(property.RenterAgencyCost)],
      ['inventoryCost', euro(property.InventoryCost)],
    ],
    lifeAnnuity: annuity
      ? [
          ['bouquet', euro(annuity.Bouquet)],
          ['monthlyAnnuity', isEmpty(annuity.MonthlyAnnuity) ? undefined : value('perMonth', { amount: formatEuro(annuity.MonthlyAnnuity) })],
          ['annuitantAges', ages.length === 0 ? undefined : value('ages', { ages: new Intl.ListFormat(language, { type: 'conjunction' }).format(ages) })],
          ['occupied', yesNo(annuity.Occupied)],
          ['indexLinked', yesNo(annuity.IndexLinked)],
        ]
      : [],
  };

  return factGroupIds
    .map((id) => ({
      id,
      rows: groups[id].flatMap(([label, rowValue]) => (rowValue === undefined || rowValue.trim() === '' ? [] : [{ label, value: rowValue }])),
    }))
    .filter((group) => group.rows.length > 0);
}

/** The facts of one listing as labelled groups; a group without any value is left out entirely. */
export async function PropertyFacts({ property, language }: { property: Property; language: Language }) {
  const translator = await getTranslations({ locale: language, namespace: 'facts' });
  const t: Translate = (key, values) => translator(key, values);
  const groups = buildGroups(property, language, t);
  return (
    <div className={styles.facts}>
      {groups.map((group) => {
        const headingId = `facts-${group.id}`;
        return (
          <section key={group.id} aria-labelledby={headingId} className={styles.group}>
            <h2 id={headingId} className={styles.title}>
              {t(`groups.${group.id}`)}
            </h2>
            <dl className={styles.list}>
              {group.rows.map((row) => (
                <div key={row.label} className={styles.row}>
                  <dt className={styles.label}>{t(`labels.${row.label}`)}</dt>
                  <dd className={styles.value}>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
