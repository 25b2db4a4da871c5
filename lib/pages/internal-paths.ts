import type { Language } from '../config';
import { join } from './kind';

/*
 * Internal paths: pages a visitor never sees in the address bar, which the proxy rewrites to.
 * Their first segments are reserved (lib/config/system-slugs `internalSegments`; no menu path may use them).
 */

/** The two 404 pages, both prerendered (a 404 rendered on demand would lose its title). */
export const notFoundSegments = ['404'] as const;
export const propertyNotFoundSegments = ['404', 'property'] as const;

/** The localised 404 page of a language, or the one of a listing that is gone. */
export const notFoundPath = (language: Language, kind: 'page' | 'property' = 'page') => join(language, kind === 'property' ? propertyNotFoundSegments : notFoundSegments);

/** The owner portal, rendered per request (app/[lang]/owner-portal). */
export const portalPath = (language: Language, id?: number) => `/${language}/owner-portal/${id === undefined ? '' : `${id}/`}`;

/** The newsletter confirmation page, rendered per request (app/[lang]/newsletter-confirmation). */
export const newsletterConfirmPath = (language: Language) => `/${language}/newsletter-confirmation/`;

/** A searcher's space, rendered per request (app/[lang]/searcher-space). */
export const searcherSpacePath = (language: Language) => `/${language}/searcher-space/`;

/** The page of a request's confirmation link, rendered per request (app/[lang]/request-confirmation). */
export const requestConfirmPath = (language: Language) => `/${language}/request-confirmation/`;

/** The page of an alert's links, rendered per request (app/[lang]/alert-link). */
export const alertLinkPath = (language: Language) => `/${language}/alert-link/`;

/**
 * A page rendered per request to show a form that came back from a post without JavaScript
 * (app/[lang]/form-draft): `page` is the page's own path, the draft id rides along.
 */
export const formDraftPath = (language: Language, pagePath: string, search: string) => {
  const params = new URLSearchParams(search);
  params.set('page', pagePath);
  return `/${language}/form-draft/?${params.toString()}`;
};

/** A thank-you page with the request's summary, rendered per request (app/[lang]/thank-you-summary): the page's route in its query. */
export const thankYouSummaryPath = (language: Language, route: { form: string; byMail?: true; listing?: number; project?: number; slot?: number }) => {
  const params = new URLSearchParams({ form: route.form });
  if (route.byMail) params.set('by-mail', '1');
  for (const key of ['listing', 'project', 'slot'] as const) if (route[key] !== undefined) params.set(key, String(route[key]));
  return `/${language}/thank-you-summary/?${params.toString()}`;
};

/** The server-rendered list for requests with a query (app/[lang]/list-results). */
export const listResultsPath = (language: Language, page: 'for-sale' | 'for-rent') => `/${language}/list-results/${page === 'for-sale' ? 'sale' : 'rent'}/`;

/** The comparison of listings, rendered per request from its ?ids= (app/[lang]/compare-listings). */
export const compareListingsPath = (language: Language) => `/${language}/compare-listings/`;

/** The static export's comparison, one page for every ?ids= (app/[lang]/compare-listings-export, built in the export only). */
export const exportCompareListingsPath = (language: Language) => `/${language}/compare-listings-export/`;
