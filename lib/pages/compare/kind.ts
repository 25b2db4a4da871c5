import { compareIdsParam, compareQueryString } from '../compare-query';
import { parseCompareIds } from '../compare-ids';
import { systemSlugs } from '../../config/system-slugs';
import { isStaticExport } from '../../config/deployment';
import { compareListingsPath, exportCompareListingsPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

export type CompareRoute = { page: 'compare'; ids: number[] };

/**
 * The side-by-side comparison of up to four listings, from ?ids= alone (a link sent to a partner
 * shows the same table). Rendered per request (app/[lang]/compare-listings): the IDs are any
 * combination, too many to prerender. A static export holds the page once, without a query, and
 * draws the table in the browser from ?ids= (components/compare/export-compare.tsx).
 */
export const comparePage: PageKind<CompareRoute> = {
  firstSegment: { says: 'comparison of listings', slug: (language) => systemSlugs.compare[language] },
  budget: 'detail',
  path: (route, language) => join(language, [systemSlugs.compare[language]]) + compareQueryString(route.ids),
  match: (segments, params, language) =>
    segments.length === 1 && segments[0] === systemSlugs.compare[language] ? { page: 'compare', ids: parseCompareIds(params.get(compareIdsParam)).ids } : undefined,
  queryKeys: [compareIdsParam],
  routes: () => [],
  exportRoutes: () => [{ page: 'compare', ids: [] }],
  renderedAt: (_route, language, search) => (isStaticExport() ? exportCompareListingsPath(language) : `${compareListingsPath(language)}${search}`),
  // Only the canonical spelling is kept: other spellings of the same IDs would each keep a copy.
  sharedAnswer: (route, _language, search) => search === compareQueryString(route.ids),
  indexable: () => false,
  crumbs: (route, _language, t) => [
    { name: t('favourites.title'), route: { page: 'favourites' } },
    { name: t('compare.title'), route },
  ],
  metadata: (route, _language, t) => ({ title: t('compare.title'), description: t('compare.description'), canonical: route }),
};
