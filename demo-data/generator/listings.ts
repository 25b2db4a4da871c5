import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Property } from '../../lib/catalogue/schemas';
import { listRecords } from '../../lib/data-file';
import { addDays, at, minDate, randomDay } from './dates';
import { describe } from './descriptions';
import { asbestos, comfort, costs, energy, flood, legal } from './details';
import { constructionYear, detailGroups, facades, isFlat, isHouse, listingPrice, rooms, surfaces, townPoint, webIdOf, webIdsOf } from './facts';
import { documentPlans, documents, mobilityPlan, mobilityScore, pointsOfInterest, poiPlans, videoLinks, virtualTour } from './media';
import { listingPictureSet, pictureItems } from './picture-plan';
import { has, PLAN, type ListingPlan } from './plan';
import { PROJECT_NAMES, PROJECTS } from './project-plan';
import { rngFor } from './random';
import { listText, TEXTS } from './texts';
import { countryOf, town } from './towns';
import { LANGS, typeRow, type Lang, type Tr } from './types';
import { PHRASES } from './descriptions';

/*
 * properties.json: one record per listing and language. The numbers are drawn once per listing
 * from a PRNG seeded with its ID; only the texts differ between the four records.
 */

export type TeamMember = { name: string; email: string; directPhone?: string | null; mobilePhone?: string | null };

export function readTeam(root: string): TeamMember[] {
  const team = listRecords(JSON.parse(readFileSync(join(root, 'data/site/team.json'), 'utf8'))) as TeamMember[];
  if (team.length < 4) throw new Error('data/site/team.json must list at least 4 agents');
  return team;
}

/** Sales agents alternate on sales, the lettings manager has most rentals, the project adviser the new builds. */
function managerOf(plan: ListingPlan, team: TeamMember[]): TeamMember {
  const [director, sales, lettings, projects] = team as [TeamMember, TeamMember, TeamMember, TeamMember];
  if (plan.unit) return projects;
  if (plan.goal === 1) return plan.id % 5 === 0 ? director : lettings;
  return plan.id % 2 === 0 ? director : sales;
}

const NULLABLE_REQUIRED = new Set(['SmallPictureItem', 'XLargePictureItem']);

export function buildListings(team: TeamMember[]): Property[] {
  const records = PLAN.map((plan) => buildListing(plan, team));
  // One record per language, the four versions of a listing next to each other.
  return records.flatMap((build) => LANGS.map((language) => build(language)));
}

