import type { City, Property } from '../../lib/catalogue/schemas';
import { PLAN, type Tag } from './plan';
import { town, TOWNS } from './towns';

/*
 * Self-checks of the generated data against the cases the site's tests rely on, and a summary of
 * which listing carries which case. A failed check throws, so a bad edit of the plan is caught.
 */

const GROUP_FIELDS: (keyof Property)[] = [
  'NumberOfBedRooms',
  'NumberOfBathRooms',
  'NumberOfGarages',
  'Floor',
  'SurfaceTotal',
  'SurfaceLiving',
  'SurfaceGround',
  'SurfaceGarden',
  'SurfaceTerrace',
  'SurfaceOffice',
  'SurfaceConstructed',
  'PlotWidth',
  'FrontWidth',
  'Facades',
  'ConstructionYear',
  'RenovationYear',
  'CadastralIncome',
  'EnergyConsumptionTotal',
  'CO2Emission',
  'ELevel',
  'EPCReference',
  'EPCValidUntil',
  'FloodRisk',
  'FloodZone',
  'RiverbankZone',
  'GScore',
  'PScore',
  'AsbestosType',
  'AsbestosDate',
  'Heating',
  'Glazing',
  'WindowFrame',
  'Kitchen',
  'ComfortInterior',
  'ComfortExterior',
  'RoofMaterial',
  'RoofCondition',
  'BuildingPermit',
  'AllotmentPermit',
  'PreemptionRight',
  'Summons',
  'JudicialDecision',
  'PlanningInformation',
  'AreaApplication',
  'ChargesOwner',
  'ChargesRenter',
  'NotaryFee',
  'RegistrationRights',
  'VAT',
  'Deposit',
  'RenterAgencyCost',
  'InventoryCost',
  'DateFree',
  'LifeAnnuity',
  'MobilityScore',
  'VirtualTour',
];

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`catalogue self-check failed: ${message}`);
}

const ids = (items: { ID: number }[]) => items.map((item) => item.ID).join(', ') || '-';
const tagged = (tag: Tag) =>
  PLAN.filter((plan) => plan.tags.includes(tag))
    .map((plan) => plan.id)
    .join(', ');

