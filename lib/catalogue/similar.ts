import { distanceKm } from './geography';
import { getProperties, type Listing } from './index';
import type { CatalogueLanguage } from './schemas';

/*
 * "Similar properties" under a listing: others on offer with the same goal and main type, in the
 * same price band (a quarter either side) first, then the rest of that type, the nearest first in
 * each group. A listing whose price is on demand has no band: its type alone decides.
 */

/** How far either side of the price a listing counts as in the same band. */
const priceBand = 0.25;

const priceOf = (listing: Listing) => (listing.price.kind === 'on-demand' ? undefined : listing.price.amount);

function inBand(listing: Listing, price: number | undefined): boolean {
  const own = priceOf(listing);
  return price !== undefined && own !== undefined && Math.abs(own - price) <= price * priceBand;
}

/** Km between two listings where both can be placed (at their town when the address is hidden); unknown ones last. */
function distanceBetween(a: Listing, b: Listing): number {
  if (!a.position || !b.position) return Number.POSITIVE_INFINITY;
  return distanceKm({ lat: a.position.latitude, lng: a.position.longitude }, { lat: b.position.latitude, lng: b.position.longitude });
}

export function getSimilarListings(listing: Listing, language: CatalogueLanguage, count = 4): Listing[] {
  const price = priceOf(listing);
  const candidates = getProperties(language, { goal: listing.goal, availability: 'on-offer' }).filter(
    (candidate) => candidate.id !== listing.id && candidate.type.webIds.includes(listing.type.webId),
  );
  const byDistance = (a: Listing, b: Listing) => distanceBetween(listing, a) - distanceBetween(listing, b) || a.id - b.id;
  const band = candidates.filter((candidate) => inBand(candidate, price)).sort(byDistance);
  const rest = candidates.filter((candidate) => !inBand(candidate, price)).sort(byDistance);
  return [...band, ...rest].slice(0, count);
}
