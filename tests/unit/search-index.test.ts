import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { getProperties, getTotals } from '@/lib/catalogue';
import { townLine } from '@/lib/format';
import { buildSearchIndex, searchDescriptionLimit } from '@/lib/search';
import { prepareIndex, searchIndex, searchProperty, shownLimit, type SearchIndex, type TextMatcher } from '@/lib/search/compact';

/** Case-insensitive containment: what fuse.js at threshold 0 finds, without its ranking. */
const contains: TextMatcher = (items, keys, text) => items.filter((item) => keys.some((key) => String(item[key]).toLowerCase().includes(text.toLowerCase())));

describe('home search index', () => {
  const index = buildSearchIndex('nl');

  it('holds the 7 types and every town with counts that add up to the totals', () => {
    expect(index.types).toHaveLength(7);
    const totals = getTotals('nl');
    expect(index.cities.reduce((sum, city) => sum + city.sale.count, 0)).toBe(totals.sale);
    expect(index.cities.reduce((sum, city) => sum + city.rent.count, 0)).toBe(totals.rent);
  });

  it('links types and towns to the filtered lists', () => {
    const apartment = index.types.find((type) => type.id === '3')!;
    expect(apartment.sale.href).toBe('/nl/te-koop/?type=3');
    const mons = index.cities.find((city) => city.zip === '7000')!;
    expect(mons.name).toBe('Bergen');
    expect(mons.rent.href).toBe('/nl/te-huur/?city=Bergen%7C7000');
  });

  it('lists every listing with its reference, text cut at 100 characters, town, picture and detail link', () => {
    const listings = getProperties('nl');
    expect(index.properties).toHaveLength(listings.length);
    for (const row of index.properties) {
      const property = searchProperty(index, row);
      const listing = listings.find((candidate) => String(candidate.id) === property.id)!;
      expect(property.text.length).toBeLessThanOrEqual(searchDescriptionLimit + 1);
      expect(property.href).toMatch(new RegExp(`^/nl/(te-koop|te-huur)/[a-z0-9-]+/[a-z0-9-]+/${property.id}/$`));
      expect(property.town).toBe(townLine(listing.town));
      expect(property.picture).toBe(listing.thumbnail?.url ?? null);
    }
  });

  it('writes a link or picture pattern shared by several listings once', () => {
    expect(index.links.length).toBeLessThan(index.properties.length);
    expect(index.towns.length).toBeLessThan(index.properties.length);
    expect(index.pictures).toEqual(['/catalogue/{id}/1-sm.webp']);
  });
});

describe('matching over the index', () => {
  /** The shipped index with its listings repeated under new IDs, as a large catalogue would be. */
  function scaled(count: number): SearchIndex {
    const base = buildSearchIndex('en');
    const rows = Array.from({ length: count }, (_, position) => {
      const [, text, town, link, picture] = base.properties[position % base.properties.length]!;
      return [9000000 + position, text, town, link, picture] satisfies SearchIndex['properties'][number];
    });
    return { ...base, properties: rows };
  }

  it('shows at most 50 listings for an empty field, and says how many more there are', () => {
    const results = searchIndex(prepareIndex(scaled(5000)), '  ', contains);
    expect(results.properties).toHaveLength(shownLimit);
    expect(results.hidden.properties).toBe(5000 - shownLimit);
    expect(results.types).toHaveLength(7);
    expect(results.total).toBe(7 + results.cities.length + 5000);
  });

  it('finds a listing by an exact ID token only, once however often it is typed', () => {
    const prepared = prepareIndex(scaled(5000));
    expect(searchIndex(prepared, '9004999', contains).properties.map((property) => property.id)).toEqual(['9004999']);
    expect(searchIndex(prepared, '9004999 9004999 9000001', contains).properties.map((property) => property.id)).toEqual(['9004999', '9000001']);
    expect(searchIndex(prepared, '900499', contains).properties).toEqual([]);
  });

  it('finds towns by name or postcode and types by name', () => {
    const prepared = prepareIndex(buildSearchIndex('en'));
    expect(searchIndex(prepared, '7000', contains).cities.map((city) => city.name)).toEqual(['Mons']);
    expect(searchIndex(prepared, 'apartment', contains).types.map((type) => type.name)).toEqual(['Apartment']);
  });

  /** The panel's own matcher (search-panel.tsx): fuse.js at threshold 0. */
  const fuse: TextMatcher = (items, keys, text) => new Fuse(items, { keys, threshold: 0, ignoreLocation: true, isCaseSensitive: false }).search(text).map((result) => result.item);

  it('finds a town by its name in any language (issue 39: "mons" on the Dutch home finds Bergen)', () => {
    const dutch = prepareIndex(buildSearchIndex('nl'));
    expect(searchIndex(dutch, 'mons', fuse).cities.map((city) => city.name)).toEqual(['Bergen']);
    const french = prepareIndex(buildSearchIndex('fr'));
    expect(searchIndex(french, 'bergen', fuse).cities.map((city) => city.name)).toEqual(['Mons']);
  });

  it('finds the town and the type of a two-word query, each by one of its words', () => {
    const results = searchIndex(prepareIndex(buildSearchIndex('nl')), 'Bergen appartement', fuse);
    expect(results.cities.map((city) => city.name)).toEqual(['Bergen']);
    expect(results.types.map((type) => type.name)).toEqual(['Appartement']);
  });

  it('keeps a town whose name is two words whole rather than each of its words', () => {
    const index = buildSearchIndex('fr');
    const twoWords = index.cities.find((city) => city.name.includes(' '));
    if (!twoWords) return;
    expect(searchIndex(prepareIndex(index), twoWords.name, fuse).cities.map((city) => city.name)).toEqual([twoWords.name]);
  });
});

describe('the search without JavaScript (issue 39: Enter in the home field goes to a page)', () => {
  it('sends an ID to its listing, a town and a type to their list, and anything else to the list of what is for sale', async () => {
    const { searchTarget } = await import('@/lib/search');
    const listing = getProperties('nl')[0]!;
    expect(searchTarget('nl', String(listing.id))).toMatch(new RegExp(`/${listing.id}/$`));
    expect(searchTarget('nl', 'mons')).toBe('/nl/te-koop/?city=Bergen%7C7000');
    expect(searchTarget('nl', 'Bergen appartement')).toBe('/nl/te-koop/?city=Bergen%7C7000&type=3');
    expect(searchTarget('nl', 'appartement')).toBe('/nl/te-koop/?type=3');
    expect(searchTarget('nl', 'zzzz')).toBe('/nl/te-koop/');
    expect(searchTarget('nl', '')).toBe('/nl/te-koop/');
  });
});
