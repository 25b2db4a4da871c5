import { parseDocument } from 'htmlparser2';
import type { PageType } from '../pages';

/*
 * The first-load JavaScript of a prerendered page, read from a finished production build
 * (tooling/test/check-js-budget.ts): what a browser fetches because of the HTML alone, before any
 * visitor action. Issue 16 sets the budget: 150 kB gzip on every page type, 135 kB on the home,
 * the lists and the menu pages (what this project holds each type to: `budgets` below).
 */

const kB = 1000;

/** A chunk path as the HTML names it, relative to the build folder: static/chunks/xyz.js. */
const chunkPattern = /\/_next\/(static\/chunks\/[\w\-.~/]+?\.js)\b/g;

/**
 * The scripts a page's HTML makes a current browser load, as paths inside the build folder:
 * <script src>, script preloads and module preloads, and the chunks the inline React payload
 * lists for the client components the page renders (the browser loads those while hydrating).
 * A nomodule script (Next's polyfills) is left out: no browser that runs modules loads it.
 */
export function firstLoadScripts(html: string): string[] {
  const found = new Set<string>();
  const skipped = new Set<string>();
  const add = (url: string | undefined, into: Set<string>) => {
    for (const match of (url ?? '').matchAll(chunkPattern)) if (match[1]) into.add(match[1]);
  };
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if ('name' in node && 'attribs' in node && node.attribs !== null && typeof node.attribs === 'object') {
      const attribs = new Map(Object.entries(node.attribs).map(([name, value]) => [name.toLowerCase(), String(value)]));
      const rel = attribs.get('rel') ?? '';
      if (node.name === 'script') add(attribs.get('src'), attribs.has('nomodule') ? skipped : found);
      if (node.name === 'link' && (rel === 'modulepreload' || (rel === 'preload' && attribs.get('as') === 'script'))) add(attribs.get('href'), found);
    }
    if ('name' in node && node.name === 'script' && 'children' in node && Array.isArray(node.children)) {
      for (const child of node.children) if (child !== null && typeof child === 'object' && 'data' in child) add(String(child.data), found);
    }
    if ('children' in node && Array.isArray(node.children)) node.children.forEach(visit);
  };
  visit(parseDocument(html));
  return [...found].filter((path) => !skipped.has(path)).sort();
}

/** The site path of a prerendered HTML file of server/app: fr.html is /fr/, fr/a-vendre.html /fr/a-vendre/. */
export function pathOfHtmlFile(relative: string): string {
  const withoutExtension = relative.replaceAll('\\', '/').replace(/\.html$/, '');
  return `/${withoutExtension}/`;
}

/** The page types of the budget table: each kind of the page table (lib/pages) names its own (`budget` in its kind.ts). */
export { pageTypeOf, type PageType } from '../pages';

/** Issue 16's ceiling: at most 150 kB gzip of first-load JavaScript on every page type. */
export const issueCeiling = 150 * kB;

/**
 * The budgets, in one place (tooling/test/check-js-budget.ts fails `npm test` when a type is over).
 *
 * Issue 16 also asks for 135 kB on the home, the lists and the menu pages, which is the React +
 * Next.js floor itself as this build measures it (Next's own bare 404 page loads 135.5 kB): a page
 * with any island at all (the consent dialog, the header's search field and menu) is above it.
 * Those types are held instead to the lowest figure reached (measured 2026-11-25, rounded up to
 * the next kB), so that what was won does not slip back unnoticed.
 *
 * The list and the detail pages are at the issue's 150 kB, with little to spare (measured
 * 2026-11-28: list 149,993 bytes on /en/for-rent/, detail 149,915 on /en/for-rent/la-louviere/apartment/4000024/): their
 * islands format no message in the browser (the list's texts and counts come formatted from the
 * server, lib/catalogue/list-form.ts; the favourites page's too), and what a visitor needs only
 * when acting comes later: the purchase-costs calculator when it nears the screen, the list's map
 * and the gallery's full-screen view when opened, the account merge of favourites for a signed-in
 * searcher only. The listing page's small islands share one chunk (detail-islands.ts).
 */
const budgets: { [T in PageType]: number } = {
  home: 149 * kB,
  list: issueCeiling,
  'menu page': 147 * kB,
  projects: 147 * kB,
  detail: issueCeiling,
  project: issueCeiling,
  article: issueCeiling,
  'thank-you': issueCeiling,
  login: issueCeiling,
  'not found': issueCeiling,
};

export const budgetOf = (type: PageType): number => budgets[type];

export type PageLoad = { type: PageType; path: string; gzip: number };
export type TypeRow = { type: PageType; pages: number; heaviest: PageLoad; lightest: PageLoad; budget: number };

/** One row per page type, with its heaviest page (the one the budget judges) and its lightest. */
export function rowsByType(loads: readonly PageLoad[]): TypeRow[] {
  const rows = new Map<PageType, TypeRow>();
  for (const load of loads) {
    const row = rows.get(load.type);
    if (!row) {
      rows.set(load.type, { type: load.type, pages: 1, heaviest: load, lightest: load, budget: budgetOf(load.type) });
      continue;
    }
    row.pages += 1;
    if (load.gzip > row.heaviest.gzip) row.heaviest = load;
    if (load.gzip < row.lightest.gzip) row.lightest = load;
  }
  return [...rows.values()];
}

export const overBudget = (rows: readonly TypeRow[]) => rows.filter((row) => row.heaviest.gzip > row.budget);

export const kBText = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;
