import { distanceKm } from './geography';
import { getProperties, type ListingSummary } from './index';
import type { CatalogueLanguage } from './schemas';

/*
 * "Similar properties" under a listing: others on offer with the same goal and main type, in the
 * same price band (a quarter either side) first, then the rest of that type, the nearest first in
 * each group. A listing whose price is on demand has no band: its type alone decides.
 */

/** How far either side of the price a listing counts as in the same band. */
const priceBand = 0.25;

const priceOf = (listing: ListingSummary) => (listing.price.kind === 'on-demand' ? undefined : listing.price.amount);

function inBand(listing: ListingSummary, price: number | undefined): boolean {
  const own = priceOf(listing);
  return price !== undefined && own !== undefined && Math.abs(own - price) <= price * priceBand;
}

/** Km between two listings where both can be placed (at their town when the address is hidden); unknown ones last. */
function distanceBetween(a: ListingSummary, b: ListingSummary): number {
  if (!a.position || !b.position) return Number.POSITIVE_INFINITY;
  return distanceKm({ lat: a.position.latitude, lng: a.position.longitude }, { lat: b.position.latitude, lng: b.position.longitude });
}

export function getSimilarListings(listing: ListingSummary, language: CatalogueLanguage, count = 4): ListingSummary[] {
  const price = priceOf(listing);
  // Each candidate's distance and band worked out once, not in every comparison of the sort.
  const ranked = getProperties(language, { goal: listing.goal, availability: 'on-offer', type: listing.type.webId })
    .filter((candidate) => candidate.id !== listing.id)
    .map((candidate) => ({ candidate, band: inBand(candidate, price) ? 0 : 1, km: distanceBetween(listing, candidate) }));
  ranked.sort((a, b) => a.band - b.band || a.km - b.km || a.candidate.id - b.candidate.id);
  return ranked.slice(0, count).map(({ candidate }) => candidate);
}
