import { hasListQuery, listQueryKeys, listQueryString, parseListParams, type ListParams } from '../../catalogue/list-query';
import { cityQueryIn, getType } from '../../catalogue';
import { parseCityQuery } from '../../catalogue/list-query';
import { formatEuroFor } from '../../format';
import { canonicalListQuery } from '../../catalogue/list-page';
import type { Language } from '../../config';
import { systemSlugs } from '../../config/system-slugs';
import { listResultsPath } from '../internal-paths';
import { join, type PageKind, type Translate } from '../kind';

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

/**
 * A list's title with the filters its query has ("Panden te koop: Huis, Bergen, max. € 300.000"),
 * so that a filtered list and the plain one (and two filtered lists) are told apart in a tab, a
 * bookmark or a search result.
 */
function listTitle(base: string, goal: 'sale' | 'rent', query: ListQuery | undefined, language: Language, t: Translate): string {
  if (!query) return base;
  const money = (value: number) => formatEuroFor(value, language);
  const town = query.city === undefined ? undefined : parseCityQuery(cityQueryIn(query.city, language) ?? '')?.name;
  const filters = [
    query.type === undefined ? undefined : getType(query.type, language)?.Name,
    town,
    query.minPrice === undefined ? undefined : t('list.titleFrom', { price: money(query.minPrice) }),
    query.maxPrice === undefined ? undefined : t('list.titleUpTo', { price: money(query.maxPrice) }),
    query.bedrooms === undefined ? undefined : t('list.titleBedrooms', { count: query.bedrooms }),
    query.surface === undefined ? undefined : t('list.surfaceAtLeast', { surface: query.surface }),
    query.epc === undefined ? undefined : `${t('list.epc')} ${t('list.epcAtMost', { label: query.epc })}`,
    query.bbox === undefined ? undefined : t('list.titleMapArea'),
    query.status === 'references' ? t(goal === 'sale' ? 'list.titleSold' : 'list.titleRented') : undefined,
    query.page === undefined || query.page <= 1 ? undefined : t('list.page', { page: query.page }),
  ].filter((part): part is string => part !== undefined && part !== '');
  return filters.length === 0 ? base : t('list.filteredTitle', { list: base, filters: filters.join(', ') });
}

/** The list of one goal: prerendered plain, rendered per request with a query (filters and paging without JavaScript). */
function listPage<P extends 'for-sale' | 'for-rent'>(page: P): PageKind<ListRoute<P>> {
  const title = page === 'for-sale' ? 'forSale' : 'forRent';
  const goal = page === 'for-sale' ? 'sale' : 'rent';
  return {
    budget: 'list',
    firstSegment: { says: `list of properties for ${goal}`, slug: (language) => systemSlugs[page][language] },
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
    metadata: (route, language, t) => ({ title: listTitle(t(`list.${title}Title`), goal, route.query, language, t), description: t(`list.${title}Description`) }),
  };
}

export const forSalePage = listPage('for-sale');
export const forRentPage = listPage('for-rent');
