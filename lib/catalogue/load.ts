import { catalogueFileSchemas, catalogueLanguages, propertySchema, type AppointmentSlot, type City, type Owner, type Project, type Property, type PropertyType } from './schemas';
import { DataValidationError, duplicateIssues, readDataFile, readRecordsFile, resolveDataDir, type DataIssue } from '../data-file';
import { catalogueFolder, pinCatalogueDir } from './source-dir';
import { documentIssues } from './documents';
import { factIssues } from './checks';
import { flemishAdvertWarnings } from './flemish-advert';
import { checkPictures, projectWithoutMissingPictures, propertyWithoutMissingPictures } from './pictures';
import { getSite } from '../config';
import { optionMarqueesOf } from './listing-view';
import { storeListings, type ListingStore } from './listing-store';

/*
 * The only module that reads the catalogue's files (data/catalogue, or the folder source-dir.ts
 * names). It validates each file with its schema, then the relations between files, and hands out
 * the snapshot once per process.
 */

const catalogueDisplayDir = 'data/catalogue';

export type CatalogueSnapshot = {
  properties: Property[];
  types: PropertyType[];
  cities: { all: City[]; sale: City[]; rent: City[] };
  projects: Project[];
  appointmentSlots: AppointmentSlot[];
  owners: Owner[];
};

export type CatalogueResult = { ok: true; snapshot: CatalogueSnapshot; warnings: DataIssue[] } | { ok: false; issues: DataIssue[] };

/** Where the files the data names live (pictures under public/catalogue); tests point it at a copy. */
export type ReadOptions = { publicDir?: string };

const file = (name: keyof typeof catalogueFileSchemas) => `${catalogueDisplayDir}/${name}`;
const listingLabel = (record: { ID: number; language: string }) => `ID ${record.ID}, ${record.language}`;

