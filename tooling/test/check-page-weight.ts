/*
 * npx tsx tooling/test/check-page-weight.ts [build folder, default .next]
 *
 * The weight of every prerendered page of a finished production build besides its scripts
 * (lib/js-budget/page-weight.ts): HTML size, the inline React payload's share of it and the
 * element count, per page type, for the heaviest page of each measure against the type's budget.
 * Fails when a page is over. Next's own bare 404 (_not-found.html) is printed as the floor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { overWeight, pageWeight, payloadShare, weightBudgetOf, type PageWeight } from '../../lib/js-budget/page-weight';
import type { PageType } from '../../lib/pages';
import { prerenderedPages } from './support/prerendered-pages';

const dist = process.argv[2] ?? '.next';
const pagesDir = join(dist, 'server/app');
if (!existsSync(pagesDir)) {
  console.error(`No production build in ${dist} (no ${pagesDir}): run next build first.`);
  process.exit(2);
}

type Weighed = PageWeight & { path: string };
const byType = new Map<PageType, Weighed[]>();
const over: string[] = [];
for (const page of prerenderedPages(pagesDir)) {
  const weight = { ...pageWeight(readFileSync(page.file, 'utf8')), path: page.path };
  byType.set(page.type, [...(byType.get(page.type) ?? []), weight]);
  const excess = overWeight(weight, weightBudgetOf(page.type));
  if (excess.length > 0) over.push(`${page.path} (${page.type}): ${excess.join(', ')}`);
}
if (byType.size === 0) {
  console.error(`No prerendered page in ${pagesDir}.`);
  process.exit(2);
}

const heaviest = (pages: Weighed[], measure: (page: Weighed) => number) => pages.reduce((best, page) => (measure(page) > measure(best) ? page : best));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const percent = (share: number) => `${(100 * share).toFixed(0)} %`;
console.log(`Weight of the prerendered pages in ${dist}, heaviest page of each type (budget in brackets):`);
console.table(
  [...byType.entries()].map(([type, pages]) => {
    const budget = weightBudgetOf(type);
    const html = heaviest(pages, (page) => page.htmlBytes);
    const share = heaviest(pages, payloadShare);
    const elements = heaviest(pages, (page) => page.elements);
    return {
      'page type': type,
      pages: pages.length,
      HTML: `${kB(html.htmlBytes)} (${kB(budget.htmlBytes)}) ${html.path}`,
      'payload share': `${percent(payloadShare(share))} (${percent(budget.payloadShare)}) ${share.path}`,
      elements: `${elements.elements} (${budget.elements}) ${elements.path}`,
    };
  }),
);
const floorFile = join(pagesDir, '_not-found.html');
if (existsSync(floorFile)) {
  const floor = pageWeight(readFileSync(floorFile, 'utf8'));
  console.log(`Floor, Next's bare 404 of this build: HTML ${kB(floor.htmlBytes)}, payload ${percent(payloadShare(floor))}, ${floor.elements} elements.`);
}
if (over.length > 0) {
  console.error(`Over the weight budget (lib/js-budget/page-weight.ts):\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('Every page is within its weight budget.');
