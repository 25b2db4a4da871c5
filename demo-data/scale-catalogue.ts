/*
 * tsx --tsconfig demo-data/tsconfig.json demo-data/scale-catalogue.ts <count> <out-dir>
 * Writes a catalogue of about <count> listings per language into <out-dir> (the folder
 * CATALOGUE_DIR then names), for measuring the site at scale (npm run bench). The shipped
 * listings stay as they are; copies of them, in turn, fill up to <count>, each with a new ID, in its
 * original's town and type, a few hundred metres away and at a slightly different price. A copy
 * keeps its original's picture and document URLs, so it needs no new files: the pictures are those
 * of public/catalogue, the documents folder is copied once. Owners, viewing slots and projects'
 * units stay as shipped (a copy belongs to no project). A copy was last changed on a day of its own in
 * the month before its original (not before it was created), as the listings of a real agency: with
 * its original's date, every copy of the newest listing fell in an incremental pull's overlap and was
 * read again by each one (bench:sync). The same count gives the same files.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readCatalogue, type CatalogueSnapshot } from '../lib/catalogue/load';
import type { City, Property } from '../lib/catalogue/schemas';
import { dataFileText } from '../lib/data-check/json-schemas';
import { formatDataIssues } from '../lib/data-file';

const root = process.cwd();
if (!existsSync(join(root, 'lib/catalogue/schemas.ts'))) throw new Error('run the scale generator from the project root');

const [countArgument, outArgument] = process.argv.slice(2);
const count = Number(countArgument);
if (!Number.isInteger(count) || count < 1 || !outArgument) {
  console.error('usage: tsx --tsconfig demo-data/tsconfig.json demo-data/scale-catalogue.ts <count> <out-dir>');
  process.exit(1);
}
const outDir = resolve(root, outArgument);
const shippedDir = join(root, 'data/catalogue');

/** Above every shipped listing ID (4000001…) and apart from the projects' (5000001…). */
const firstCopyId = 4_100_001;

/** A number in [0, 1) fixed by the copy and the purpose, so that every language record of a copy agrees. */
function fraction(copyId: number, purpose: number): number {
  let x = Math.imul(copyId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(purpose + 1, 0xc2b2ae35);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/** Within about 150 m: far enough apart on a map, close enough to stay in the town (and its province). */
const nudge = (value: number | null | undefined, copyId: number, purpose: number) => (value == null ? value : Math.round((value + (fraction(copyId, purpose) - 0.5) * 0.002) * 1e6) / 1e6);

/** ±10 %, rounded as an agency writes prices. */
function priceOf(original: Property, copyId: number): number {
  const step = original.Goal === 0 ? 1000 : 10;
  return Math.max(step, Math.round((original.Price * (0.9 + fraction(copyId, 3) * 0.2)) / step) * step);
}

/** Up to 30 days before the original's, to the second; never before the listing was created. */
function lastChangedOf(original: Property, copyId: number): string {
  const earlier = new Date(Date.parse(`${original.LastChangedDate}Z`) - Math.round(fraction(copyId, 4) * 30 * 24 * 3600) * 1000 - 60_000).toISOString().slice(0, 19);
  return earlier < original.CreatedDate ? original.CreatedDate : earlier;
}

function copyOf(original: Property, copyId: number): Property {
  return {
    ...original,
    ID: copyId,
    Price: priceOf(original, copyId),
    LastChangedDate: lastChangedOf(original, copyId),
    GoogleX: nudge(original.GoogleX, copyId, 1),
    GoogleY: nudge(original.GoogleY, copyId, 2),
    // The projects list their units; a copy is not one of them.
    ProjectID: null,
  };
}

function scaledProperties(shipped: readonly Property[]): Property[] {
  const byId = new Map<number, Property[]>();
  for (const record of shipped) byId.set(record.ID, [...(byId.get(record.ID) ?? []), record]);
  const originals = [...byId.values()];
  const copies: Property[] = [];
  for (let index = 0; originals.length + index < count; index += 1) {
    const records = originals[index % originals.length] ?? [];
    copies.push(...records.map((record) => copyOf(record, firstCopyId + index)));
  }
  return [...shipped, ...copies];
}

/** PropertyCount is informational; kept true so that the file reads like a real export. */
function countedCities(cities: CatalogueSnapshot['cities'], properties: readonly Property[]): CatalogueSnapshot['cities'] {
  const counts = { all: new Map<string, number>(), sale: new Map<string, number>(), rent: new Map<string, number>() };
  for (const property of properties) {
    const key = `${property.Zip}/${property.City}/${property.language}`;
    for (const list of ['all', property.Goal === 0 ? 'sale' : 'rent'] as const) counts[list].set(key, (counts[list].get(key) ?? 0) + 1);
  }
  const recount =
    (list: 'all' | 'sale' | 'rent') =>
    (city: City): City => ({ ...city, PropertyCount: counts[list].get(`${city.Zip}/${city.Name}/${city.language}`) ?? 0 });
  return { all: cities.all.map(recount('all')), sale: cities.sale.map(recount('sale')), rent: cities.rent.map(recount('rent')) };
}

const shipped = readCatalogue(shippedDir);
if (!shipped.ok) {
  console.error(formatDataIssues(shipped.issues));
  process.exit(1);
}
const { snapshot } = shipped;
const properties = scaledProperties(snapshot.properties);
const files = {
  'properties.json': properties,
  'types.json': snapshot.types,
  'cities.json': countedCities(snapshot.cities, properties),
  'projects.json': snapshot.projects,
  'appointment-slots.json': snapshot.appointmentSlots,
  'owners.json': snapshot.owners,
};
mkdirSync(outDir, { recursive: true });
for (const [name, data] of Object.entries(files)) writeFileSync(join(outDir, name), dataFileText(name, data), 'utf8');
cpSync(join(shippedDir, 'documents'), join(outDir, 'documents'), { recursive: true });
const listings = new Set(properties.map((property) => property.ID)).size;
console.log(`${listings} listings (${properties.length} records) written to ${outDir}`);
