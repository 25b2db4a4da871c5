import type { DataIssue } from '../data-file';
import { epcLabel, epcLabels, epcLabelText, regionOf, type EpcRegion } from '../epc';
import { belgiumId, countryAt, countryLabel, countryNames, distanceKm, isInCountry, isInProvince, luxembourgId, postcodeRange, provinceOf, type CountryId } from './geography';
import type { CatalogueLanguage, City, Owner, Project, Property, PropertyType, AppointmentSlot } from './schemas';

/*
 * The facts of the catalogue that must agree with each other (issue 14): country, postcode and
 * coordinates; one set of facts per listing in every language; a project's units and their
 * listings; a price that can be shown; labels from closed lists; text where pages print text.
 * Each check says where (file, record, field), what is wrong and what a right value looks like.
 */

type Snapshot = {
  properties: readonly Property[];
  types: readonly PropertyType[];
  cities: { all: readonly City[]; sale: readonly City[]; rent: readonly City[] };
  projects: readonly Project[];
  appointmentSlots: readonly AppointmentSlot[];
  owners: readonly Owner[];
};

const files = {
  properties: 'data/catalogue/properties.json',
  projects: 'data/catalogue/projects.json',
  types: 'data/catalogue/types.json',
  cities: 'data/catalogue/cities.json',
  owners: 'data/catalogue/owners.json',
  slots: 'data/catalogue/appointment-slots.json',
} as const;

type Where = Pick<DataIssue, 'file' | 'record'>;
const at = (file: string, index: number, label: string, list?: string): Where => ({ file, record: { index, label, ...(list ? { list } : {}) } });
const listingAt = (file: string, index: number, record: { ID: number; language: string }) => at(file, index, `ID ${record.ID}, ${record.language}`);

