import { describe, expect, it } from 'vitest';
import { getProperties, getTotals } from '@/lib/catalogue';
import { buildSearchIndex, searchDescriptionLimit } from '@/lib/search';

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

  it('lists every listing with its reference, text cut at 100 characters and detail link', () => {
    expect(index.properties).toHaveLength(getProperties('nl').length);
    for (const property of index.properties) {
      expect(property.text.length).toBeLessThanOrEqual(searchDescriptionLimit + 1);
      expect(property.href).toMatch(new RegExp(`^/nl/(te-koop|te-huur)/[a-z0-9-]+/[a-z0-9-]+/${property.id}/$`));
    }
  });
});
