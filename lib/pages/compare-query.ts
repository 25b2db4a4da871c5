/*
 * The comparison's query string, pure: the page kind (lib/pages/compare/kind.ts) and the favourites
 * page's island both write it, the island without reaching the catalogue.
 */

export const compareLimit = 4;

/** The query parameter that carries the listings. */
export const compareIdsParam = 'ids';

/** The query string of a comparison in its one canonical spelling: "?ids=1,2" (or "" for none). */
export const compareQueryString = (ids: readonly number[]) => (ids.length === 0 ? '' : `?${compareIdsParam}=${ids.slice(0, compareLimit).join(',')}`);

/** The comparison page of `base` (its path without a query, from lib/pages) for these listings. */
export const compareHref = (base: string, ids: readonly number[]) => `${base}${compareQueryString(ids)}`;