const show = (value: unknown): string => (value === null || value === undefined ? 'empty' : typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

// ---------------------------------------------------------------------------------------------
// Country, postcode, country name

function isCountryId(value: number): value is CountryId {
  return value === belgiumId || value === luxembourgId;
}

const countryWords = `CountryID 10 is Belgium, 50 is Luxembourg`;

function countryNameIssue(where: Where, countryId: CountryId, language: CatalogueLanguage, name: string): DataIssue | undefined {
  const expected = countryNames[countryId][language];
  if (name === expected) return undefined;
  return { ...where, field: 'CountryName', message: `"${name}" does not match CountryID ${countryId} (${countryLabel(countryId)}): in the "${language}" record it is written "${expected}"` };
}

function postcodeIssue(where: Where, countryId: CountryId, zip: string): DataIssue | undefined {
  const [from, to] = postcodeRange[countryId];
  const code = Number(zip);
  if (code >= from && code <= to) return undefined;
  const example = countryId === belgiumId ? '7000 for Mons' : '8001 for Strassen (L-8001, written without "L-")';
  return { ...where, field: 'Zip', message: `"${zip}" is not a ${countryLabel(countryId)} postcode: they run from ${from} to ${to}, such as ${example}` };
}

function countryIssues(snapshot: Snapshot): DataIssue[] {
  const issues: DataIssue[] = [];
  const townCountry = new Map<string, { country: number; name: string }>();
  for (const list of ['all', 'sale', 'rent'] as const) {
    snapshot.cities[list].forEach((city, index) => {
      const where = at(files.cities, index, `${city.Zip} ${city.Name}, ${city.language}`, list);
      const countryId = Number(city.CountryID);
      if (!isCountryId(countryId)) return;
      const name = countryNameIssue(where, countryId, city.language, city.CountryName);
      if (name) issues.push(name);
      const zip = postcodeIssue(where, countryId, city.Zip);
      if (zip) issues.push(zip);
      if (list === 'all') townCountry.set(`${city.Zip}/${city.Name}/${city.language}`, { country: countryId, name: city.Name });
    });
  }
  const allTowns = new Set(snapshot.cities.all.map((city) => `${city.Zip}/${city.Name}/${city.language}`));
  for (const list of ['sale', 'rent'] as const) {
    snapshot.cities[list].forEach((city, index) => {
      if (!allTowns.has(`${city.Zip}/${city.Name}/${city.language}`)) {
        issues.push({
          ...at(files.cities, index, `${city.Zip} ${city.Name}, ${city.language}`, list),
          field: 'Name',
          message: `the town ${city.Zip} ${city.Name} (${city.language}) is in the "${list}" list but not in the "all" list: the search form would offer a town the site does not know; add it to "all" with the same Zip, Name and language, or correct the spelling`,
        });
      }
    });
  }
  const check = (file: string, records: readonly (Property | Project)[]) =>
    records.forEach((record, index) => {
      const where = listingAt(file, index, record);
      const country: CountryId = record.CountryID;
      const name = countryNameIssue(where, country, record.language, record.CountryName);
      if (name) issues.push(name);
      const zip = postcodeIssue(where, country, record.Zip);
      if (zip) issues.push(zip);
      const town = townCountry.get(`${record.Zip}/${record.City}/${record.language}`);
      if (town && town.country !== country && isCountryId(town.country)) {
        issues.push({
          ...where,
          field: 'CountryID',
          message: `CountryID ${country} says ${countryLabel(country)}, but ${record.Zip} ${record.City} is a town of ${countryLabel(town.country)} in cities.json (its CountryID is "${town.country}"): ${countryWords}; use ${town.country}, or the postcode and town of the listing in ${countryLabel(country)}`,
        });
      }
    });
  check(files.properties, snapshot.properties);
  check(files.projects, snapshot.projects);
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Coordinates

/**
 * Near its town: two tests, because neither alone is enough.
 * 1. The province frame of the postcode (geography.ts): works for a town's only listing and
 *    catches a listing placed across the country (a typo in a digit of GoogleX or GoogleY).
 * 2. The town's other listings: the median position of the other listings (one per listing ID)
 *    of the same postcode. When there are at least two of them, a listing more than
 *    `townRadiusKm` away is refused: Belgian municipalities are at most about 15 km across, so
 *    20 km from the middle of the others is out of town, not on its outskirts. A median rather
 *    than a mean, so that one wrong listing does not drag the town towards itself.
 */
const townRadiusKm = 20;
const minOtherListings = 2;

const ranges = {
  [belgiumId]: 'latitude about 49.5–51.5 and longitude about 2.5–6.4',
  [luxembourgId]: 'latitude about 49.45–50.2 and longitude about 5.7–6.5',
} as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

type Placed = { id: number; lat: number; lng: number; zip: string };

function coordinateIssues(file: string, records: readonly (Property | Project)[], townMates: readonly Placed[]): DataIssue[] {
  const issues: DataIssue[] = [];
  // Grouped once: comparing each record with every listing is quadratic, minutes at 5,000 listings in three languages.
  const byZip = new Map<string, Placed[]>();
  for (const mate of townMates) {
    const group = byZip.get(mate.zip);
    if (group) group.push(mate);
    else byZip.set(mate.zip, [mate]);
  }
  records.forEach((record, index) => {
    const lat = record.GoogleX;
    const lng = record.GoogleY;
    if (lat == null || lng == null) return;
    const where = listingAt(file, index, record);
    const country: CountryId = record.CountryID;
    const field = 'GoogleX';
    if (!isInCountry(country, lat, lng)) {
      const elsewhere = countryAt(lat, lng);
      const swapped = countryAt(lng, lat);
      if (swapped !== undefined) {
        issues.push({
          ...where,
          field,
          message: `the coordinates look swapped (GoogleX ${lat}, GoogleY ${lng}): GoogleX is the latitude (about 49.5–51.5 in Belgium), GoogleY the longitude (about 2.5–6.4); write GoogleX ${lng} and GoogleY ${lat}`,
        });
      } else if (elsewhere !== undefined) {
        issues.push({
          ...where,
          field,
          message: `the coordinates (GoogleX ${lat}, GoogleY ${lng}) are in ${countryLabel(elsewhere)}, but CountryID ${country} says ${countryLabel(country)}: ${countryWords}; correct the one that is wrong`,
        });
      } else {
        issues.push({
          ...where,
          field,
          message: `the coordinates (GoogleX ${lat}, GoogleY ${lng}) are outside ${countryLabel(country)}: GoogleX is the latitude and GoogleY the longitude, in ${countryLabel(country)} ${ranges[country]}`,
        });
      }
      return;
    }
    if (country === belgiumId) {
      const province = provinceOf(record.Zip);
      if (province && !isInProvince(province, lat, lng)) {
        issues.push({
          ...where,
          field,
          message: `the coordinates (GoogleX ${lat}, GoogleY ${lng}) are far from ${record.Zip} ${record.City}: postcode ${record.Zip} is in ${province.name}, which lies between latitude ${province.box.south}–${province.box.north} and longitude ${province.box.west}–${province.box.east}; copy the position of the address from a map`,
        });
        return;
      }
    }
    // By postcode: the town's name changes with the language (Bergen, Mons), its postcode does not.
    const others = (byZip.get(record.Zip) ?? []).filter((other) => other.id !== record.ID);
    if (others.length < minOtherListings) return;
    const centre = { lat: median(others.map((other) => other.lat)), lng: median(others.map((other) => other.lng)) };
    const distance = distanceKm({ lat, lng }, centre);
    if (distance > townRadiusKm) {
      issues.push({
        ...where,
        field,
        message: `the coordinates (GoogleX ${lat}, GoogleY ${lng}) are ${Math.round(distance)} km from the other listings of ${record.Zip} ${record.City} (around GoogleX ${centre.lat.toFixed(4)}, GoogleY ${centre.lng.toFixed(4)}); a listing should be within ${townRadiusKm} km of its town: copy the position of the address from a map`,
      });
    }
  });
  return issues;
}

/** One position per listing ID and town, for the town medians (the language records share it). */
function placedListings(properties: readonly Property[]): Placed[] {
  const seen = new Set<number>();
  const placed: Placed[] = [];
  for (const property of properties) {
    if (seen.has(property.ID) || property.GoogleX == null || property.GoogleY == null) continue;
    seen.add(property.ID);
    placed.push({ id: property.ID, lat: property.GoogleX, lng: property.GoogleY, zip: property.Zip });
  }
  return placed;
}

// ---------------------------------------------------------------------------------------------
// One set of facts per listing, whatever the language

/** Facts that do not depend on the language: every language record of a listing must hold the same. */
const listingFacts = [
  'Price',
  'PublishPrice',
  'Goal',
  'Status',
  'PriceUnit',
  'Marquee',
  'ProjectID',
  'WebID',
  'WebIDs',
  'Street',
  'HouseNumber',
  'BoxNr',
  'Zip',
  'CountryID',
  'GoogleX',
  'GoogleY',
  'PublishAddress',
  'NumberOfBedRooms',
  'NumberOfBathRooms',
  'NumberOfShowerRooms',
  'NumberOfToilets',
  'NumberOfGarages',
  'NumberOfParkings',
  'NumberOfFloors',
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
  'EnergyPerformance',
  'EPCLabelText',
  'EnergyConsumptionTotal',
  'CO2Emission',
  'ELevel',
  'EPCReference',
  'EPCValidUntil',
  'GScore',
  'PScore',
  'RiverbankZone',
  'BuildingPermit',
  'AllotmentPermit',
  'PreemptionRight',
  'Summons',
  'JudicialDecision',
  'ChargesOwner',
  'ChargesRenter',
  'NotaryFee',
  'RegistrationRights',
  'VAT',
  'Deposit',
  'RenterAgencyCost',
  'InventoryCost',
  'LifeAnnuity',
  'VideoLinks',
  'VirtualTour',
  'ManagerName',
  'ManagerEmail',
  'ManagerDirectPhone',
  'ManagerMobilePhone',
  'DateFree',
] as const satisfies readonly (keyof Property)[];

const projectFacts = [
  'Street',
  'HouseNumber',
  'BoxNr',
  'Zip',
  'CountryID',
  'GoogleX',
  'GoogleY',
  'PublicAddress',
  'ExternalWeb',
  'ManagerEmail',
  'Units',
] as const satisfies readonly (keyof Project)[];

/** The first place where two values differ, as a field path below them ("" when the values differ as a whole). */
function firstDifference(a: unknown, b: unknown): string[] | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a) && Array.isArray(b) ? (a.length === b.length ? a.map((_, index) => String(index)) : []) : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const below = firstDifference(Reflect.get(a, key), Reflect.get(b, key));
      if (below) return [key, ...below];
    }
  }
  return [];
}