function relationIssues(snapshot: CatalogueSnapshot): DataIssue[] {
  const issues: DataIssue[] = [];
  const { properties, types, cities, projects, appointmentSlots, owners } = snapshot;

  issues.push(...duplicateIssues(file('properties.json'), properties, (p) => `${p.ID}/${p.language}`, listingLabel));
  issues.push(
    ...duplicateIssues(
      file('types.json'),
      types,
      (t) => `${t.WebID}/${t.language}`,
      (t) => `WebID ${t.WebID}, ${t.language}`,
    ),
  );
  issues.push(...duplicateIssues(file('projects.json'), projects, (p) => `${p.ID}/${p.language}`, listingLabel));
  issues.push(
    ...duplicateIssues(
      file('appointment-slots.json'),
      appointmentSlots,
      (s) => String(s.ID),
      (s) => `ID ${s.ID}`,
    ),
  );
  issues.push(
    ...duplicateIssues(
      file('owners.json'),
      owners,
      (o) => String(o.ID),
      (o) => `ID ${o.ID}`,
    ),
  );
  issues.push(
    ...duplicateIssues(
      file('owners.json'),
      owners,
      (o) => o.Email.toLowerCase(),
      (o) => `ID ${o.ID}, ${o.Email}`,
    ),
  );
  for (const list of ['all', 'sale', 'rent'] as const) {
    issues.push(
      ...duplicateIssues(
        file('cities.json'),
        cities[list],
        (c) => `${c.Zip}/${c.Name}/${c.language}`,
        (c) => `${c.Zip} ${c.Name}, ${c.language}`,
        list,
      ),
    );
  }

  const webIds = new Set(types.map((t) => Number(t.WebID)));
  const towns = new Set(cities.all.map((c) => `${c.Zip}/${c.Name}/${c.language}`));
  const languagesById = new Map<number, Set<string>>();
  properties.forEach((property, index) => {
    const record = { index, label: listingLabel(property) };
    if (!webIds.has(property.WebID)) {
      issues.push({ file: file('properties.json'), record, field: 'WebID', message: `unknown WebID ${property.WebID}; types.json defines ${[...webIds].sort((a, b) => a - b).join(', ')}` });
    }
    property.WebIDs.split(',').forEach((webId, position) => {
      if (!webIds.has(Number(webId))) issues.push({ file: file('properties.json'), record, field: `WebIDs[${position}]`, message: `unknown WebID ${webId}` });
    });
    if (!property.WebIDs.split(',').includes(String(property.WebID))) {
      issues.push({ file: file('properties.json'), record, field: 'WebIDs', message: `must include the main WebID ${property.WebID}` });
    }
    // Postcode ranges per country: lib/catalogue/checks.ts.
    if (!towns.has(`${property.Zip}/${property.City}/${property.language}`)) {
      const known = cities.all.filter((c) => c.language === property.language && (c.Zip === property.Zip || c.Name.toLowerCase() === property.City.toLowerCase()));
      const hint =
        known.length > 0
          ? `; cities.json has ${known
              .slice(0, 4)
              .map((c) => `${c.Zip} ${c.Name}`)
              .join(', ')}`
          : '';
      issues.push({
        file: file('properties.json'),
        record,
        field: 'City',
        message: `the town "${property.Zip} ${property.City}" (${property.language}) is not in the "all" list of cities.json${hint}: correct Zip and City, or add the town to cities.json`,
      });
    }
    const languages = languagesById.get(property.ID) ?? new Set<string>();
    languages.add(property.language);
    languagesById.set(property.ID, languages);
  });
  for (const [id, languages] of languagesById) {
    const missing = catalogueLanguages.filter((language) => !languages.has(language));
    if (missing.length > 0) issues.push({ file: file('properties.json'), message: `listing ID ${id} has no record in ${missing.join(', ')}: every listing needs one record per language` });
  }

  const listingIds = new Set(properties.map((p) => p.ID));
  projects.forEach((project, index) => {
    project.Units.forEach((unit, unitIndex) => {
      if (!listingIds.has(unit.PropertyID)) {
        issues.push({ file: file('projects.json'), record: { index, label: listingLabel(project) }, field: `Units.${unitIndex}.PropertyID`, message: `unknown property ID ${unit.PropertyID}` });
      }
    });
  });
  appointmentSlots.forEach((slot, index) => {
    if (!listingIds.has(slot.PropertyID))
      issues.push({ file: file('appointment-slots.json'), record: { index, label: `ID ${slot.ID}` }, field: 'PropertyID', message: `unknown property ID ${slot.PropertyID}` });
  });
  owners.forEach((owner, index) => {
    owner.PropertyIDs.forEach((propertyId, position) => {
      if (!listingIds.has(propertyId))
        issues.push({ file: file('owners.json'), record: { index, label: `ID ${owner.ID}` }, field: `PropertyIDs.${position}`, message: `unknown property ID ${propertyId}` });
    });
    owner.History.forEach((history, position) => {
      if (!owner.PropertyIDs.includes(history.PropertyID)) {
        issues.push({
          file: file('owners.json'),
          record: { index, label: `ID ${owner.ID}` },
          field: `History.${position}.PropertyID`,
          message: `property ${history.PropertyID} is not among this owner's PropertyIDs`,
        });
      }
    });
  });
  return issues;
}

