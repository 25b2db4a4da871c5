import { describe, expect, it } from 'vitest';
import { readEditedSearch } from '@/lib/alerts/edit-search';
import { href } from '@/lib/pages';
import { searcherPage, refusedEditOf } from '@/lib/pages/searcher/kind';

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) for (const one of [value].flat()) data.append(name, one);
  return data;
};

const valid = { goal: 'sale', types: ['1', '2'], postcodes: '7000, 7011 7000', priceMin: '', priceMax: '300000', minRooms: '2', minBathrooms: '', minParkings: '', frequency: 'weekly' };

describe("a search edited in the searcher's space", () => {
  it('reads a valid edit into criteria, postcodes once each', () => {
    expect(readEditedSearch(form(valid))).toEqual({
      ok: true,
      frequency: 'weekly',
      criteria: { goal: 'sale', types: [1, 2], zips: ['7000', '7011'], priceMax: 300_000, minRooms: 2 },
    });
  });

  it('refuses each field at fault with its own error, all at once', () => {
    expect(readEditedSearch(form({ ...valid, priceMin: '500000', priceMax: '100000', minRooms: 'two', postcodes: '7000, Mons' }))).toEqual({
      ok: false,
      errors: { priceMax: 'priceRange', minRooms: 'numberInvalid', postcodes: 'postcodesInvalid' },
    });
    expect(readEditedSearch(form({ ...valid, postcodes: ' ,; ' }))).toEqual({ ok: false, errors: { postcodes: 'zoneRequired' } });
    expect(readEditedSearch(form({ ...valid, minParkings: '51' }))).toEqual({ ok: false, errors: { minParkings: 'numberInvalid' } });
  });

  it('treats a value outside the selects and boxes as forged, not as a typing error', () => {
    expect(readEditedSearch(form({ ...valid, goal: 'steal' }))).toEqual({ ok: false, forged: true });
    expect(readEditedSearch(form({ ...valid, types: ['1', '<b>'] }))).toEqual({ ok: false, forged: true });
    expect(readEditedSearch(form({ ...valid, frequency: 'hourly' }))).toEqual({ ok: false, forged: true });
  });
});

describe("the space's address after a refused edit", () => {
  const id = '0b9f6f3c-3c1e-4c55-9d1a-2f4a3b5c6d7e';

  it('carries the search and the errors of its fields, and reads them back', () => {
    const route = { page: 'searcher' as const, notice: 'invalid' as const, refused: { id, errors: { priceMax: 'priceRange' as const, postcodes: 'postcodesInvalid' as const } } };
    const path = href(route, 'fr');
    expect(path).toBe(`/fr/login/mes-recherches/?notice=invalid&search=${id}&errors=postcodes%3ApostcodesInvalid%2CpriceMax%3ApriceRange`);
    const url = new URL(path, 'https://example.be');
    expect(searcherPage.match(['login', 'mes-recherches'], url.searchParams, 'fr')).toEqual(route);
  });

  it('reads only known fields and errors of a well-formed search id', () => {
    expect(refusedEditOf(id, 'priceMax:priceRange,__proto__:numberInvalid,minRooms:<script>')).toEqual({ id, errors: { priceMax: 'priceRange' } });
    expect(refusedEditOf('../../etc', 'priceMax:priceRange')).toBeUndefined();
    expect(refusedEditOf(id, 'nothing:known')).toBeUndefined();
    expect(refusedEditOf(id, null)).toBeUndefined();
  });
});
