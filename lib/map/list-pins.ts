import { createHash } from 'node:crypto';
import type { Goal, Listing } from '../catalogue';
import { getListMatches } from '../catalogue/list-page';
import { parseListParams } from '../catalogue/list-query';
import type { Language } from '../config';
import { listingPrice } from '../format';
import { imageUrl } from '../media/image-url';
import { pictureSrc } from '../media/picture-src';
import { href } from '../pages';

/*
 * The pins of a list's map (components/catalogue/list-map): every listing the list's filters keep,
 * on every page, answered by app/api/list-pins when the visitor opens the map, so the list's own
 * HTML carries none of them.
 */

/** A pin and its card: `picture` is a small variant from the site's own image route. */
type ListPin = { id: number; lat: number; lng: number; title: string; price: string; town: string; picture?: string; href: string };
/** Over `pinLimit` matches, the towns with their counts instead: the map asks to zoom in or filter. */
type ListPinTown = { town: string; lat: number; lng: number; count: number };
export type ListPins = { total: number; pins: ListPin[]; towns: ListPinTown[] };

/** More pins than this would weigh the answer and the map down; a searcher zooms in or filters first. */
const pinLimit = 500;
/** Longer query strings are no list query (the longest, every filter and a bbox, is under 200 characters). */
const queryLimit = 500;

type PriceWords = Parameters<typeof listingPrice>[1];

/**
 * The pins of the listings, at `Listing.position`: for a listing whose address is hidden that is
 * its town, rounded by lib/catalogue/public-view before any page sees it, never its street.
 */
export function listPinsOf(listings: readonly Listing[], language: Language, words: PriceWords): ListPins {
  const located = listings.flatMap((listing) => (listing.position ? [{ listing, position: listing.position }] : []));
  if (located.length > pinLimit) {
    const byTown = new Map<string, { town: string; lat: number; lng: number; count: number }>();
    for (const { listing, position } of located) {
      const key = `${listing.town.name}|${listing.town.zip}`;
      const town = byTown.get(key) ?? { town: listing.town.name, lat: 0, lng: 0, count: 0 };
      town.lat += position.latitude;
      town.lng += position.longitude;
      town.count += 1;
      byTown.set(key, town);
    }
    const round = (value: number) => Math.round(value * 10_000) / 10_000;
    const towns = [...byTown.values()].map((town) => ({ ...town, lat: round(town.lat / town.count), lng: round(town.lng / town.count) }));
    return { total: located.length, pins: [], towns };
  }
  const pins = located.map(({ listing, position }): ListPin => {
    const picture = listing.thumbnail ?? listing.picture;
    return {
      id: listing.id,
      lat: position.latitude,
      lng: position.longitude,
      title: listing.type.name,
      price: listingPrice(listing.price, words),
      town: listing.town.name,
      ...(picture ? { picture: imageUrl(pictureSrc(picture.url), { width: 250, format: 'webp' }) } : {}),
      href: href({ page: 'property', id: listing.id }, language),
    };
  });
  return { total: located.length, pins, towns: [] };
}

const goalOf = (value: string | null): Goal | undefined => (value === 'sale' || value === 'rent' ? value : undefined);

/**
 * The answer of app/api/list-pins/{language}/?goal=sale&…the list's query: the same parser as the
 * list page, so the pins are the list's matches. Cached by the browser and any shared cache for a
 * few minutes and revalidated by an ETag of the body, which changes with the catalogue.
 */
export function listPinsResponse(request: Request, language: Language, words: PriceWords): Response {
  const url = new URL(request.url);
  const goal = goalOf(url.searchParams.get('goal'));
  if (url.search.length > queryLimit || !goal) return Response.json({ error: 'goal=sale or goal=rent and a list query' }, { status: 400 });
  const pins = listPinsOf(getListMatches(language, goal, parseListParams(url.searchParams)), language, words);
  const body = JSON.stringify(pins);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { 'Cache-Control': 'public, max-age=300', ETag: etag, 'Content-Type': 'application/json; charset=utf-8' };
  const asked = request.headers.get('if-none-match');
  if (asked !== null && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
