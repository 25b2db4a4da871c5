import { z } from 'zod';
import type { ListingState, ShownPrice } from '../catalogue/listing-view';

/*
 * The comparison's rows from each listing's figures, pure: the server's page (lib/favourites/compare.ts
 * computes the figures from the catalogue) and the static export's page (which fetches the same
 * figures, written per listing at export time) both build their table here, so the two cannot
 * disagree on which rows show or which differ.
 */

/** What a cell holds, formatted by the page: a price, an amount, a figure with its unit, a year, a word. */
export type CompareValue =
  | { kind: 'price'; price: ShownPrice }
  | { kind: 'euro'; amount: number }
  | { kind: 'area'; m2: number }
  | { kind: 'count'; count: number }
  | { kind: 'year'; year: number }
  | { kind: 'energy'; kwh: number }
  | { kind: 'distance'; km: number }
  | { kind: 'text'; text: string }
  | { kind: 'state'; state: ListingState };

export const compareRowKeys = ['state', 'price', 'pricePerM2', 'living', 'plot', 'bedrooms', 'bathrooms', 'epcLabel', 'epcValue', 'constructionYear', 'charges', 'floodZone', 'distance'] as const;
export type CompareRowKey = (typeof compareRowKeys)[number];

/** One listing's figures; a figure the listing does not give is absent. */
export type CompareCells = Partial<Record<CompareRowKey, CompareValue>>;

/** A listing as a column of the table: its heading (title, link, thumbnail) and its figures. */
export type CompareColumn = {
  id: number;
  title: string;
  href: string;
  thumbnail?: { src: string; width: number; height: number };
  cells: CompareCells;
};

export type CompareRow = { key: CompareRowKey; cells: (CompareValue | undefined)[]; differs: boolean };

/** A cell's value as one comparable text: two cells differ when these differ. */
function identity(cell: CompareValue | undefined): string {
  return cell === undefined ? '' : JSON.stringify(cell);
}

/**
 * The rows of the table, one per figure, a cell per listing (undefined: not given). A row differs
 * when two listings show something different, an unknown value against a known one included; a
 * row no listing fills is left out.
 */
export function compareRowsOf(listings: readonly CompareCells[]): CompareRow[] {
  return compareRowKeys.flatMap((key) => {
    const cells = listings.map((listing) => listing[key]);
    if (cells.every((cell) => cell === undefined)) return [];
    return [{ key, cells, differs: new Set(cells.map(identity)).size > 1 }];
  });
}

const amount = z.number().finite();
const priceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('on-demand') }),
  z.object({ kind: z.literal('amount'), amount }),
  z.object({ kind: z.literal('starting-from'), amount }),
  z.object({ kind: z.literal('per-month'), amount }),
]);
const valueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), price: priceSchema }),
  z.object({ kind: z.literal('euro'), amount }),
  z.object({ kind: z.literal('area'), m2: amount }),
  z.object({ kind: z.literal('count'), count: amount }),
  z.object({ kind: z.literal('year'), year: amount }),
  z.object({ kind: z.literal('energy'), kwh: amount }),
  z.object({ kind: z.literal('distance'), km: amount }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('state'), state: z.enum(['on-offer', 'under-option', 'sold', 'rented']) }),
]);

/** A column as the export's file holds it: read without trusting it (a stale or broken file shows as a failed load). */
export const compareColumnSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  href: z.string().startsWith('/'),
  thumbnail: z.object({ src: z.string(), width: z.number().positive(), height: z.number().positive() }).optional(),
  cells: z.partialRecord(z.enum(compareRowKeys), valueSchema),
});

/**
 * Where a listing's column is fetched from on the static export: `npm run export` saves the
 * server's answer (app/api/compare-listing/[lang]/[id]) as one small file per listing, so the
 * comparison page fetches only the listings it shows.
 */
export const compareColumnUrl = (language: string, id: number, staticExport: boolean) =>
  staticExport ? `/api/compare-listing/${language}/${id}.json` : `/api/compare-listing/${language}/${id}/`;
