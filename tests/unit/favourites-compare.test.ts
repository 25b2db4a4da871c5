import { describe, expect, it } from 'vitest';
import { getProperty, type Listing } from '@/lib/catalogue';
import { compareColumn, compareRows, comparison } from '@/lib/favourites/compare';
import { compareColumnUrl, compareRowsOf, isCompareColumn, type CompareRow } from '@/lib/favourites/compare-rows';
import { GET as compareColumnRoute } from '@/app/api/compare-listing/[lang]/[id]/route';
import { href } from '@/lib/pages';
import { parseCompareIds } from '@/lib/pages/compare-ids';
import { compareQueryString } from '@/lib/pages/compare-query';
import { hostileStrings } from './hostile-payloads';

const listing = (id: number): Listing => {
  const found = getProperty(id, 'fr');
  if (!found) throw new Error(`listing ${id} is not in the catalogue`);
  return found;
};
const row = (rows: CompareRow[], key: CompareRow['key']) => rows.find((candidate) => candidate.key === key);

describe('the comparison URL', () => {
  it('reads up to four listing IDs in order, each once', () => {
    expect(parseCompareIds('4000012,4000055')).toEqual({ ids: [4000012, 4000055], invalid: 0, beyondLimit: 0 });
    expect(parseCompareIds(' 7 , 8,,7 ')).toEqual({ ids: [7, 8], invalid: 0, beyondLimit: 0 });
    expect(parseCompareIds('1,2,3,4,5,6')).toEqual({ ids: [1, 2, 3, 4], invalid: 0, beyondLimit: 2 });
  });

  it('counts entries that are not IDs without keeping them', () => {
    expect(parseCompareIds('<script>alert(1)</script>,12,-4,1.5,0x10,0')).toEqual({ ids: [12], invalid: 5, beyondLimit: 0 });
    expect(parseCompareIds('9'.repeat(30))).toEqual({ ids: [], invalid: 1, beyondLimit: 0 });
  });

  it('refuses a value longer than four IDs can be, whole', () => {
    expect(parseCompareIds('1,'.repeat(150))).toEqual({ ids: [], invalid: 1, beyondLimit: 0 });
  });

  it('reads nothing from an absent or empty value', () => {
    expect(parseCompareIds(null)).toEqual({ ids: [], invalid: 0, beyondLimit: 0 });
    expect(parseCompareIds('')).toEqual({ ids: [], invalid: 0, beyondLimit: 0 });
  });

  it('is written in one spelling', () => {
    expect(compareQueryString([4000001, 4000002])).toBe('?ids=4000001,4000002');
    expect(compareQueryString([1, 2, 3, 4, 5])).toBe('?ids=1,2,3,4');
    expect(compareQueryString([])).toBe('');
  });

  it('reports the IDs the catalogue does not have', () => {
    const { listings, unknown } = comparison(parseCompareIds('4000001,999999999,4000002'), 'fr');
    expect(listings.map((found) => found.id)).toEqual([4000001, 4000002]);
    expect(unknown).toEqual([999999999]);
  });
});

describe('the comparison rows', () => {
  it('give each listing its figures from the catalogue', () => {
    // From data/catalogue (fr): 4000001 house, Mons, € 235.000, 128 m² living, 1114 m² plot, 4 bedrooms,
    // 1 bathroom, 132 kWh/m² (Wallonia: B), built 1990, outside flood zone, no charges given;
    // 4000002 flat, Mons, € 220.000, 103 m², no plot, 1 bedroom, 1 bathroom, 45 kWh/m² (A+), 2026, charges € 65.
    const rows = compareRows([listing(4000001), listing(4000002)]);
    expect(row(rows, 'pricePerM2')?.cells).toEqual([
      { kind: 'euro', amount: 1836 }, // 235 000 / 128 = 1 835,94
      { kind: 'euro', amount: 2136 }, // 220 000 / 103 = 2 135,92
    ]);
    expect(row(rows, 'living')?.cells).toEqual([
      { kind: 'area', m2: 128 },
      { kind: 'area', m2: 103 },
    ]);
    expect(row(rows, 'plot')?.cells).toEqual([{ kind: 'area', m2: 1114 }, undefined]);
    expect(row(rows, 'bedrooms')?.cells).toEqual([
      { kind: 'count', count: 4 },
      { kind: 'count', count: 1 },
    ]);
    expect(row(rows, 'epcLabel')?.cells).toEqual([
      { kind: 'text', text: 'B' },
      { kind: 'text', text: 'A+' },
    ]);
    expect(row(rows, 'epcValue')?.cells).toEqual([
      { kind: 'energy', kwh: 132 },
      { kind: 'energy', kwh: 45 },
    ]);
    expect(row(rows, 'constructionYear')?.cells).toEqual([
      { kind: 'year', year: 1990 },
      { kind: 'year', year: 2026 },
    ]);
    expect(row(rows, 'charges')?.cells).toEqual([undefined, { kind: 'euro', amount: 65 }]);
    expect(row(rows, 'floodZone')?.cells).toEqual([
      { kind: 'text', text: 'Hors zone à risque' },
      { kind: 'text', text: 'Hors zone à risque' },
    ]);
  });

  it('mark the rows that differ, a missing figure against a given one included', () => {
    const rows = compareRows([listing(4000001), listing(4000002)]);
    const differing = rows.filter((candidate) => candidate.differs).map((candidate) => candidate.key);
    expect(differing).toEqual(expect.arrayContaining(['price', 'pricePerM2', 'living', 'plot', 'bedrooms', 'epcLabel', 'epcValue', 'constructionYear', 'charges', 'distance']));
    expect(differing).not.toContain('bathrooms');
    expect(differing).not.toContain('floodZone');
    expect(differing).not.toContain('state');
  });

  it('mark nothing when the listings are alike, and leave out a row no listing fills', () => {
    const base = listing(4000002);
    const twin: Listing = { ...base, id: base.id + 1 };
    const rows = compareRows([base, twin]);
    expect(rows.some((candidate) => candidate.differs)).toBe(false);
    expect(row(rows, 'plot')).toBeUndefined();
  });

  it('give the distance from the office (Mons, 50.4542 N 3.9518 E) to where the listing may be shown', () => {
    const base = listing(4000002);
    const atOffice: Listing = { ...base, position: { latitude: 50.4542, longitude: 3.9518 } };
    // 0.1° of latitude further north: 0.1 × 111.2 km = 11.12 km, written to 100 m.
    const north: Listing = { ...base, position: { latitude: 50.5542, longitude: 3.9518 } };
    const unplaced: Listing = { ...base, position: undefined };
    expect(row(compareRows([atOffice, north, unplaced]), 'distance')?.cells).toEqual([{ kind: 'distance', km: 0 }, { kind: 'distance', km: 11.1 }, undefined]);
  });

  it('place a listing whose address is hidden at its town, never at its street', () => {
    const hidden = listing(4000009);
    expect(hidden.street).toBeUndefined();
    expect(hidden.spot).toBeUndefined();
    expect(row(compareRows([hidden]), 'distance')?.cells[0]).toEqual(hidden.position ? { kind: 'distance', km: expect.any(Number) } : undefined);
  });

  it('say which listing is sold', () => {
    const sold = listing(4000003);
    expect(sold.state).toBe('sold');
    const rows = compareRows([listing(4000001), sold]);
    expect(row(rows, 'state')).toEqual({
      key: 'state',
      cells: [
        { kind: 'state', state: 'on-offer' },
        { kind: 'state', state: 'sold' },
      ],
      differs: true,
    });
  });
});

