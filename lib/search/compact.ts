/*
 * The home search's index as the browser receives it, and the matching over it. Pure: the search
 * panel imports it, so nothing here may reach the catalogue or the file system.
 *
 * At 5,000 listings one object per listing, each with its full link, town and picture path, made
 * a 1.22 MB answer. A listing is now a row of its ID, its 100-character text and the positions of
 * its town, link and picture patterns in shared tables: what repeats is written once.
 */

type SearchGoalLink = { count: number; href: string };
export type SearchType = { id: string; name: string; sale: SearchGoalLink; rent: SearchGoalLink };
/** `names`: the town's accent-free names in the other languages ("mons" for Bergen), when it has any. */
export type SearchCity = { name: string; zip: string; searchName: string; names?: string; sale: SearchGoalLink; rent: SearchGoalLink };
/** A listing as the panel shows it. */
export type SearchProperty = { id: string; text: string; town: string; picture: string | null; href: string };
/** ID, text, then positions in `towns`, `links` and `pictures` (-1: no picture). */
export type SearchRow = [id: number, text: string, town: number, link: number, picture: number];
export type SearchIndex = {
  types: SearchType[];
  cities: SearchCity[];
  towns: string[];
  /** Links and picture paths with `{id}` where the listing's ID goes. */
  links: string[];
  pictures: string[];
  properties: SearchRow[];
};

import { fillPattern } from './row-tables';

/** The listing of a row, as the panel shows it. */
export function searchProperty(index: SearchIndex, [id, text, town, link, picture]: SearchRow): SearchProperty {
  const fill = (pattern: string | undefined) => fillPattern(pattern, id);
  return { id: String(id), text, town: index.towns[town] ?? '', picture: picture < 0 ? null : fill(index.pictures[picture]), href: fill(index.links[link]) };
}

/** Options a group shows at most: clearing the field must not draw thousands of rows (issue 16). */
export const shownLimit = 50;

/** What matches, each group cut at `shownLimit` with the number left out. */
export type SearchResults = {
  types: SearchType[];
  cities: SearchCity[];
  properties: SearchProperty[];
  hidden: { cities: number; properties: number };
  total: number;
};

/** Fuzziness zero (spec §5): finds the entries whose keys contain the text, as fuse.js would rank them. */
export type TextMatcher = <T>(items: readonly T[], keys: (keyof T & string)[], text: string) => T[];

export type PreparedIndex = { index: SearchIndex; byId: Map<string, SearchRow> };

export function prepareIndex(index: SearchIndex): PreparedIndex {
  return { index, byId: new Map(index.properties.map((row) => [String(row[0]), row])) };
}

/**
 * The entries the whole text finds, else those any of its words finds, in the index's order:
 * "Bergen appartement" is a town and a type, while "La Louvière" stays one town's name.
 */
function matchWords<T>(items: readonly T[], keys: (keyof T & string)[], text: string, match: TextMatcher): T[] {
  const whole = match(items, keys, text);
  const words = text.split(/\s+/).filter((word) => word.length > 1);
  if (whole.length > 0 || words.length < 2) return whole;
  const found = new Set(words.flatMap((word) => match(items, keys, word)));
  return items.filter((item) => found.has(item));
}

/**
 * A town by name, postcode or accent-free name, in any language; a type by name; a listing by its
 * exact ID, as any token of the text (spec §5). An empty text lists everything, within the limit.
 */
export function searchIndex({ index, byId }: PreparedIndex, query: string, match: TextMatcher): SearchResults {
  const text = query.trim();
  const types = text ? matchWords(index.types, ['name'], text, match) : index.types;
  const cities = text ? matchWords(index.cities, ['name', 'zip', 'searchName', 'names'], text, match) : index.cities;
  const rows = text
    ? [...new Set(text.split(/\s+/).filter((token) => /^\d+$/.test(token)))].flatMap((token) => {
        const row = byId.get(token);
        return row ? [row] : [];
      })
    : index.properties;
  return {
    types,
    cities: cities.slice(0, shownLimit),
    properties: rows.slice(0, shownLimit).map((row) => searchProperty(index, row)),
    hidden: { cities: Math.max(0, cities.length - shownLimit), properties: Math.max(0, rows.length - shownLimit) },
    total: types.length + cities.length + rows.length,
  };
}
