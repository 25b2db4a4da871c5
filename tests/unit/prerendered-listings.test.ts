import { afterEach, describe, expect, it, vi } from 'vitest';
import { getProperties, latestListings } from '@/lib/catalogue';
import { getEnabledLanguages } from '@/lib/config';
import { allPathSegments, checkPath, prerenderedListingCount } from '@/lib/pages/check-path';

/*
 * Issue 36 item 7: the server build prerenders every page but the listings, of which only a share
 * (the newest on offer and those the listing modules show); the others render on their first
 * request. The sitemap and the static export still see every listing.
 */

const listingIdOf = (language: string, segments: string[]): number | undefined => {
  const check = checkPath(`/${language}/${segments.join('/')}/`);
  return check.kind === 'ok' && check.resolved.route.page === 'property' ? check.resolved.route.id : undefined;
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the prerendered share of the listing pages', () => {
  it('keeps every page but the listings, the newest on offer and each goal’s newest four', () => {
    vi.stubEnv('PRERENDERED_LISTINGS', '3');
    for (const language of getEnabledLanguages()) {
      const every = allPathSegments(language);
      const share = allPathSegments(language, { prerendered: true });
      const others = (paths: string[][]) => paths.filter((segments) => listingIdOf(language, segments) === undefined).map((segments) => segments.join('/'));
      expect(others(share)).toEqual(others(every));
      const kept = new Set(share.map((segments) => listingIdOf(language, segments)).filter((id) => id !== undefined));
      const expected = new Set([...latestListings(undefined, language, 3), ...latestListings('sale', language, 4), ...latestListings('rent', language, 4)].map((listing) => listing.id));
      expect([...kept].sort()).toEqual([...expected].sort());
      // The catalogue has more listings than that: the share is a share.
      expect(kept.size).toBeLessThan(getProperties(language).length);
      expect(kept.size).toBeGreaterThanOrEqual(3);
    }
  });

  it('is every page without the option (the sitemap, the static export, the tests that crawl)', () => {
    vi.stubEnv('PRERENDERED_LISTINGS', '0');
    for (const language of getEnabledLanguages()) {
      const ids = new Set(
        allPathSegments(language)
          .map((segments) => listingIdOf(language, segments))
          .filter((id) => id !== undefined),
      );
      expect(ids.size).toBe(new Set(getProperties(language).map((listing) => listing.id)).size);
    }
  });

  it('reads PRERENDERED_LISTINGS: 200 by default, a whole number within bounds, else a clear error', () => {
    expect(prerenderedListingCount(undefined)).toBe(200);
    expect(prerenderedListingCount('')).toBe(200);
    expect(prerenderedListingCount('0')).toBe(0);
    expect(prerenderedListingCount('5000')).toBe(5000);
    for (const bad of ['-1', '2.5', 'many', '1e9', '100001']) {
      expect(() => prerenderedListingCount(bad)).toThrow(`PRERENDERED_LISTINGS must be a whole number from 0 to 100000, not "${bad}"`);
    }
  });
});
