import { hasListQuery, listQueryKeys, listQueryString, parseListParams, type ListParams } from '../../catalogue/list-query';
import { cityQueryIn, getType } from '../../catalogue';
import { canonicalListQuery } from '../../catalogue/list-page';
import type { Language } from '../../config';
import { systemSlugs } from '../../i18n/slugs';
import { listResultsPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

/** A list's filters, sort and page, as its query string carries them. */
type ListQuery = Partial<ListParams>;

export type ListRoute<P extends 'for-sale' | 'for-rent' = 'for-sale' | 'for-rent'> = { page: P; query?: ListQuery };

/** A list's query in a language: the town as that language names it (Mons is Bergen in Dutch), an unknown town left out. */
function queryString(query: ListQuery | undefined, language: Language): string {
  if (!query) return '';
  return listQueryString({ ...query, city: query.city === undefined ? undefined : cityQueryIn(query.city, language) });
}

/** A list's params as its URL carries them: the filters it has, the defaults left out. */
function withoutDefaults({ city, type, bbox, minPrice, maxPrice, bedrooms, surface, epc, status, sort, page: number }: ListParams): ListQuery {
  const query: ListQuery = {};
  if (city) query.city = city;
  if (type !== undefined) query.type = type;
  if (minPrice !== undefined) query.minPrice = minPrice;
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  if (bedrooms !== undefined) query.bedrooms = bedrooms;
  if (surface !== undefined) query.surface = surface;
  if (epc !== undefined) query.epc = epc;
  if (bbox !== undefined) query.bbox = bbox;
  if (status !== 'on-offer') query.status = status;
  if (sort !== 'newest') query.sort = sort;
  if (number > 1) query.page = number;
  return query;
}

/** The list of one goal: prerendered plain, rendered per request with a query (filters and paging without JavaScript). */
function listPage<P extends 'for-sale' | 'for-rent'>(page: P): PageKind<ListRoute<P>> {
  const title = page === 'for-sale' ? 'forSale' : 'forRent';
  const goal = page === 'for-sale' ? 'sale' : 'rent';
  return {
    budget: 'list',
    view: () => import('./view').then((module) => module.ListView),
    path: (route, language) => join(language, [systemSlugs[page][language]]) + queryString(route.query, language),
    match: (segments, params, language) => {
      if (segments.length !== 1 || segments[0] !== systemSlugs[page][language]) return undefined;
      return { page, query: withoutDefaults(parseListParams(params)) };
    },
    queryKeys: listQueryKeys,
    routes: () => [{ page }],
    canonical: (route, language) => ({ page, query: withoutDefaults(canonicalListQuery(language, goal, { status: 'on-offer', sort: 'newest', page: 1, ...route.query })) }),
    renderedAt: (_route, language, search) => (hasListQuery(new URLSearchParams(search)) ? `${listResultsPath(language, page)}${search}` : undefined),
    // Only the canonical spelling of a query is kept: a town or type the list does not know, a
    // default written out or another order would each keep a copy of a page already kept.
    sharedAnswer: (route, language, search) => (route.query?.type === undefined || getType(route.query.type, language) !== undefined ? search === queryString(route.query, language) : false),
    crumbs: (_route, _language, t) => [{ name: t(`nav.${title}`), route: { page } }],
    metadata: (_route, _language, t) => ({ title: t(`list.${title}Title`), description: t(`list.${title}Description`) }),
  };
}

export const forSalePage = listPage('for-sale');
export const forRentPage = listPage('for-rent');
