import { describe, expect, it } from 'vitest';
import { getProperties, listItemOf, townChoices, townSearchNames } from '@/lib/catalogue';
import {
  applyListParams,
  canonicalCity,
  canonicalListParams,
  choiceCounts,
  epcLetters,
  figureChoices,
  figureSteps,
  listFacets,
  listQueryString,
  pageWindow,
  parseCityQuery,
  parseListParams,
  receivedChoiceCounts,
  sentChoiceCounts,
  type ListFacet,
  type ListItem,
  type ListParams,
  type TownChoice,
} from '@/lib/catalogue/list-query';

const item = (id: number, over: Partial<ListItem> = {}): ListItem => ({
  id,
  webIds: [1],
  zip: '7000',
  townNames: ['mons', 'bergen'],
  price: id * 1000,
  created: `2026-01-${String(id).padStart(2, '0')}`,
  reference: false,
  ...over,
});

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
    expect(canonicalListParams({ status: 'on-offer', city: 'mons', type: 99, sort: 'newest', page: 1 }, french, [1, 2, 3])).toEqual({
      status: 'on-offer',
      city: 'Mons|7000',
      type: undefined,
      sort: 'newest',
      page: 1,
    });
  });

  it('gives the same results as the catalogue getters on the real data', () => {
    const properties = getProperties('fr', { goal: 'sale' });
    const items = properties.map((property) => ({
      id: property.id,
      webIds: property.type.webIds,
      zip: property.town.zip,
      townNames: townSearchNames(property.town.zip),
      price: property.price.kind === 'on-demand' ? null : property.price.amount,
      created: property.created,
      reference: property.availability !== 'on-offer',
    }));
    const result = applyListParams(items, { status: 'on-offer', city: 'bergen|7000', sort: 'newest', page: 1 }, 100);
    expect(result.ids.sort()).toEqual(
      getProperties('fr', { goal: 'sale', availability: 'on-offer' })
        .filter((property) => property.town.zip === '7000')
        .map((property) => property.id)
        .sort(),
    );
  });
});

