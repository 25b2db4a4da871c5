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

/** The fields each kind of value carries, and whether one is of the right type. */
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const priceKinds = new Set(['amount', 'starting-from', 'per-month']);
const states = new Set<unknown>(['on-offer', 'under-option', 'sold', 'rented']);
const valueChecks: Record<CompareValue['kind'], (fields: Record<string, unknown>) => boolean> = {
  price: ({ price }) => {
    if (typeof price !== 'object' || price === null) return false;
    const shown: Record<string, unknown> = { ...price };
    return shown.kind === 'on-demand' || (priceKinds.has(String(shown.kind)) && isNumber(shown.amount));
  },
  euro: ({ amount }) => isNumber(amount),
  area: ({ m2 }) => isNumber(m2),
  count: ({ count }) => isNumber(count),
  year: ({ year }) => isNumber(year),
  energy: ({ kwh }) => isNumber(kwh),
  distance: ({ km }) => isNumber(km),
  text: ({ text }) => typeof text === 'string',
  state: ({ state }) => states.has(state),
};
const isValueKind = (kind: unknown): kind is CompareValue['kind'] => typeof kind === 'string' && Object.hasOwn(valueChecks, kind);
const rowKeys = new Set<string>(compareRowKeys);

const isValue = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return isValueKind(fields.kind) && valueChecks[fields.kind](fields);
};

const isThumbnail = (value: unknown): boolean => {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return typeof fields.src === 'string' && isNumber(fields.width) && isNumber(fields.height);
};

/**
 * Whether a fetched file is a column this module reads (a stale or broken file shows as a failed
 * load). A hand-written check rather than a zod schema: see lib/pages/compare-ids.ts.
 */
export function isCompareColumn(value: unknown): value is CompareColumn {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  if (!Number.isInteger(fields.id) || typeof fields.title !== 'string' || typeof fields.href !== 'string' || !fields.href.startsWith('/') || !isThumbnail(fields.thumbnail)) return false;
  if (typeof fields.cells !== 'object' || fields.cells === null) return false;
  return Object.entries(fields.cells).every(([key, cell]) => rowKeys.has(key) && isValue(cell));
}

/**
 * Where a listing's column is fetched from on the static export: `npm run export` saves the
 * server's answer (app/api/compare-listing/[lang]/[id]) as one small file per listing, so the
 * comparison page fetches only the listings it shows.
 */
export const compareColumnUrl = (language: string, id: number, staticExport: boolean) => (staticExport ? `/api/compare-listing/${language}/${id}.json` : `/api/compare-listing/${language}/${id}/`);