/** Reads and validates every file of the catalogue folder, collecting all problems before failing. */
export function readCatalogue(given?: string, options: ReadOptions = {}): CatalogueResult {
  const folder = given === undefined ? catalogueFolder() : { ok: true as const, dir: given };
  if (!folder.ok) return { ok: false, issues: [{ file: 'var/catalogue/current', message: folder.problem }] };
  const { dir } = folder;
  const publicDir = options.publicDir ?? resolveDataDir(undefined, 'public');
  const schemas = catalogueFileSchemas;
  const results = {
    // The one file that grows with the catalogue (124 MB at 5,000 listings) is read record by record.
    properties: readRecordsFile(dir, catalogueDisplayDir, 'properties.json', propertySchema),
    types: readDataFile(dir, catalogueDisplayDir, 'types.json', schemas['types.json']),
    cities: readDataFile(dir, catalogueDisplayDir, 'cities.json', schemas['cities.json']),
    projects: readDataFile(dir, catalogueDisplayDir, 'projects.json', schemas['projects.json']),
    appointmentSlots: readDataFile(dir, catalogueDisplayDir, 'appointment-slots.json', schemas['appointment-slots.json']),
    owners: readDataFile(dir, catalogueDisplayDir, 'owners.json', schemas['owners.json']),
  };
  const fileIssues = Object.values(results).flatMap((result) => (result.ok ? [] : result.issues));
  if (!results.properties.ok || !results.types.ok || !results.cities.ok || !results.projects.ok || !results.appointmentSlots.ok || !results.owners.ok) {
    return { ok: false, issues: fileIssues };
  }
  const snapshot: CatalogueSnapshot = {
    properties: results.properties.data,
    types: results.types.data,
    cities: results.cities.data,
    projects: results.projects.data,
    appointmentSlots: results.appointmentSlots.data,
    owners: results.owners.data,
  };
  const pictures = checkPictures(
    [
      { file: file('properties.json'), list: snapshot.properties },
      { file: file('projects.json'), list: snapshot.projects },
    ],
    publicDir,
  );
  const issues = [...relationIssues(snapshot), ...documentIssues(snapshot.properties, dir, file('properties.json')), ...factIssues(snapshot, catalogueLanguages), ...pictures.issues];
  if (issues.length > 0) return { ok: false, issues };
  // A missing picture file is left out everywhere at once: the pages read only this snapshot.
  const shown: CatalogueSnapshot = {
    ...snapshot,
    properties: snapshot.properties.map((property) => propertyWithoutMissingPictures(property, pictures.missing)),
    projects: snapshot.projects.map((project) => projectWithoutMissingPictures(project, pictures.missing)),
  };
  return { ok: true, snapshot: shown, warnings: [...pictures.warnings, ...flemishAdvertWarnings(snapshot.properties, file('properties.json'))] };
}

/**
 * What a process keeps of the catalogue: the small files whole, the listings as a store of
 * summaries and compressed records (listing-store.ts), never the records themselves.
 */
export type KeptCatalogue = Omit<CatalogueSnapshot, 'properties'> & { listings: ListingStore };

declare global {
  // Next.js bundles the proxy apart from the pages, each with its own copy of this module, in one
  // server process: a module variable would hold the catalogue twice. The process-wide slot lets
  // both read the same one.
  var agencyCatalogue: KeptCatalogue | undefined;
}

/** The site config's marquee table, whose option marquees the listing store needs. */
type MarqueeTable = Parameters<typeof optionMarqueesOf>[0];

/** A checked snapshot as a process keeps it: its listings in their store (the snapshot's array emptied). */
export function keptCatalogueOf(snapshot: CatalogueSnapshot, marquees: MarqueeTable): KeptCatalogue {
  const { properties, ...files } = snapshot;
  return { ...files, listings: storeListings(properties, optionMarqueesOf(marquees)) };
}

/**
 * Keeps a snapshot the data check has just read from the default folders as the process's
 * catalogue: `next start` checks the data in the server's process before it serves, and reading
 * 5,000 listings a second time on the first request costs seconds and a few hundred MB of
 * garbage. The records go into the listing store at once, so the check's snapshot (about 100 MB
 * of records at 5,000 listings) is garbage as soon as the check returns.
 */
export function keepCatalogue(snapshot: CatalogueSnapshot, marquees: MarqueeTable): void {
  globalThis.agencyCatalogue ??= keptCatalogueOf(snapshot, marquees);
}

/**
 * Serves another version from now on (the live reload, lib/server/catalogue-reload.ts): the kept
 * catalogue every bundle of the process reads, and the folder its documents come from. The caches
 * keyed by the kept catalogue (index.ts, list-page.ts, the proxy's shared answers) renew with it.
 */
export function serveCatalogue(kept: KeptCatalogue, dir: string): void {
  globalThis.agencyCatalogue = kept;
  pinCatalogueDir(dir);
}

/** The catalogue this process serves now, as an identity: what a cache of answers built from it is kept for. */
export function servedCatalogue(): object | undefined {
  return globalThis.agencyCatalogue;
}

/** The validated catalogue, read once per process; throws a DataValidationError naming every problem. */
export function loadCatalogue(): KeptCatalogue {
  if (globalThis.agencyCatalogue) return globalThis.agencyCatalogue;
  const result = readCatalogue();
  if (!result.ok) throw new DataValidationError(result.issues);
  // The option marquees are the site config's: read here, when the pages need the catalogue, not
  // in readCatalogue, which reports a bad config instead of failing on it.
  const kept = keptCatalogueOf(result.snapshot, getSite().marquees);
  globalThis.agencyCatalogue = kept;
  return kept;
}
