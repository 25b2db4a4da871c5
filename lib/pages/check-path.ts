import { latestListings, moduleListingLimit } from '../catalogue';
import { isSupportedLanguage, loadSiteConfig } from '../config';
import { allRoutes, href, missingPage, resolvePath, type ResolvedPath, type Route } from './index';
import { notFoundPath, notFoundSegments, propertyNotFoundSegments } from './internal-paths';
import { pathSegments } from './kind';
import type { Language } from '../config';

export type PathCheck = { kind: 'ok'; resolved: ResolvedPath } | { kind: 'redirect'; to: string } | { kind: 'not-found'; render: string };

/**
 * What a path under a language leads to: a page, a redirect to its canonical form (a listing's
 * stale town or type slug, or the other list), or a 404 rendered by one of the internal pages.
 * The route carries what its query says (a list's filters).
 */
export function checkPath(pathname: string, search = ''): PathCheck {
  const resolved = resolvePath(pathname, search);
  const first = pathname.split('/').filter(Boolean)[0];
  const language = isSupportedLanguage(first) ? first : loadSiteConfig().site.languageDefault;
  if (!resolved) return { kind: 'not-found', render: notFoundPath(language) };
  const missing = missingPage(resolved.route, language);
  if (missing) return { kind: 'not-found', render: notFoundPath(language, missing) };
  // One URL per page: a stale town or type slug, the other list, or another letter case
  // redirects to the canonical path (the query string is the caller's to keep).
  const [canonical = ''] = href(resolved.route, language).split('?');
  const requested = `/${pathSegments(pathname).join('/')}/`;
  return requested === canonical ? { kind: 'ok', resolved } : { kind: 'redirect', to: canonical };
}

const defaultPrerenderedListings = 200;
const maxPrerenderedListings = 100_000;

/** How many of the newest listings on offer the server build prerenders per language (PRERENDERED_LISTINGS). */
export function prerenderedListingCount(value = process.env.PRERENDERED_LISTINGS): number {
  if (value === undefined || value.trim() === '') return defaultPrerenderedListings;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > maxPrerenderedListings) {
    throw new Error(`PRERENDERED_LISTINGS must be a whole number from 0 to ${maxPrerenderedListings}, not "${value}"`);
  }
  return count;
}

/**
 * The listings the server build prerenders in a language: the newest on offer, and those the
 * listing modules show (each goal's newest, which the newest of both goals may not reach). The
 * others render on their first request (proxy.ts, on-demand answers): at 5,000 listings in four
 * languages prerendering them all was 15,143 pages and 23 minutes of build (issue 36).
 */
export function prerenderedListingIds(language: Language, count: number): Set<number> {
  const newest = latestListings(undefined, language, count);
  const shown = (['sale', 'rent'] as const).flatMap((goal) => latestListings(goal, language, moduleListingLimit));
  return new Set([...newest, ...shown].map((listing) => listing.id));
}

/**
 * Path segments (after the language) of every page but the home page, and of the two 404 pages:
 * the catch-all route's static params. `prerendered`: the server build's share of them, every page
 * but the listings outside `prerenderedListingIds`.
 */
export function allPathSegments(language: Language, { prerendered = false }: { prerendered?: boolean } = {}): string[][] {
  const kept = prerendered ? prerenderedListingIds(language, prerenderedListingCount()) : undefined;
  const included = (route: Route) => kept === undefined || route.page !== 'property' || kept.has(route.id);
  // The home page (no segment) is app/[lang]/page.tsx.
  const pages = allRoutes(language)
    .filter(included)
    .map((route) => (href(route, language).split('?')[0] ?? '').split('/').filter(Boolean).slice(1))
    .filter((segments) => segments.length > 0);
  return [...pages, [...notFoundSegments], [...propertyNotFoundSegments]];
}
