import { createHash } from 'node:crypto';
import type { Goal, ListingSummary } from '../catalogue';
import { getListMatches } from '../catalogue/list-page';
import { parseListParams } from '../catalogue/list-query';
import type { Language } from '../config';
import { listingPrice } from '../format';
import { imageUrl } from '../media/image-url';
import { pictureSrc } from '../media/picture-src';
import { href } from '../pages';
import { pinLimit, townPins, type ListPin, type ListPins } from './list-pins-shape';

/*
 * The pins of a list's map (components/catalogue/list-map): every listing the list's filters keep,
 * on every page, answered by app/api/list-pins when the visitor opens the map, so the list's own
 * HTML carries none of them.
 */

/** Longer query strings are no list query (the longest, every filter and a bbox, is under 200 characters). */
const queryLimit = 500;

type PriceWords = Parameters<typeof listingPrice>[1];

/**
 * The pins of the listings, at `Listing.position`: for a listing whose address is hidden that is
 * its town, rounded by lib/catalogue/public-view before any page sees it, never its street.
 */
export function listPinsOf(listings: readonly ListingSummary[], language: Language, words: PriceWords): ListPins {
  const located = listings.flatMap((listing) => (listing.position ? [{ listing, position: listing.position }] : []));
  if (located.length > pinLimit) {
    const places = located.map(({ listing, position }) => ({ key: `${listing.town.name}|${listing.town.zip}`, town: listing.town.name, lat: position.latitude, lng: position.longitude }));
    return { total: located.length, pins: [], towns: townPins(places) };
  }
  // `picture` is a small variant from the site's own image route.
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
