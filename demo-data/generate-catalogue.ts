/*
 * npm run generate:catalogue
 * Writes a deterministic catalogue snapshot (data/catalogue/*.json), its private documents
 * (data/catalogue/documents) and its pictures (public/catalogue/**) from a seeded PRNG. Two runs give byte-identical output.
 * The generator lives in demo-data/generator/; the plan of the listings in plan.ts. It is demo data, not a staff command: nothing in the site imports it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildOwners, buildSlots } from './generator/crm';
import { buildListings, readTeam } from './generator/listings';
import { writeDocumentFiles } from './generator/document-files';
import { writeCatalogue } from './generator/output';
import { listingPictureSet } from './generator/picture-plan';
import { renderPictures } from './generator/pictures';
import { PLAN } from './generator/plan';
import { buildProjects, projectPictureSets } from './generator/projects';
import { checkAndSummarise } from './generator/summary';
import { buildCities } from './generator/towns';
import { buildTypes } from './generator/types';

const root = process.cwd();
if (!existsSync(join(root, 'lib/catalogue/schemas.ts'))) throw new Error('run the generator from the project root');

function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folderSize(path);
      files += inner.files;
      bytes += inner.bytes;
    } else {
      files += 1;
      bytes += statSync(path).size;
    }
  }
  return { files, bytes };
}

async function main(): Promise<void> {
  const team = readTeam(root);
  const properties = buildListings(team);
  const cities = buildCities(PLAN.map((plan) => ({ townKey: plan.town, goal: plan.goal })));
  const files = {
    'properties.json': properties,
    'types.json': buildTypes(),
    'cities.json': cities,
    'projects.json': buildProjects(properties, team),
    'appointment-slots.json': buildSlots(properties),
    'owners.json': buildOwners(properties),
  };
  const summary = checkAndSummarise(properties, cities);
  writeCatalogue(join(root, 'data/catalogue'), files);

  const publicDir = join(root, 'public/catalogue');
  const pictures = await renderPictures(publicDir, [...PLAN.map(listingPictureSet), ...projectPictureSets()]);
  const documentCount = writeDocumentFiles(join(root, 'data/catalogue/documents'), properties);
  console.log(`${documentCount} documents written to data/catalogue/documents`);
  const size = folderSize(publicDir);
  const megabytes = size.bytes / 1024 / 1024;
  if (megabytes >= 10) throw new Error(`public/catalogue is ${megabytes.toFixed(2)} MB; it must stay under 10 MB`);

  console.log('Catalogue written to data/catalogue and public/catalogue.');
  for (const line of summary) console.log(`  ${line}`);
  console.log(`  pictures: ${pictures} (${size.files} files, ${megabytes.toFixed(2)} MB)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