describe('the figures a searcher filters by', () => {
  it('reads price, bedrooms, living surface and EPC from the query, and ignores what no search means', () => {
    expect(parseListParams(new URLSearchParams('min-price=200000&max-price=350000&bedrooms=3&surface=120&epc=C'))).toMatchObject({
      minPrice: 200_000,
      maxPrice: 350_000,
      bedrooms: 3,
      surface: 120,
      epc: 'c',
    });
    for (const query of ['min-price=-5', 'min-price=1e6', 'min-price=0x10', 'bedrooms=2.5', 'bedrooms=51', 'surface=', 'surface=9999999999', 'epc=h', 'epc=ab', 'max-price=%20']) {
      const { minPrice, maxPrice, bedrooms, surface, epc } = parseListParams(new URLSearchParams(query));
      expect({ query, figures: [minPrice, maxPrice, bedrooms, surface, epc] }).toEqual({ query, figures: [undefined, undefined, undefined, undefined, undefined] });
    }
  });

  it('writes them in the list URL in a fixed order, so one search has one URL', () => {
    expect(listQueryString({ epc: 'b', surface: 100, bedrooms: 2, maxPrice: 300_000, minPrice: 150_000, city: 'Mons|7000', sort: 'newest', page: 1 })).toBe(
      '?city=Mons%7C7000&min-price=150000&max-price=300000&bedrooms=2&surface=100&epc=b',
    );
    const query = 'city=Mons%7C7000&min-price=150000&max-price=300000&bedrooms=2&surface=100&epc=b&sort=price-asc&page=2';
    expect(listQueryString(parseListParams(new URLSearchParams(query)))).toBe(`?${query}`);
  });

  it('keeps the listings within every bound; an unknown figure or a price on demand matches no bound on it', () => {
    const items = [
      item(1, { price: 150_000, bedrooms: 2, living: 90, epc: 'c' }),
      item(2, { price: 250_000, bedrooms: 3, living: 140, epc: 'a' }),
      item(3, { price: null, bedrooms: 4, living: 200, epc: 'b' }),
      item(4, { price: 320_000, epc: 'f' }),
      item(5, { price: 400_000, bedrooms: 5, living: 250 }),
    ];
    const ids = (params: Partial<ReturnType<typeof parseListParams>>) => applyListParams(items, { status: 'on-offer', sort: 'price-asc', page: 1, ...params }).ids;
    expect(ids({ minPrice: 200_000 })).toEqual([2, 4, 5]);
    expect(ids({ maxPrice: 320_000 })).toEqual([1, 2, 4]);
    expect(ids({ minPrice: 150_000, maxPrice: 150_000 })).toEqual([1]);
    expect(ids({ bedrooms: 3 })).toEqual([2, 5, 3]);
    expect(ids({ surface: 140 })).toEqual([2, 5, 3]);
    expect(ids({ epc: 'b' })).toEqual([2, 3]);
    expect(ids({ epc: 'g' })).toEqual([1, 2, 4, 3]);
    expect(ids({ bedrooms: 2, epc: 'c', maxPrice: 300_000 })).toEqual([1, 2]);
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 1, bedrooms: 3 }).total).toBe(3);
  });

  it('filter the real catalogue as its listings say', () => {
    const { minPrice, bedrooms, surface } = { minPrice: 200_000, bedrooms: 3, surface: 100 };
    const listings = getProperties('nl', { goal: 'sale', availability: 'on-offer' });
    const expected = listings
      .filter((listing) => listing.price.kind !== 'on-demand' && listing.price.amount >= minPrice && (listing.rooms.bedrooms ?? 0) >= bedrooms && (listing.surfaces.living ?? 0) >= surface)
      .map((listing) => listing.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const items = listings.map(listItemOf);
    expect(applyListParams(items, { status: 'on-offer', sort: 'newest', page: 1, minPrice, bedrooms, surface }, 1000).ids.sort()).toEqual(expected);
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

describe('choice counts', () => {
  const towns: TownChoice[] = [
    { value: 'Mons|7000', zip: '7000', names: ['mons', 'bergen'] },
    { value: 'Tournai|7500', zip: '7500', names: ['tournai', 'doornik'] },
  ];
  const tournai = { zip: '7500', townNames: ['tournai', 'doornik'] };
  const items = [
    item(1, { price: 150_000, bedrooms: 2, epc: 'b' }),
    item(2, { price: 250_000, bedrooms: 3, epc: 'd', webIds: [2] }),
    item(3, { price: 350_000, bedrooms: 4, epc: 'a', ...tournai }),
    item(4, { price: 450_000, webIds: [2], ...tournai }),
    item(5, { price: 250_000, bedrooms: 3, reference: true }),
    item(6, { price: null, bedrooms: 1 }),
  ];
  const params = (over: Partial<ListParams> = {}): ListParams => ({ status: 'on-offer', sort: 'newest', page: 1, ...over });
  const count = (over: Partial<ListParams>) => choiceCounts(items, params(over), { towns, typeIds: [1, 2], goal: 'sale' });

  it('counts each choice with the other filters applied, not its own', () => {
    const counts = count({ type: 2, minPrice: 200_000 });
    // Types over the listings of € 200,000 or more (2, 3, 4): two of type 2, one of type 1; all three for "any".
    expect(counts.type).toEqual({ '': 3, '1': 1, '2': 2 });
    // Prices over the listings of type 2 (2 and 4), whatever the minimum chosen.
    expect(counts.minPrice).toMatchObject({ '': 2, '100000': 2, '250000': 2, '300000': 1, '400000': 1 });
    expect(counts.minPrice['500000']).toBeUndefined();
    // Towns over what both filters keep: 2 in Mons, 4 in Tournai.
    expect(counts.city).toEqual({ '': 2, 'Mons|7000': 1, 'Tournai|7500': 1 });
    expect(counts.epc).toEqual({ '': 2, d: 1, e: 1, f: 1, g: 1 });
  });

  it('leaves out a listing that two filters exclude, and what the status or the map area excludes', () => {
    // Listing 6 has its price on demand and one bedroom: under both bounds it counts nowhere.
    const counts = count({ minPrice: 100_000, bedrooms: 2 });
    expect(counts.minPrice['']).toBe(3);
    expect(counts.bedrooms['']).toBe(4);
    expect(counts.bedrooms['1']).toBe(3);
    expect(count({ status: 'references' }).type).toEqual({ '': 1, '1': 1 });
    expect(count({ bbox: { minLng: 3, minLat: 50, maxLng: 4, maxLat: 51 } }).type).toEqual({ '': 0 });
  });

  it('counts what the list would show for every choice of every filter, on the whole catalogue', () => {
    for (const goal of ['sale', 'rent'] as const) {
      const catalogue = getProperties('fr', { goal });
      const all = catalogue.map(listItemOf);
      const known = townChoices('fr');
      const typeIds = [...new Set(catalogue.flatMap((listing) => listing.type.webIds))];
      const bedrooms2 = params({ bedrooms: 2 });
      const cases = [
        params(),
        bedrooms2,
        params({ type: typeIds[0], epc: 'd' }),
        params({ city: catalogue[0]?.town && `${catalogue[0].town.name}|${catalogue[0].town.zip}`, maxPrice: figureChoices(goal, bedrooms2).maxPrice[4] }),
      ];
      for (const asked of cases) {
        const counts = choiceCounts(all, asked, { towns: known, typeIds, goal });
        const figures = figureChoices(goal, asked);
        const choicesOf: Record<ListFacet, (string | number)[]> = {
          city: known.map((town) => town.value),
          type: typeIds,
          minPrice: [...figures.minPrice],
          maxPrice: [...figures.maxPrice],
          bedrooms: [...figures.bedrooms],
          surface: [...figures.surface],
          epc: [...epcLetters],
        };
        for (const facet of listFacets) {
          expect(counts[facet][''] ?? 0, `${goal} ${facet} any`).toBe(applyListParams(all, { ...asked, [facet]: undefined }).total);
          for (const choice of choicesOf[facet]) {
            expect(counts[facet][String(choice)] ?? 0, `${goal} ${facet}=${choice}`).toBe(applyListParams(all, { ...asked, [facet]: choice }).total);
          }
        }
      }
    }
  });

  it('reach the page without a price step in its data (a hidden price could equal one), and read back the same', () => {
    const catalogue = getProperties('fr', { goal: 'sale' });
    const all = catalogue.map(listItemOf);
    const typeIds = [...new Set(catalogue.flatMap((listing) => listing.type.webIds))];
    for (const query of ['', 'min-price=250000&bedrooms=2', 'max-price=123456&epc=c']) {
      const asked = parseListParams(new URLSearchParams(query));
      const counts = choiceCounts(all, asked, { towns: townChoices('fr'), typeIds, goal: 'sale' });
      const sent = sentChoiceCounts(counts, 'sale', asked);
      const data = JSON.stringify(sent);
      for (const step of [...figureSteps.price.sale, 123456]) expect(data, `${query}: ${step}`).not.toContain(String(step));
      const received = receivedChoiceCounts(sent, 'sale', asked);
      const steps: Partial<Record<ListFacet, readonly number[]>> = figureChoices('sale', asked);
      for (const facet of listFacets) {
        const keys = ['', ...(steps[facet]?.map(String) ?? Object.keys(counts[facet]))];
        for (const key of keys) expect(received[facet][key] ?? 0, `${query}: ${facet} ${key}`).toBe(counts[facet][key] ?? 0);
      }
    }
  });
});
