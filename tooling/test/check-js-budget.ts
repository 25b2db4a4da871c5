/*
 * npx tsx tooling/test/check-js-budget.ts [build folder, default .next]
 *
 * The first-load JavaScript of every prerendered page of a finished production build (the HTML
 * files of server/app), per page type: gzip size of the scripts each page's HTML makes the browser
 * load (lib/js-budget/first-load.ts). Prints the heaviest and lightest page of each type against
 * the budget of issue 16 and against the React + Next.js floor: what a page without any island of
 * this build loads (Next's own 404, see below). Fails when the heaviest page of a type is over its
 * budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadScripts, issueCeiling, kBText, overBudget, rowsByType, type PageLoad } from '../../lib/js-budget/first-load';
import { prerenderedPages } from './support/prerendered-pages';

const dist = process.argv[2] ?? '.next';
const pagesDir = join(dist, 'server/app');
if (!existsSync(pagesDir)) {
  console.error(`No production build in ${dist} (no ${pagesDir}): run next build first.`);
  process.exit(2);
}

const gzipSizes = new Map<string, number>();
function gzipSize(chunk: string): number {
  const known = gzipSizes.get(chunk);
  if (known !== undefined) return known;
  const file = join(dist, chunk);
  if (!existsSync(file)) throw new Error(`${chunk} is named by a page but missing from ${dist}`);
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  gzipSizes.set(chunk, size);
  return size;
}

const loads: PageLoad[] = prerenderedPages(pagesDir).map(({ file, path, type }) => ({
  type,
  path,
  gzip: firstLoadScripts(readFileSync(file, 'utf8')).reduce((sum, chunk) => sum + gzipSize(chunk), 0),
}));
if (loads.length === 0) {
  console.error(`No prerendered page in ${pagesDir}.`);
  process.exit(2);
}

/*
 * The React + Next.js floor: Next's own 404 (app/not-found.tsx, for paths outside any language) is
 * a bare page of this very build, with no island; without it, the framework's root chunks.
 */
const barePage = join(pagesDir, '_not-found.html');
type BuildManifest = { rootMainFiles?: string[] };
const rootMainFiles = () => (JSON.parse(readFileSync(join(dist, 'build-manifest.json'), 'utf8')) as BuildManifest).rootMainFiles ?? [];
const floorScripts = existsSync(barePage) ? firstLoadScripts(readFileSync(barePage, 'utf8')) : rootMainFiles().filter((chunk) => chunk.endsWith('.js'));
const floor = floorScripts.reduce((sum, chunk) => sum + gzipSize(chunk), 0);

const rows = rowsByType(loads).sort((a, b) => b.heaviest.gzip - a.heaviest.gzip);
const table = rows.map((row) => ({
  'page type': row.type,
  pages: row.pages,
  'heaviest (gzip)': kBText(row.heaviest.gzip),
  'heaviest page': row.heaviest.path,
  'lightest (gzip)': kBText(row.lightest.gzip),
  budget: kBText(row.budget),
  'over the floor': `+${kBText(row.heaviest.gzip - floor)} (${(row.heaviest.gzip / floor).toFixed(2)}×)`,
  verdict: row.heaviest.gzip > row.budget ? `OVER by ${kBText(row.heaviest.gzip - row.budget)}` : `ok, ${kBText(row.budget - row.heaviest.gzip)} to spare`,
}));
console.log(`First-load JavaScript of ${loads.length} prerendered pages in ${dist} (gzip level 9 of each script the HTML loads):`);
console.table(table);
console.log(
  `React + Next.js floor (${existsSync(barePage) ? 'the bare page _not-found.html of this build' : 'the root chunks of build-manifest.json'}, ${floorScripts.length} scripts): ${kBText(floor)}; budgets per type in lib/js-budget/first-load.ts.`,
);
const aboveCeiling = rows.filter((row) => row.heaviest.gzip > issueCeiling);
if (aboveCeiling.length > 0) console.log(`Still above issue 16's ${kBText(issueCeiling)} on every page type: ${aboveCeiling.map((row) => `${row.type} (${kBText(row.heaviest.gzip)})`).join(', ')}.`);

const over = overBudget(rows);
if (over.length > 0) {
  console.error(`Over budget: ${over.map((row) => `${row.type} (${row.heaviest.path}: ${kBText(row.heaviest.gzip)} > ${kBText(row.budget)})`).join(', ')}.`);
  process.exit(1);
}
console.log('Every page type is within its budget.');