export function checkAndSummarise(properties: Property[], cities: { all: City[]; sale: City[]; rent: City[] }): string[] {
  const listings = properties.filter((property) => property.language === 'nl');
  const sale = listings.filter((property) => property.Goal === 0);
  const rent = listings.filter((property) => property.Goal === 1);
  check(properties.length === listings.length * 4, 'every listing has four language records');
  for (const field of GROUP_FIELDS) {
    const filled = listings.filter((property) => property[field] !== null && property[field] !== undefined).length;
    check(filled > 0 && filled < listings.length, `${field} must be filled on some listings and empty on others (filled on ${filled})`);
  }
  const perTown = new Map<string, number>();
  listings.forEach((property) => perTown.set(property.Zip, (perTown.get(property.Zip) ?? 0) + 1));
  check(
    TOWNS.every((place) => (perTown.get(place.zip) ?? 0) > 0),
    'every town has a listing',
  );
  const rentTowns = new Set(rent.map((property) => property.Zip));
  check(rentTowns.size === 4, `exactly 4 rent towns (got ${rentTowns.size})`);
  check(cities.all.length === TOWNS.length * 4, 'cities.all holds every town in 4 languages');
  const labels = (label: string) => sale.filter((property) => property.EPCLabelText === label);
  check(labels('E').length >= 2 && labels('F').length >= 2, 'at least two E and two F labels among sale listings');
  const wallonia = listings.filter((property) => town(PLAN.find((plan) => plan.id === property.ID)?.town ?? '').region === 'wallonia');
  const edges = [45, 85, 170, 255, 340, 425, 510, 0, 511];
  for (const edge of edges)
    check(
      wallonia.some((property) => property.EnergyPerformance === edge),
      `a Walloon listing with EnergyPerformance ${edge}`,
    );
  check(
    wallonia.some((property) => (property.EnergyPerformance ?? 0) < 0),
    'a Walloon listing with a negative EnergyPerformance',
  );
  const noPictures = listings.filter((property) => property.XLargePictureItems.length === 0);
  check(noPictures.length === 1, 'exactly one listing without pictures');
  const sold = listings.filter((property) => property.Status === 2);
  const rented = listings.filter((property) => property.Status === 4);
  check(sold.length >= 3 && rented.length >= 3, 'at least 3 sold and 3 rented listings');
  check(new Set(listings.map((property) => property.ManagerEmail)).size === 4, 'all four agents are used');
  const maxTown = Math.max(...perTown.values());
  const withVideo = (pattern: RegExp) => ids(listings.filter((property) => property.VideoLinks.some((link) => pattern.test(link))));
  return [
    `listings: ${listings.length} (sale ${sale.length}, rent ${rent.length}); records: ${properties.length}`,
    `max listings per town: ${maxTown} (Mons ${perTown.get('7000') ?? 0}, of which sale ${sale.filter((property) => property.Zip === '7000').length})`,
    `rent towns: ${[...rentTowns].join(', ')}; cities all/sale/rent per language: ${cities.all.length / 4}/${cities.sale.length / 4}/${cities.rent.length / 4}`,
    `no pictures: ${ids(noPictures)}`,
    `viager: ${ids(listings.filter((property) => property.LifeAnnuity))}`,
    `price on demand: ${ids(listings.filter((property) => !property.PublishPrice))}`,
    `PriceUnit 7: ${ids(listings.filter((property) => property.PriceUnit === 7))}`,
    `sold (Status 2): ${ids(sold)}; rented (Status 4): ${ids(rented)}`,
    `Marquee 1 new: ${ids(listings.filter((property) => property.Marquee === 1))}; Marquee 2 option: ${ids(listings.filter((property) => property.Marquee === 2))}`,
    `Brussels: ${ids(listings.filter((property) => property.Zip === '1050'))}; Flanders: ${ids(listings.filter((property) => property.Zip === '8500'))}; Luxembourg: ${ids(listings.filter((property) => property.CountryID === 50))}`,
    `videos: youtube ${withVideo(/youtube\.com\/watch/)}; youtu.be ${withVideo(/youtu\.be\//)}; vimeo ${withVideo(/vimeo\.com/)}; facebook ${withVideo(/facebook\.com/)}; mp4 ${withVideo(/\.mp4$/)}; webm ${withVideo(/\.webm$/)}; unrecognised ${withVideo(/not-a-video/)}`,
    `virtual tours: ${listings
      .filter((property) => property.VirtualTour)
      .map((property) => `${property.ID} ${new URL(property.VirtualTour ?? '').hostname}`)
      .join(', ')}`,
    `script injection: ${ids(listings.filter((property) => property.DescriptionA.includes('<script>')))}; link: ${ids(listings.filter((property) => property.DescriptionA.includes('<a href')))}`,
    `long descriptions (1500+): ${ids(properties.filter((property) => property.language === 'en' && property.DescriptionA.length >= 1500))}`,
    `EPC values: ${wallonia
      .filter((property) => typeof property.EnergyPerformance === 'number')
      .map((property) => `${property.ID}=${property.EnergyPerformance}(${property.EPCLabelText})`)
      .join(', ')}`,
    `EPC label only: ${listings
      .filter((property) => property.EnergyPerformance == null && property.EPCLabelText)
      .map((property) => `${property.ID}=${property.EPCLabelText}`)
      .join(', ')}; neither: ${ids(listings.filter((property) => property.EnergyPerformance == null && !property.EPCLabelText))}`,
    `E labels (sale): ${ids(labels('E'))}; F labels (sale): ${ids(labels('F'))}`,
    `documents: ${ids(listings.filter((property) => property.Documents.length > 0))}; POI: ${ids(listings.filter((property) => property.PointsOfInterest.length > 0))}; mobility: ${ids(listings.filter((property) => property.MobilityScore))}`,
    `address hidden: ${ids(listings.filter((property) => !property.PublishAddress))}; no coordinates: ${ids(listings.filter((property) => property.GoogleX == null))}; null fields omitted: ${tagged('omit')}`,
  ];
}
