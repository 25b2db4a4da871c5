/*
 * Where the server's memory goes at a catalogue size, step by step and without a build (issue 16):
 * the catalogue read and kept as `next start` keeps it, then the structures the pages build over
 * it (lists of every language and goal, the search index, the map), then a round of detail reads.
 * Each row is the process's RSS and V8 heap after a full garbage collection.
 *
 *   CATALOGUE_DIR=var/bench/catalogue-5000 node --expose-gc --import tsx tooling/bench/catalogue-memory.ts
 */
import { getCities, getProperties, getProperty, getTypes, type CatalogueLanguage } from '../../lib/catalogue';
import { getListPage } from '../../lib/catalogue/list-page';
import { parseListParams } from '../../lib/catalogue/list-query';
import { inspectData } from '../../lib/data-check';
import { buildSearchIndex } from '../../lib/search';
import { mapProperties } from '../../lib/map';

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function collect(): void {
  // Without --expose-gc the figures still print, with garbage the next collection would free.
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
}

const rows: { step: string; rss: string; heap: string; external: string; ms: string }[] = [];
let started = performance.now();
function step(name: string): void {
  const ms = performance.now() - started;
  collect();
  const usage = process.memoryUsage();
  rows.push({ step: name, rss: MB(usage.rss), heap: MB(usage.heapUsed), external: MB(usage.external), ms: `${Math.round(ms)} ms` });
  started = performance.now();
}

const languages: CatalogueLanguage[] = ['nl', 'fr', 'en', 'de'];

step('start');
const report = inspectData({}, { keepCatalogue: true });
if (report.errors.length > 0) throw new Error(`the data check failed: ${report.errors.length} error(s); run npm run check:data`);
step('data checked and catalogue kept (as next start)');
for (const language of languages) getProperties(language);
step('listings of every language');
for (const language of languages) {
  getTypes(language);
  getCities(language);
  for (const goal of ['sale', 'rent'] as const) getListPage(language, goal, parseListParams(new URLSearchParams()));
}
step('list models of every language and goal');
for (const language of languages) buildSearchIndex(language);
step('search index of every language');
for (const language of languages) mapProperties(language, () => '');
step('map markers of every language');
const ids = [...new Set(getProperties('fr').map((listing) => listing.id))];
for (const id of ids.slice(0, 500)) for (const language of languages) getProperty(id, language);
step('500 listings read in full in every language');

const width = Math.max(...rows.map((row) => row.step.length));
console.log(`${'step'.padEnd(width)} │      RSS │  V8 heap │ external │ time`);
for (const row of rows) console.log(`${row.step.padEnd(width)} │ ${row.rss.padStart(8)} │ ${row.heap.padStart(8)} │ ${row.external.padStart(8)} │ ${row.ms}`);
