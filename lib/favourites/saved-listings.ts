/*
 * The favourites page's data as the browser receives it (app/api/favourites-index), and its
 * reading. Pure: the page's island imports it. The browser fetches the whole catalogue's rows and
 * picks the saved ones itself, so which listings a visitor keeps never reaches the server.
 *
 * What repeats is written once, as in the home search's index (lib/search/compact.ts): towns,
 * types, and the link and picture paths with the listing's ID as a placeholder.
 */

import { fillPattern } from '../search/row-tables';

/** A listing's state: on offer, sold, rented, under option. */
export type SavedState = 0 | 1 | 2 | 3;

/**
 * ID, price as the card writes it, state, then positions in `types`, `towns`, `links` and
 * `pictures` (-1: no picture), and the ribbon of a listing under option as the lists write it
 * (the CRM's marquee text; empty otherwise, or when the CRM gives none).
 */
type SavedRow = [id: number, price: string, state: SavedState, type: number, town: number, link: number, picture: number, option: string];

export type SavedListingsIndex = { types: string[]; towns: string[]; links: string[]; pictures: string[]; rows: SavedRow[] };

/** A saved listing as the page's card shows it. */
export type SavedListing = {
  id: number;
  type: string;
  town: string;
  price: string;
  state: 'on-offer' | 'sold' | 'rented' | 'under-option';
  href: string;
  picture: string | undefined;
  optionRibbon: string;
};

const states = ['on-offer', 'sold', 'rented', 'under-option'] as const;

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isRow = (value: unknown): value is SavedRow =>
  Array.isArray(value) &&
  value.length === 8 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'string' &&
  (value[2] === 0 || value[2] === 1 || value[2] === 2 || value[2] === 3) &&
  value.slice(3, 7).every((position) => Number.isInteger(position)) &&
  typeof value[7] === 'string';

/** Whether a fetched answer is the index this module reads (a stale or broken file shows as a failed load). */
export function isSavedListingsIndex(value: unknown): value is SavedListingsIndex {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return isTextList(fields.types) && isTextList(fields.towns) && isTextList(fields.links) && isTextList(fields.pictures) && Array.isArray(fields.rows) && fields.rows.every(isRow);
}

/**
 * The saved IDs in the visitor's order, each with its listing, or undefined when the catalogue no
 * longer has it (taken offline).
 */
export function savedListings(index: SavedListingsIndex, ids: readonly number[]): { id: number; listing: SavedListing | undefined }[] {
  const rows = new Map(index.rows.map((row) => [row[0], row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) return { id, listing: undefined };
    const [, price, state, type, town, link, picture, optionRibbon] = row;
    return {
      id,
      listing: {
        id,
        type: index.types[type] ?? '',
        town: index.towns[town] ?? '',
        price,
        state: states[state],
        href: fillPattern(index.links[link], id),
        picture: picture < 0 ? undefined : fillPattern(index.pictures[picture], id),
        optionRibbon,
      },
    };
  });
}

/**
 * Where the favourites page fetches its data (app/api/favourites-index/[lang]); `npm run export`
 * saves it as a .json file beside the search index.
 */
export const savedListingsUrl = (language: string, staticExport: boolean) => (staticExport ? `/api/favourites-index/${language}.json` : `/api/favourites-index/${language}/`);