describe("the static export's comparison", () => {
  const ids = [4000001, 4000009, 4000006, 4000003];
  const context = (lang: string, id: string) => ({ params: Promise.resolve({ lang, id }) });

  it('draws from per-listing files the same rows as the server, after a trip through JSON', async () => {
    const listings = ids.map(listing);
    const files = await Promise.all(ids.map(async (id) => (await compareColumnRoute(new Request(`http://site${compareColumnUrl('fr', id, false)}`), context('fr', String(id)))).json()));
    expect(files.every(isCompareColumn)).toBe(true);
    expect(compareRowsOf(files.filter(isCompareColumn).map((column) => column.cells))).toEqual(compareRows(listings));
    expect(files[0]).toEqual(expect.objectContaining({ id: 4000001, title: listings[0]?.title, href: href({ page: 'property', id: 4000001 }, 'fr') }));
  });

  it('answers 404 for an unknown listing, language or a malformed ID', async () => {
    for (const [lang, id] of [
      ['fr', '999999999'],
      ['xx', '4000001'],
      ['fr', '4000001x'],
      ['fr', '0'],
    ] as const) {
      expect((await compareColumnRoute(new Request('http://site/'), context(lang, id))).status, `${lang} ${id}`).toBe(404);
    }
  });

  it('answers a hostile language or ID with the same 404, and reads nothing it was not asked for', async () => {
    const values = [...hostileStrings, '4000001/../4000002', '4000001.json', ' 4000001', '4000001 ', '+4000001', '04000001'.padStart(40, '0')];
    for (const value of values) {
      const cases: [lang: string, id: string][] = [
        ['fr', value],
        [value, '4000001'],
      ];
      for (const [lang, id] of cases) {
        const answer = await compareColumnRoute(new Request('http://site/'), context(lang, id));
        expect(answer.status, JSON.stringify([lang, id])).toBe(404);
        expect(await answer.json()).toEqual({ error: 'not found' });
      }
    }
  });

  it('refuses a file that is not a column', () => {
    const column = JSON.parse(JSON.stringify(compareColumn(listing(4000001), 'fr')));
    expect(isCompareColumn(column)).toBe(true);
    expect(isCompareColumn(null)).toBe(false);
    expect(isCompareColumn({ ...column, href: 'https://elsewhere.example/' })).toBe(false);
    expect(isCompareColumn({ ...column, cells: { ...column.cells, living: { kind: 'area', m2: '128' } } })).toBe(false);
    expect(isCompareColumn({ ...column, cells: { ...column.cells, unknownRow: { kind: 'text', text: 'x' } } })).toBe(false);
    expect(isCompareColumn({ ...column, cells: { ...column.cells, state: { kind: 'state', state: 'gone' } } })).toBe(false);
  });

  it('is fetched from a file per listing on the export and from the route on the server', () => {
    expect(compareColumnUrl('nl', 4000001, true)).toBe('/api/compare-listing/nl/4000001.json');
    expect(compareColumnUrl('nl', 4000001, false)).toBe('/api/compare-listing/nl/4000001/');
  });
});