function buildListing(plan: ListingPlan, team: TeamMember[]): (language: Lang) => Property {
  const rng = rngFor('listing', plan.id);
  const place = town(plan.town);
  const country = countryOf(place);
  const groups = detailGroups(plan);
  const price = listingPrice(plan, rng);
  const roomFacts = rooms(plan, rng);
  const surfaceFacts = surfaces(plan, roomFacts.floor, rng);
  const year = constructionYear(plan, rng);
  const renovation = year !== null && year < 2000 && rng.chance(0.55) ? rng.int(Math.max(year + 15, 2003), 2025) : null;
  const project = plan.unit ? PROJECTS[plan.unit.project] : undefined;
  const townPointDrawn = townPoint(place, rng);
  const streetDrawn = rng.pick(place.streets);
  const numberDrawn = rng.chance(0.12) ? `${rng.int(1, 140)}${rng.pick(['A', 'B'])}` : String(rng.int(1, 180));
  // Units of a project share its address; houses of a project get consecutive house numbers.
  const lot = plan.unit && !isFlat(plan.kind) ? Number(plan.unit.name.replace(/\D/g, '')) || 1 : 0;
  const point = project ? { lat: Math.round((project.lat + lot * 0.0002) * 1e5) / 1e5, lng: Math.round((project.lng + lot * 0.0003) * 1e5) / 1e5 } : townPointDrawn;
  const street = project ? project.street : streetDrawn;
  const houseNumber = project ? String(Number(project.houseNumber) + (lot > 0 ? (lot - 1) * 2 : 0)) : numberDrawn;
  const publishAddress = project ? project.publicAddress : !has(plan, 'noaddr');
  const boxNr = isFlat(plan.kind) && plan.unit ? plan.unit.name : isFlat(plan.kind) ? `${roomFacts.floor ?? 0}.${rng.int(1, 4)}` : '';
  const energyFacts = energy(plan, place, groups, surfaceFacts.living, rng);
  const floodFacts = flood(groups, rng);
  const comfortFacts = comfort(plan, groups, year, rng);
  const asbestosFacts = asbestos(groups, year, rng);
  const legalFacts = legal(plan, groups, rng);
  const costFacts = costs(plan, place, groups, price, rng);
  const cadastral = groups.has('cadastral') ? (plan.kind === 'land' ? rng.int(20, 90) : rng.step(450, 2600, 5)) : null;
  const created = plan.unit ? randomDay(rng, '2026-02-01', '2026-06-30') : randomDay(rng, '2025-01-10', '2026-09-30');
  const changed = minDate(addDays(created, rng.int(plan.status === 1 ? 1 : 60, 240)), '2026-10-31');
  const dateFree = has(plan, 'free') ? rng.pick(['2026-11-15', '2026-12-01', '2027-01-01', '2027-02-01', '2026-10-01']) : null;
  const lifeAnnuity = has(plan, 'viager') ? { Bouquet: price, MonthlyAnnuity: rng.step(750, 1100, 10), AnnuitantAges: [rng.int(76, 84), rng.int(74, 82)], Occupied: true, IndexLinked: true } : null;
  const docs = documentPlans(plan, isFlat(plan.kind), rng);
  const pois = poiPlans(plan, rng);
  const mobility = mobilityPlan(plan, rng);
  const videos = videoLinks(plan, rng);
  const tour = virtualTour(plan, rng);
  const pictures = listingPictureSet(plan);
  const manager = managerOf(plan, team);
  const rec = groups.has('rooms') ? roomFacts : null;
  const surf = groups.has('surfaces') ? surfaceFacts : null;
  const facadeCount = groups.has('facades') ? facades(plan.kind, rng) : null;
  const years = groups.has('years');
  const variants = { intro: rng.int(0, 2), location: rng.int(0, 1), closing: rng.int(0, 1) };
  const recordFile = rng.chance(0.5) ? `D-${created.slice(0, 4)}-${String(plan.id - 4000000).padStart(4, '0')}` : null;
  const priceUnit: 1 | 2 | 7 = has(plan, 'from') ? 7 : plan.goal === 0 ? 1 : 2;
  const projectIndex = plan.unit?.project;

  return (language) => {
    const text = (value: Tr | null) => (value ? value[language] : null);
    const pics = pictureItems(pictures, language);
    const description = describe(
      {
        plan,
        town: place.name,
        street: publishAddress ? `${street} ${houseNumber}` : null,
        rooms: rec,
        surfaces: surf,
        facades: facadeCount,
        constructionYear: years ? year : null,
        renovationYear: years ? renovation : null,
        heating: comfortFacts.heating,
        glazing: comfortFacts.glazing,
        kitchen: comfortFacts.kitchen,
        exterior: comfortFacts.exterior,
        dateFree,
        depositMonths: costFacts.depositMonths,
        lifeAnnuity,
        projectName: projectIndex === undefined ? null : (PROJECT_NAMES[projectIndex] ?? null),
        linkUrl: has(plan, 'link') ? 'https://www.enghien-edingen.be/' : null,
        variants,
      },
      language,
    );
    if (has(plan, 'long') && description.length < 1500) throw new Error(`listing ${plan.id} (${language}) should have a long description`);
    const record: Property = {
      ID: plan.id,
      language,
      WebID: webIdOf(plan),
      WebIDs: webIdsOf(plan),
      Goal: plan.goal,
      Status: plan.status,
      Price: price,
      PublishPrice: !has(plan, 'pod'),
      PriceUnit: priceUnit,
      PriceUnitText: TEXTS.priceUnitTexts[priceUnit][language],
      Marquee: plan.marquee,
      MarqueeName: TEXTS.marqueeNames[plan.marquee][language],
      Street: street,
      HouseNumber: houseNumber,
      BoxNr: boxNr,
      Zip: place.zip,
      City: place.name[language],
      CountryID: country.id,
      CountryName: country.name[language],
      PublishAddress: publishAddress,
      GoogleX: has(plan, 'nogeo') ? null : point.lat,
      GoogleY: has(plan, 'nogeo') ? null : point.lng,
      TypeDescription: PHRASES[language].typeDescription(plan.kind, rec && (isHouse(plan.kind) || isFlat(plan.kind)) ? rec.bedrooms : null),
      MainTypeName: typeRow(webIdOf(plan)).main[language],
      DescriptionA: description,
      RecordFile: recordFile,
      ProjectID: projectIndex === undefined ? null : 5000001 + projectIndex,
      SmallPictureItem: pics.firstSmall,
      XLargePictureItem: pics.firstLarge,
      SmallPictureItems: pics.small,
      XLargePictureItems: pics.large,
      NumberOfBedRooms: rec?.bedrooms ?? null,
      NumberOfBathRooms: rec?.bathrooms ?? null,
      NumberOfShowerRooms: rec?.showers ?? null,
      NumberOfToilets: rec?.toilets ?? null,
      NumberOfGarages: rec?.garages ?? null,
      NumberOfParkings: rec?.parkings ?? null,
      NumberOfFloors: rec?.floors ?? null,
      Floor: rec?.floor ?? null,
      SurfaceTotal: surf?.total ?? null,
      SurfaceLiving: surf?.living ?? null,
      SurfaceGround: surf?.ground ?? null,
      SurfaceGarden: surf?.garden ?? null,
      SurfaceTerrace: surf?.terrace ?? null,
      SurfaceOffice: surf?.office ?? null,
      SurfaceConstructed: surf?.constructed ?? null,
      PlotWidth: surf?.plotWidth ?? null,
      FrontWidth: surf?.frontWidth ?? null,
      Facades: facadeCount,
      ConstructionYear: years ? year : null,
      RenovationYear: years ? renovation : null,
      CadastralIncome: cadastral,
      EnergyPerformance: energyFacts.performance,
      EPCLabelText: energyFacts.label,
      EnergyConsumptionTotal: energyFacts.consumption,
      CO2Emission: energyFacts.co2,
      ELevel: energyFacts.eLevel,
      EPCReference: energyFacts.reference,
      EPCValidUntil: energyFacts.validUntil,
      FloodRisk: text(floodFacts.risk),
      FloodZone: text(floodFacts.zone),
      RiverbankZone: floodFacts.riverbank,
      GScore: floodFacts.g,
      PScore: floodFacts.p,
      AsbestosType: text(asbestosFacts.type),
      AsbestosDate: asbestosFacts.date,
      Heating: text(comfortFacts.heating),
      Glazing: text(comfortFacts.glazing),
      WindowFrame: text(comfortFacts.windowFrame),
      Kitchen: text(comfortFacts.kitchen),
      ComfortInterior: comfortFacts.interior ? listText(comfortFacts.interior, language) : null,
      ComfortExterior: comfortFacts.exterior ? listText(comfortFacts.exterior, language) : null,
      RoofMaterial: text(comfortFacts.roofMaterial),
      RoofCondition: text(comfortFacts.roofCondition),
      BuildingPermit: legalFacts.buildingPermit,
      AllotmentPermit: legalFacts.allotmentPermit,
      PreemptionRight: legalFacts.preemption,
      Summons: legalFacts.summons,
      JudicialDecision: legalFacts.judicial,
      PlanningInformation: text(legalFacts.planning),
      AreaApplication: text(legalFacts.area),
      ChargesOwner: costFacts.chargesOwner,
      ChargesRenter: costFacts.chargesRenter,
      NotaryFee: costFacts.notaryFee,
      RegistrationRights: costFacts.registrationRights,
      VAT: costFacts.vat,
      Deposit: costFacts.deposit,
      RenterAgencyCost: costFacts.renterAgencyCost,
      InventoryCost: costFacts.inventoryCost,
      LifeAnnuity: lifeAnnuity,
      Documents: documents(docs, language),
      VideoLinks: videos,
      VirtualTour: tour,
      PointsOfInterest: pointsOfInterest(pois, place.name[language], language),
      MobilityScore: mobilityScore(mobility, language),
      ManagerName: manager.name,
      ManagerEmail: manager.email,
      ManagerDirectPhone: manager.directPhone ?? null,
      ManagerMobilePhone: manager.mobilePhone ?? null,
      CreatedDate: at(created, 9 + (plan.id % 8), (plan.id * 7) % 60),
      LastChangedDate: at(changed, 10 + (plan.id % 7), (plan.id * 11) % 60),
      DateFree: dateFree,
    };
    if (!has(plan, 'omit')) return record;
    // Some CRM exports leave empty fields out instead of writing null.
    const entries = Object.entries(record).filter(([key, value]) => value !== null || NULLABLE_REQUIRED.has(key));
    return Object.fromEntries(entries) as Property;
  };
}