const valueAt = (root: unknown, keys: readonly string[]): unknown =>
  keys.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? Reflect.get(current, key) : undefined), root);

const brief = (value: unknown): string => {
  const json = JSON.stringify(value ?? null);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
};

function agreementIssues<R extends { ID: number; language: string }>(file: string, records: readonly R[], fields: readonly (keyof R & string)[], what: string): DataIssue[] {
  const issues: DataIssue[] = [];
  const byId = new Map<number, number[]>();
  records.forEach((record, index) => byId.set(record.ID, [...(byId.get(record.ID) ?? []), index]));
  for (const [id, indexes] of byId) {
    if (indexes.length < 2) continue;
    for (const field of fields) {
      const values = indexes.map((index) => records[index]?.[field] ?? null);
      const texts = values.map((value) => JSON.stringify(value));
      const counts = new Map<string, number>();
      for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
      if (counts.size < 2) continue;
      // The value most records hold is taken as the intended one; on a tie every record is named.
      const top = Math.max(...counts.values());
      const winners = [...counts].filter(([, count]) => count === top);
      const referenceText = winners.length === 1 ? winners[0]?.[0] : undefined;
      const referenceAt = referenceText === undefined ? 0 : texts.indexOf(referenceText);
      indexes.forEach((index, position) => {
        const record = records[index];
        if (!record || texts[position] === referenceText) return;
        // A list such as a project's Units is named down to the item and field that differ.
        const other = position === referenceAt ? values.find((_, at) => texts[at] !== texts[position]) : values[referenceAt];
        const below = firstDifference(values[position], other) ?? [];
        const name = [field, ...below].join('.');
        const summary = indexes.map((at, p) => `${records[at]?.language} ${brief(valueAt(values[p], below))}`).join(', ');
        issues.push({
          ...listingAt(file, index, record),
          field: name,
          message: `${name} differs between the language records of ${what} ${id} (${summary}): it is one fact, the same in every language; make all ${indexes.length} records say the same${referenceText !== undefined ? ` (the others say ${brief(valueAt(values[referenceAt], below))})` : ''}`,
        });
      });
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Listings: price, status, EPC label; projects and their units

/** Below this a published price is a typo (a sale at "295" for 295 000) or a placeholder. */
const minimumPrice = { sale: 1000, rent: 10 } as const;

function listingIssues(snapshot: Snapshot): DataIssue[] {
  const issues: DataIssue[] = [];
  const typeFlags = new Map(snapshot.types.map((type) => [`${type.WebID}/${type.language}`, type]));
  const projectsById = new Map<number, Project>();
  for (const project of snapshot.projects) projectsById.set(project.ID, project);
  snapshot.properties.forEach((property, index) => {
    const where = listingAt(files.properties, index, property);
    const sale = property.Goal === 0;
    const least = sale ? minimumPrice.sale : minimumPrice.rent;
    if (property.PublishPrice && property.Price < least) {
      issues.push({
        ...where,
        field: 'Price',
        message:
          property.Price === 0
            ? 'a price of 0 would be shown as "€ 0": write the price as a whole number such as 295000, or set PublishPrice to false to show "price on request"'
            : `a ${sale ? 'sale' : 'monthly rent'} price of ${property.Price} euro would be shown as it is: write the full price in euro as a whole number such as ${sale ? '295000' : '850'}, or set PublishPrice to false to show "price on request"`,
      });
    }
    if ((property.Status === 2 && !sale) || (property.Status === 4 && sale)) {
      issues.push({
        ...where,
        field: 'Status',
        message: `Status ${property.Status} (${property.Status === 2 ? 'sold' : 'rented'}) does not fit Goal ${property.Goal} (${sale ? 'for sale' : 'for rent'}): a listing for sale is 1 (on offer) or 2 (sold), a listing for rent 1 (on offer) or 4 (rented)`,
      });
    }
    if (!sale) {
      for (const field of ['NotaryFee', 'RegistrationRights', 'LifeAnnuity'] as const) {
        if (property[field] != null)
          issues.push({ ...where, field, message: `a listing for rent (Goal 1) has no ${field}: it is shown with sale prices only; set it to null, or set Goal to 0 if the listing is for sale` });
      }
    }
    property.WebIDs.split(',').forEach((webId) => {
      const type = typeFlags.get(`${webId}/${property.language}`);
      if (type && !(sale ? type.Sale : type.Rent)) {
        issues.push({
          ...where,
          field: 'WebIDs',
          message: `type ${webId} ("${type.Name}") is not offered ${sale ? 'for sale' : 'for rent'} in types.json (its ${sale ? 'Sale' : 'Rent'} is false), so the listing could not be found by its type; pick a type offered ${sale ? 'for sale' : 'for rent'} or change the type in types.json`,
        });
      }
    });
    if (property.EPCLabelText != null) {
      let region: EpcRegion | undefined;
      try {
        region = regionOf(property.Zip, property.CountryID);
      } catch {
        region = undefined;
      }
      if (region && epcLabel(region, null, property.EPCLabelText) === undefined) {
        const known = epcLabels[region].map(epcLabelText).join(', ');
        issues.push({
          ...where,
          field: 'EPCLabelText',
          message: `"${property.EPCLabelText}" is not an energy label of ${regionName[region]}, where the labels are ${known}; write one of them, or null when there is no certificate`,
        });
      }
    }
    if (property.ProjectID != null) {
      const project = projectsById.get(property.ProjectID);
      if (!project) issues.push({ ...where, field: 'ProjectID', message: `there is no project ${property.ProjectID} in projects.json; write the ID of the project or null` });
      else if (!project.Units.some((unit) => unit.PropertyID === property.ID)) {
        issues.push({
          ...where,
          field: 'ProjectID',
          message: `project ${property.ProjectID} has no unit with PropertyID ${property.ID} in projects.json: add the unit to the project, or set ProjectID to null`,
        });
      }
    }
  });

  const listings = new Map<string, Property>();
  for (const property of snapshot.properties) listings.set(`${property.ID}/${property.language}`, property);
  snapshot.projects.forEach((project, index) => {
    const where = listingAt(files.projects, index, project);
    project.Units.forEach((unit, position) => {
      const listing = listings.get(`${unit.PropertyID}/${project.language}`);
      if (!listing) return;
      const listingSold = listing.Status !== 1;
      if (unit.Sold !== listingSold) {
        issues.push({
          ...where,
          field: `Units.${position}.Sold`,
          message: `unit "${unit.Name}" is ${unit.Sold ? 'sold (Sold true)' : 'available (Sold false)'} but its listing ${listing.ID} has Status ${listing.Status} (${statusName(listing.Status)}) in properties.json: the project page and the listing page would disagree; write Sold ${listingSold} or change the listing's Status`,
        });
      }
      if (listing.PublishPrice && unit.Price !== listing.Price) {
        issues.push({
          ...where,
          field: `Units.${position}.Price`,
          message: `unit "${unit.Name}" costs ${unit.Price} but its listing ${listing.ID} says ${listing.Price} in properties.json: write the same price in both`,
        });
      }
      if (listing.ProjectID !== project.ID) {
        issues.push({
          ...where,
          field: `Units.${position}.PropertyID`,
          message: `listing ${listing.ID} is a unit of this project but its ProjectID in properties.json is ${show(listing.ProjectID)}: set it to ${project.ID}`,
        });
      }
    });
  });
  return issues;
}

const regionName: Record<EpcRegion, string> = { flanders: 'Flanders', brussels: 'Brussels', wallonia: 'Wallonia', luxembourg: 'Luxembourg' };
const statusName = (status: number) => (status === 1 ? 'on offer' : status === 2 ? 'sold' : 'rented');

// ---------------------------------------------------------------------------------------------
// Types, cities, appointment slots

function typeAndSlotIssues(snapshot: Snapshot, languages: readonly CatalogueLanguage[]): DataIssue[] {
  const issues: DataIssue[] = [];
  const typeLanguages = new Map<string, Set<string>>();
  for (const type of snapshot.types) typeLanguages.set(type.WebID, (typeLanguages.get(type.WebID) ?? new Set()).add(type.language));
  for (const [webId, present] of typeLanguages) {
    const missing = languages.filter((language) => !present.has(language));
    if (missing.length > 0)
      issues.push({ file: files.types, message: `type WebID "${webId}" has no record in ${missing.join(', ')}: the search form would show no name for it there; add one record per language` });
  }
  snapshot.appointmentSlots.forEach((slot, index) => {
    const where = at(files.slots, index, `ID ${slot.ID}`);
    for (const field of ['Start', 'End'] as const) {
      if (!slot[field].includes('T')) issues.push({ ...where, field, message: `"${slot[field]}" has no time: a visit slot needs a date and a time, such as 2026-11-04T16:30:00` });
    }
    if (slot.Start.slice(0, 10) !== slot.End.slice(0, 10)) {
      issues.push({
        ...where,
        field: 'End',
        message: `the slot starts on ${slot.Start.slice(0, 10)} and ends on ${slot.End.slice(0, 10)}: a visit slot starts and ends on the same day, such as 2026-11-04T16:30:00 to 2026-11-04T17:00:00`,
      });
    }
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Text fields hold text; link fields hold https links

/*
 * Pages print these fields as text (React escapes them), so markup shows up as "<b>" on the page
 * and a web address is not a link. DescriptionA is HTML on purpose: it goes through
 * lib/html/sanitize at render, which keeps only harmless markup, so it is not checked here.
 */
const markup = /<\s*\/?\s*[a-z!?]|&(?:#\d+|#x[0-9a-f]+|[a-z]{2,8});/i;
const address = /\b(?:https?|ftp|javascript|data|vbscript):|\bwww\.[a-z0-9-]+\./i;

export function textProblem(value: string): string | undefined {
  if (markup.test(value)) return 'holds HTML markup (such as <b>, <br> or &amp;), which the page would print as it is: write plain text only';
  if (address.test(value)) return 'holds a web address: this field is printed as plain text, so the address would not be a link; write plain text only';
  return undefined;
}

/** A path such as "PointsOfInterest.*.Name": "*" walks every item of a list. */
function valuesAt(root: unknown, pattern: string): Array<{ field: string; value: string }> {
  let current: Array<{ field: string; value: unknown }> = [{ field: '', value: root }];
  for (const key of pattern.split('.')) {
    const next: Array<{ field: string; value: unknown }> = [];
    for (const { field, value } of current) {
      if (value === null || typeof value !== 'object') continue;
      if (key === '*' && Array.isArray(value)) value.forEach((item, index) => next.push({ field: field ? `${field}.${index}` : String(index), value: item }));
      else if (key !== '*') next.push({ field: field ? `${field}.${key}` : key, value: Reflect.get(value, key) });
    }
    current = next;
  }
  return current.flatMap(({ field, value }) => (typeof value === 'string' ? [{ field, value }] : []));
}

const pictureNames = ['SmallPictureItem.Name', 'XLargePictureItem.Name', 'SmallPictureItems.*.Name', 'XLargePictureItems.*.Name'];

const textFields = {
  properties: [
    'TypeDescription',
    'MainTypeName',
    'MarqueeName',
    'PriceUnitText',
    'Street',
    'HouseNumber',
    'BoxNr',
    'City',
    'CountryName',
    'RecordFile',
    'Heating',
    'Glazing',
    'WindowFrame',
    'Kitchen',
    'ComfortInterior',
    'ComfortExterior',
    'RoofMaterial',
    'RoofCondition',
    'FloodRisk',
    'FloodZone',
    'AsbestosType',
    'PlanningInformation',
    'AreaApplication',
    'EPCLabelText',
    'EPCReference',
    'ManagerName',
    'ManagerDirectPhone',
    'ManagerMobilePhone',
    'Documents.*.Name',
    'PointsOfInterest.*.Category',
    'PointsOfInterest.*.Name',
    'MobilityScore.Categories.*.Name',
    ...pictureNames,
  ],
  projects: ['Name', 'Street', 'HouseNumber', 'BoxNr', 'City', 'CountryName', 'Units.*.Name', ...pictureNames],
  types: ['Name'],
  cities: ['Name', 'CountryName'],
  owners: [
    'FirstName',
    'LastName',
    'History.*.Calendar.*.Type',
    'History.*.Calendar.*.Subject',
    'History.*.Calendar.*.Status',
    'History.*.Communications.*.Type',
    'History.*.Communications.*.Contact',
    'History.*.Communications.*.Subject',
    'History.*.Communications.*.Comment',
    'History.*.Communications.*.Status',
    'History.*.OnlineMedia.*.Name',
    'History.*.Sources.*.Name',
  ],
} as const;

/** Fields holding a link a visitor follows or a player loads: https only. */
const linkFields = {
  properties: ['VirtualTour', 'VideoLinks.*'],
  projects: ['ExternalWeb'],
  owners: ['History.*.OnlineMedia.*.Url'],
} as const;

function linkProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a full web address: write it as it appears in the browser, starting with https://, such as https://www.youtube.com/watch?v=…`;
  }
  if (url.protocol !== 'https:')
    return `"${value}" starts with ${url.protocol}//: only secure https:// links are allowed (browsers block the others on the site); write https://${url.host}${url.pathname}${url.search}`;
  return undefined;
}

function fieldIssues<R>(file: string, records: readonly R[], where: (record: R, index: number) => Where, text: readonly string[], links: readonly string[]): DataIssue[] {
  const issues: DataIssue[] = [];
  records.forEach((record, index) => {
    for (const pattern of text) {
      for (const { field, value } of valuesAt(record, pattern)) {
        const problem = textProblem(value);
        if (problem) issues.push({ ...where(record, index), field, message: `${show(value.length > 80 ? `${value.slice(0, 77)}...` : value)} ${problem}` });
      }
    }
    for (const pattern of links) {
      for (const { field, value } of valuesAt(record, pattern)) {
        const problem = linkProblem(value);
        if (problem) issues.push({ ...where(record, index), field, message: problem });
      }
    }
  });
  return issues;
}

function textIssues(snapshot: Snapshot): DataIssue[] {
  const listing = (file: string) => (record: { ID: number; language: string }, index: number) => listingAt(file, index, record);
  return [
    ...fieldIssues(files.properties, snapshot.properties, listing(files.properties), textFields.properties, linkFields.properties),
    ...fieldIssues(files.projects, snapshot.projects, listing(files.projects), textFields.projects, linkFields.projects),
    ...fieldIssues(files.types, snapshot.types, (type, index) => at(files.types, index, `ID ${type.ID}, ${type.language}`), textFields.types, []),
    ...(['all', 'sale', 'rent'] as const).flatMap((list) =>
      fieldIssues(files.cities, snapshot.cities[list], (city, index) => at(files.cities, index, `${city.Zip} ${city.Name}, ${city.language}`, list), textFields.cities, []),
    ),
    ...fieldIssues(files.owners, snapshot.owners, (owner, index) => at(files.owners, index, `ID ${owner.ID}`), textFields.owners, linkFields.owners),
  ];
}

/** Every cross-check of the catalogue on its own (pictures are lib/catalogue/pictures). */
export function factIssues(snapshot: Snapshot, languages: readonly CatalogueLanguage[]): DataIssue[] {
  const placed = placedListings(snapshot.properties);
  return [
    ...countryIssues(snapshot),
    ...coordinateIssues(files.properties, snapshot.properties, placed),
    ...coordinateIssues(files.projects, snapshot.projects, placed),
    ...agreementIssues(files.properties, snapshot.properties, listingFacts, 'listing'),
    ...agreementIssues(files.projects, snapshot.projects, projectFacts, 'project'),
    ...listingIssues(snapshot),
    ...typeAndSlotIssues(snapshot, languages),
    ...textIssues(snapshot),
  ];
}
