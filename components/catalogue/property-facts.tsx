import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { Listing } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { showsPurchaseEstimate } from '@/lib/costs/listing-costs';
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

type Translate = (key: `values.${ValueKey}` | `groups.${FactGroupId}` | `labels.${LabelKey}` | 'floodSymbol', values?: Record<string, string | number>) => string;

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

function buildGroups(property: Listing, language: Language, t: Translate): FactGroup[] {
  const value = (key: ValueKey, values?: Record<string, string | number>) => t(`values.${key}`, values);
  const yesNo = (flag: boolean | null | undefined) => (isEmpty(flag) ? undefined : value(flag ? 'yes' : 'no'));

  // The label says "monthly rent" for a rental, so the amount goes without "per month" here.
  const shown = property.price;
  const price = shown.kind === 'on-demand' ? value('priceOnDemand') : shown.kind === 'starting-from' ? value('startingFrom', { price: formatEuro(shown.amount) }) : formatEuro(shown.amount);
  const { goal, rooms, surfaces, building, flood, comfort, legal, costs } = property;

  /*
   * The CRM's notary fee and registration duties are one figure each, undated, worked out by the
   * agency under assumptions it does not state (most often the full rate, not the own-home one). Next
   * to the computed estimate, which follows the region's current rules, the buyer's situation and its
   * sources, a second and different figure for the same cost only makes a buyer doubt both: there it
   * is left out. Where no estimate is shown (a reference, Luxembourg) it stays, named as the agency's.
   */
  const agencyCostEstimates: Entry[] = showsPurchaseEstimate(property)
    ? []
    : [
        ['agencyNotaryFee', euro(costs.notaryFee)],
        ['agencyRegistrationRights', euro(costs.registrationRights)],
      ];

  const published = property.street;
  const address = published?.box ? value('addressWithBox', { address: published.street, box: published.box }) : published?.street;

  const facades = { closed: 'facadesClosed', 'half-open': 'facadesHalfOpen', open: 'facadesOpen' } as const satisfies Record<string, ValueKey>;
  const floor = isEmpty(rooms.floor) ? undefined : rooms.floor === 0 ? value('groundFloor') : String(rooms.floor);

  const annuity = property.lifeAnnuity;
  // Sorted so that the ages read as a range ("78 and 81 years") whatever order the CRM stored them in.
  const ages = annuity && !isEmpty(annuity.annuitantAges) ? [...annuity.annuitantAges].sort((a, b) => a - b).map(String) : [];

  const groups: Record<FactGroupId, Entry[]> = {
    basics: [
      ['reference', String(property.id)],
      [goal === 'rent' ? 'monthlyRent' : 'price', price],
      ['city', text(property.town.name)],
      ['zip', text(property.town.zip)],
      ['country', text(property.town.country.name)],
      ['address', address],
      ['type', text(property.type.name) ?? text(property.type.mainName)],
      ['goal', value(goal === 'rent' ? 'forRent' : 'forSale')],
      ['availableFrom', date(property.availableFrom)],
    ],
    rooms: [
      ['bedrooms', count(rooms.bedrooms)],
      ['bathrooms', count(rooms.bathrooms)],
      ['showerRooms', count(rooms.showerRooms)],
      ['toilets', count(rooms.toilets)],
      ['garages', count(rooms.garages)],
      ['parkings', count(rooms.parkings)],
      ['floors', count(rooms.floors)],
      ['floor', floor],
    ],
    surfaces: [
      ['surfaceTotal', surface(surfaces.total)],
      ['surfaceLiving', surface(surfaces.living)],
      ['surfaceGround', surface(surfaces.ground)],
      ['surfaceGarden', surface(surfaces.garden)],
      ['surfaceTerrace', surface(surfaces.terrace)],
      ['surfaceOffice', surface(surfaces.office)],
      ['surfaceConstructed', surface(surfaces.constructed)],
      ['plotWidth', metres(surfaces.plotWidth)],
      ['frontWidth', metres(surfaces.frontWidth)],
    ],
    building: [
      ['facades', isEmpty(building.facades) ? undefined : value(facades[building.facades])],
      ['constructionYear', year(building.constructionYear)],
      ['renovationYear', year(building.renovationYear)],
      ['cadastralIncome', euro(building.cadastralIncome)],
    ],
    flood: [
      ['floodRisk', text(flood.risk)],
      ['floodZone', text(flood.zone)],
      ['riverbankZone', yesNo(flood.riverbankZone)],
      ['gScore', text(flood.gScore)],
      ['pScore', text(flood.pScore)],
    ],
    asbestos: [
      ['asbestosType', text(property.asbestos.type)],
      ['asbestosDate', date(property.asbestos.date)],
    ],
    comfort: [
      ['heating', text(comfort.heating)],
      ['glazing', text(comfort.glazing)],
      ['windowFrame', text(comfort.windowFrame)],
      ['kitchen', text(comfort.kitchen)],
      ['comfortInterior', text(comfort.interior)],
      ['comfortExterior', text(comfort.exterior)],
      ['roofMaterial', text(comfort.roofMaterial)],
      ['roofCondition', text(comfort.roofCondition)],
    ],
    legal: [
      ['buildingPermit', yesNo(legal.buildingPermit)],
      ['allotmentPermit', yesNo(legal.allotmentPermit)],
      ['preemptionRight', yesNo(legal.preemptionRight)],
      ['summons', yesNo(legal.summons)],
      ['judicialDecision', yesNo(legal.judicialDecision)],
      ['planningInformation', text(legal.planningInformation)],
      ['areaApplication', text(legal.areaApplication)],
    ],
    costs: [
      ['chargesOwner', euro(costs.chargesOwner)],
      ['chargesRenter', euro(costs.chargesRenter)],
      ...agencyCostEstimates,
      ['vat', euro(costs.vat)],
      ['deposit', euro(costs.deposit)],
      ['renterAgencyCost', euro(costs.renterAgencyCost)],
      ['inventoryCost', euro(costs.inventoryCost)],
    ],
    lifeAnnuity: annuity
      ? [
          ['bouquet', euro(annuity.bouquet)],
          ['monthlyAnnuity', isEmpty(annuity.monthlyAnnuity) ? undefined : value('perMonth', { amount: formatEuro(annuity.monthlyAnnuity) })],
          ['annuitantAges', ages.length === 0 ? undefined : value('ages', { ages: new Intl.ListFormat(language, { type: 'conjunction' }).format(ages) })],
          ['occupied', yesNo(annuity.occupied)],
          ['indexLinked', yesNo(annuity.indexLinked)],
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

/**
 * A flood score in class D (medium chance of flooding in the current climate) must come with the
 * flood symbol in every Flemish advertisement (integral water policy's information duty, 2023).
 */
const hasFloodSymbol = (label: string, { flood }: Listing) => (label === 'gScore' ? flood.gScore : label === 'pScore' ? flood.pScore : undefined) === 'D';

function FloodSymbol({ label }: { label: string }) {
  return (
    <span className={styles.floodSymbol}>
      <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
        <path d="M6 15 16 6l10 9M9 13v6h14v-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path
          d="M3 23c2.2-2 4.3-2 6.5 0s4.3 2 6.5 0 4.3-2 6.5 0 4.3 2 6.5 0M3 28c2.2-2 4.3-2 6.5 0s4.3 2 6.5 0 4.3-2 6.5 0 4.3 2 6.5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {label}
    </span>
  );
}

/** The facts of one listing as labelled groups; a group without any value is left out entirely. */
export async function PropertyFacts({ property, language }: { property: Listing; language: Language }) {
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
                  <dd className={styles.value}>
                    {row.value}
                    {hasFloodSymbol(row.label, property) ? <FloodSymbol label={t('floodSymbol')} /> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
