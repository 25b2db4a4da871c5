import { isSupportedLanguage, loadSiteConfig } from '../config';
import { allRoutes, href, missingPage, resolvePath, type ResolvedPath } from './index';
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

/** Path segments (after the language) of every page but the home page, and of the two 404 pages: the catch-all route's static params. */
export function allPathSegments(language: Language): string[][] {
  // The home page (no segment) is app/[lang]/page.tsx.
  const pages = allRoutes(language)
    .map((route) => (href(route, language).split('?')[0] ?? '').split('/').filter(Boolean).slice(1))
    .filter((segments) => segments.length > 0);
  return [...pages, [...notFoundSegments], [...propertyNotFoundSegments]];
}
