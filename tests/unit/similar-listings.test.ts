import { describe, expect, it } from 'vitest';
import { getProperties, type ListingSummary } from '@/lib/catalogue';
import { distanceKm } from '@/lib/catalogue/geography';
import { getSimilarListings } from '@/lib/catalogue/similar';

const priceOf = (listing: ListingSummary) => (listing.price.kind === 'on-demand' ? undefined : listing.price.amount);
const km = (a: ListingSummary, b: ListingSummary) =>
  a.position && b.position ? distanceKm({ lat: a.position.latitude, lng: a.position.longitude }, { lat: b.position.latitude, lng: b.position.longitude }) : Number.POSITIVE_INFINITY;

describe('similar listings', () => {
  const listings = getProperties('fr');

  it('are other listings on offer with the same goal and main type, at most four', () => {
    for (const listing of listings) {
      const similar = getSimilarListings(listing, 'fr');
      expect(similar.length).toBeLessThanOrEqual(4);
      for (const other of similar) {
        expect(other.id).not.toBe(listing.id);
        expect(other.goal).toBe(listing.goal);
        expect(other.availability).toBe('on-offer');
        expect(other.type.webIds).toContain(listing.type.webId);
      }
    }
  });

  it('put those within a quarter of the price first, the nearest first, then the rest of the type', () => {
    let checked = 0;
    for (const listing of listings) {
      const price = priceOf(listing);
      if (price === undefined) continue;
      const similar = getSimilarListings(listing, 'fr', 100);
      const inBand = similar.map((other) => {
        const own = priceOf(other);
        return own !== undefined && Math.abs(own - price) <= price * 0.25;
      });
      // Every listing in the band comes before every listing outside it.
      expect(inBand.indexOf(false) === -1 || inBand.lastIndexOf(true) < inBand.indexOf(false)).toBe(true);
      const band = similar.filter((_, index) => inBand[index]);
      for (let index = 1; index < band.length; index += 1) expect(km(listing, band[index - 1]!)).toBeLessThanOrEqual(km(listing, band[index]!));
      if (band.length > 1) checked += 1;
    }
    // The shipped catalogue has listings with several of their type in their price band.
    expect(checked).toBeGreaterThan(3);
  });

  it('shows the same under a sold listing: what is still on offer like it', () => {
    const sold = listings.find((listing) => listing.availability === 'reference' && getSimilarListings(listing, 'fr').length > 0);
    expect(sold).toBeDefined();
  });
});
