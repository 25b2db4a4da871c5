import { z } from 'zod';
import type { ListingSummary } from '../catalogue';

/*
 * What a search alert asks for, as the search-alert form gives it (lib/forms/schemas.ts,
 * demand-register): a goal, types, towns or postcodes, and bounds. Stored as JSON with the search.
 */

export const searchCriteria = z.object({
  goal: z.enum(['sale', 'rent']),
  types: z.array(z.number().int().nonnegative()).max(10),
  /** Postcodes; a town ticked in the form counts by its postcode. */
  zips: z.array(z.string().regex(/^\d{4}$/)).max(30),
  priceMin: z.number().int().nonnegative().optional(),
  priceMax: z.number().int().nonnegative().optional(),
  minRooms: z.number().int().nonnegative().optional(),
  minParkings: z.number().int().nonnegative().optional(),
  minBathrooms: z.number().int().nonnegative().optional(),
});
export type SearchCriteria = z.infer<typeof searchCriteria>;

/** The criteria of a stored search, or undefined for a row that no longer reads as criteria. */
export function parseCriteria(json: string | null): SearchCriteria | undefined {
  if (json === null) return undefined;
  try {
    const parsed = searchCriteria.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The criteria of a search-alert form's checked values. The form's budget is the most the visitor
 * can spend: it bounds the price when no maximum price is given.
 */
export function criteriaOfForm(values: Record<string, unknown>): SearchCriteria {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const zips = [...new Set([...list(values.zones), ...list(values.postcodes)].map((zone) => zone.slice(-4)))];
  return {
    goal: values.goal === 'rent' ? 'rent' : 'sale',
    types: list(values.types).map(Number),
    zips,
    priceMin: numberOf(values.priceMin),
    priceMax: numberOf(values.priceMax) ?? numberOf(values.budget),
    minRooms: numberOf(values.minRooms),
    minParkings: numberOf(values.minParkings),
    minBathrooms: numberOf(values.minBathrooms),
  };
}

const atLeast = (value: number | undefined, minimum: number | undefined) => minimum === undefined || minimum === 0 || (value ?? 0) >= minimum;

/**
 * Whether a listing on offer answers the search. A price on demand cannot be compared: such a
 * listing answers a search only when the search sets no price bound.
 */
export function matchesCriteria(listing: ListingSummary, criteria: SearchCriteria): boolean {
  if (listing.availability !== 'on-offer' || listing.goal !== criteria.goal) return false;
  if (criteria.types.length > 0 && !criteria.types.some((type) => listing.type.webIds.includes(type) || listing.type.webId === type)) return false;
  if (criteria.zips.length > 0 && !criteria.zips.includes(listing.town.zip)) return false;
  const price = listing.price.kind === 'on-demand' ? undefined : listing.price.amount;
  if (criteria.priceMin !== undefined || criteria.priceMax !== undefined) {
    if (price === undefined) return false;
    if (criteria.priceMin !== undefined && price < criteria.priceMin) return false;
    if (criteria.priceMax !== undefined && price > criteria.priceMax) return false;
  }
  const { rooms } = listing;
  return atLeast(rooms.bedrooms, criteria.minRooms) && atLeast((rooms.garages ?? 0) + (rooms.parkings ?? 0), criteria.minParkings) && atLeast(rooms.bathrooms, criteria.minBathrooms);
}
