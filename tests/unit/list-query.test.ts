import { describe, expect, it } from 'vitest';
import { getProperties, townChoices, townSearchNames } from '@/lib/catalogue';
import { applyListParams, canonicalCity, canonicalListParams, listQueryString, pageWindow, parseCityQuery, parseListParams, type ListItem } from '@/lib/catalogue/list-query';

const item = (id: number, over: Partial<ListItem> = {}): ListItem => ({ id, webIds: [1], zip: '7000', townNames: ['mons', 'bergen'], price: id * 1000, created: `2026-01-${String(id).padStart(2, '0')}`, reference: false, ...over });

describe('list query', () => {
  it('parses the query string with safe defaults', () => {
    expect(parseListParams(new URLSearchParams('city=Mons|7000&type=3&sort=price-asc&page=2'))).toEqual({ city: 'Mons|7000', type: 3, status: 'on-offer', sort: 'price-asc', page: 2 });
    expect(parseListParams(new URLSearchParams('type=abc&sort=cheapest&page=-1'))).toEqual({ city: undefined, type: undefined, status: 'on-offer', sort: 'newest', page: 1 });
    expect(parseListParams(new URLSearchParams('status=references')).status).toBe('references');
    expect(parseListParams(new URLSearchParams('status=sold')).status).toBe('on-offer');
    expect(parseCityQuery('Mons')).toBeUndefined();
    expect(parseCityQuery('Mons|700')).toBeUndefined();
  });

  it('matches a town by any language name, ignoring case and accents, with the same postcode', () => {
    const items = [item(1), item(2, { zip: '7500', townNames: ['tournai', 'doornik'] }), item(3, { zip: '7190', townNames: ['ecaussinnes'] })];
    const ids = (city: string) => applyListParams(items, { status: 'on-offer', city, sort: 'newest', page: 1 }).ids;
    expect(ids('BERGEN|7000')).toEqual([1]);
    expect(ids('Doornik|7500')).toEqual([2]);
    expect(ids('Écaussinnes|7190')).toEqual([3]);
    expect(ids('Mons|7500')).toEqual([]);
  });

  it('sorts newest first, by price both ways, price on demand last', () => {
    const items = [item(1), item(2, { price: null }), item(3)];
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 1 }).ids).toEqual([3, 2, 1]);
    expect(applyListParams(items, { status: 'on-offer', sort: 'price-asc', page: 1 }).ids).toEqual([1, 3, 2]);
    expect(applyListParams(items, { status: 'on-offer', sort: 'price-desc', page: 1 }).ids).toEqual([3, 1, 2]);
  });

  it('pages by 12, clamps the page and counts the items', () => {
    const items = Array.from({ length: 25 }, (_, index) => item(index + 1));
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 1 })).toMatchObject({ total: 25, page: 1, pages: 3 });
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 3 }).ids).toHaveLength(1);
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 9 }).page).toBe(3);
    expect(applyListParams([], { status: 'on-offer', sort: 'newest', page: 1 })).toEqual({ ids: [], total: 0, page: 1, pages: 1 });
  });

  it('writes the query string without defaults', () => {
    expect(listQueryString({ city: 'Mons|7000', type: 3, sort: 'newest', page: 1 })).toBe('?city=Mons%7C7000&type=3');
    expect(listQueryString({ sort: 'price-desc', page: 2 })).toBe('?sort=price-desc&page=2');
    expect(listQueryString({ status: 'on-offer', sort: 'newest', page: 1 })).toBe('');
    expect(listQueryString({ status: 'references', sort: 'newest', page: 1 })).toBe('?status=references');
  });

  it('lists what is on offer, and the sold or rented references only under ?status=references', () => {
    const items = [item(1), item(2, { reference: true }), item(3)];
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 1 })).toMatchObject({ ids: [3, 1], total: 2 });
    expect(applyListParams(items, { status: 'references', sort: 'newest', page: 1 })).toMatchObject({ ids: [2], total: 1 });
  });

  it('canonicalises a known town from any case, accents, language or its bare name, and knows no other', () => {
    const french = townChoices('fr');
    expect(canonicalCity('mons|7000', french)).toBe('Mons|7000');
    expect(canonicalCity('BERGEN|7000', french)).toBe('Mons|7000');
    expect(canonicalCity('mons', french)).toBe('Mons|7000');
    expect(canonicalCity('ecaussinnes|7190', french)).toBe('Écaussinnes|7190');
    expect(canonicalCity('Mons|7000', townChoices('nl'))).toBe('Bergen|7000');
    expect(canonicalCity('Foo', french)).toBeUndefined();
    expect(canonicalCity('Mons|7500', french)).toBeUndefined();
    expect(canonicalCity('', french)).toBeUndefined();
    expect(canonicalListParams({ status: 'on-offer', city: 'mons', type: 99, sort: 'newest', page: 1 }, french, [1, 2, 3])).toEqual({ status: 'on-offer', city: 'Mons|7000', type: undefined, sort: 'newest', page: 1 });
  });

  it('gives the same results as the catalogue getters on the real data', () => {
    const properties = getProperties('fr', { goal: 'sale' });
    const items = properties.map((property) => ({ id: property.id, webIds: property.type.webIds, zip: property.town.zip, townNames: townSearchNames(property.town.zip), price: property.price.kind === 'on-demand' ? null : property.price.amount, created: property.created, reference: property.availability !== 'on-offer' }));
    const result = applyListParams(items, { status: 'on-offer', city: 'bergen|7000', sort: 'newest', page: 1 }, 100);
    expect(result.ids.sort()).toEqual(getProperties('fr', { goal: 'sale', availability: 'on-offer' }).filter((property) => property.town.zip === '7000').map((property) => property.id).sort());
  });
});

describe('page links', () => {
  it('link to the first, the last and two pages either side of the current one, whatever the number of pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 417)).toEqual([1, 2, 3, null, 417]);
    expect(pageWindow(100, 417)).toEqual([1, null, 98, 99, 100, 101, 102, null, 417]);
    expect(pageWindow(417, 417)).toEqual([1, null, 415, 416, 417]);
    expect(pageWindow(200, 417).length).toBeLessThanOrEqual(9);
  });

  it('show a single left-out page rather than an ellipsis standing for it', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
  });
});
