import { describe, expect, it } from 'vitest';
import { getProperties } from '@/lib/catalogue';
import { getListMatches, getListPage } from '@/lib/catalogue/list-page';
import { bboxOfBounds, listQueryKeys, listQueryString, parseBbox, parseListParams } from '@/lib/catalogue/list-query';
import { checkedCatalogue } from '../checked-catalogue';
import { listItemOf } from '@/lib/catalogue';
import { matchingListItems } from '@/lib/catalogue/list-query';
import { buildSavedListingsIndex } from '@/lib/favourites/saved-listings-index';
import { exportListPins } from '@/lib/map/export-pins';
import { listPinsOf, listPinsResponse } from '@/lib/map/list-pins';
import { href } from '@/lib/pages';
import { forSalePage } from '@/lib/pages/list/kind';

/*
 * The list's map: the area of "search this area" as the URL carries it, the list cut to it on
 * the server, and the pins, where a listing whose address is hidden stands at its town.
 */

const words = (word: string) => word;

describe('?bbox=minLng,minLat,maxLng,maxLat', () => {
  it('reads an area within Belgium and Luxembourg', () => {
    expect(parseBbox('3.7,50.8,4.5,51.1')).toEqual({ minLng: 3.7, minLat: 50.8, maxLng: 4.5, maxLat: 51.1 });
    expect(parseBbox(' 3.7123 , 50.8 ,4.5,51.1 ')).toEqual({ minLng: 3.7123, minLat: 50.8, maxLng: 4.5, maxLat: 51.1 });
  });

  it('ignores a reversed, empty, outside, malformed or over-precise area', () => {
    for (const value of [
      '4.5,50.8,3.7,51.1', // west after east
      '3.7,51.1,4.5,50.8', // south after north
      '3.7,50.8,3.7,51.1', // no width
      '-0.1,50.8,4.5,51.1', // west of the limits
      '3.7,50.8,4.5,52.5', // north of the limits
      '3.7,NaN,4.5,51.1',
      '3.7,50.8,4.5',
      '3.7,50.8,4.5,51.1,5',
      '3.71234,50.8,4.5,51.1', // five decimals
      '3.7e0,50.8,4.5,51.1',
      '',
      null,
    ]) {
      expect(parseBbox(value), String(value)).toBeUndefined();
    }
    expect(parseListParams(new URLSearchParams('bbox=4.5,50.8,3.7,51.1')).bbox).toBeUndefined();
  });

  it('writes a map view as the URL carries it: cut to the limits, widened to four decimals', () => {
    expect(bboxOfBounds({ minLng: 3.712345, minLat: 50.812345, maxLng: 4.512341, maxLat: 51.100001 })).toEqual({ minLng: 3.7123, minLat: 50.8123, maxLng: 4.5124, maxLat: 51.1001 });
    expect(bboxOfBounds({ minLng: -10, minLat: 40, maxLng: 20, maxLat: 60 })).toEqual({ minLng: 2.3, minLat: 49.3, maxLng: 6.7, maxLat: 51.7 });
    expect(bboxOfBounds({ minLng: 10, minLat: 40, maxLng: 20, maxLat: 45 })).toBeUndefined();
  });

  it('is one of the list query keys, in the canonical query string, and kept by the route', () => {
    expect(listQueryKeys).toContain('bbox');
    const params = parseListParams(new URLSearchParams('bbox=3.7,50.8,4.5,51.1&city=Mons|7000&page=2'));
    expect(listQueryString(params)).toBe('?city=Mons%7C7000&bbox=3.7%2C50.8%2C4.5%2C51.1&page=2');
    expect(listQueryString(parseListParams(new URLSearchParams(listQueryString(params).slice(1))))).toBe(listQueryString(params));
    const route = forSalePage.match(['te-koop'], new URLSearchParams('bbox=3.7,50.8,4.5,51.1'), 'nl');
    expect(route?.query?.bbox).toEqual({ minLng: 3.7, minLat: 50.8, maxLng: 4.5, maxLat: 51.1 });
    expect(href({ page: 'for-sale', query: { bbox: { minLng: 3.7, minLat: 50.8, maxLng: 4.5, maxLat: 51.1 } } }, 'nl')).toBe('/nl/te-koop/?bbox=3.7%2C50.8%2C4.5%2C51.1');
  });
});

describe('the list cut to an area, on the server', () => {
  const onOffer = getProperties('fr', { goal: 'sale', availability: 'on-offer' });
  const placed = onOffer.filter((listing) => listing.position !== undefined);
  // An area around the first listing only: a tenth of a degree each way.
  const first = placed[0];

  it('keeps the listings inside the area and counts them, on every page', () => {
    if (!first?.position) throw new Error('the demo catalogue has a placed listing for sale');
    const { latitude, longitude } = first.position;
    const bbox = { minLng: longitude - 0.1, minLat: latitude - 0.1, maxLng: longitude + 0.1, maxLat: latitude + 0.1 };
    const inside = placed.filter(
      ({ position }) => position && position.longitude >= bbox.minLng && position.longitude <= bbox.maxLng && position.latitude >= bbox.minLat && position.latitude <= bbox.maxLat,
    );
    const outside = onOffer.filter((listing) => !inside.includes(listing));
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    const page = getListPage('fr', 'sale', { ...parseListParams(new URLSearchParams()), bbox });
    expect(page.result.total).toBe(inside.length);
    expect(page.listings.every((listing) => inside.includes(listing))).toBe(true);
    expect(page.params.bbox).toEqual(bbox);
    expect(
      getListMatches('fr', 'sale', { ...parseListParams(new URLSearchParams()), bbox })
        .map((listing) => listing.id)
        .sort(),
    ).toEqual(inside.map((listing) => listing.id).sort());
  });

  it('gives as many pins as the list counts, with the other filters too', () => {
    for (const query of ['', 'min-price=200000', 'bedrooms=3&epc=c', 'type=9999']) {
      const params = parseListParams(new URLSearchParams(query));
      const { total } = getListPage('nl', 'sale', params).result;
      expect(listPinsOf(getListMatches('nl', 'sale', params), 'nl', words).pins.length, query).toBe(total);
    }
  });
});

describe('pins', () => {
  it('places a listing whose address is hidden at its town (two decimals), never at its street', () => {
    const records = checkedCatalogue().properties.filter((record) => record.language === 'nl' && !record.PublishAddress && record.GoogleX != null && record.GoogleY != null);
    expect(records.length).toBeGreaterThan(0);
    const pins = new Map(listPinsOf(getProperties('nl'), 'nl', words).pins.map((pin) => [pin.id, pin]));
    let moved = 0;
    for (const record of records) {
      const pin = pins.get(record.ID);
      if (!pin || record.GoogleX == null || record.GoogleY == null) throw new Error(`listing ${record.ID} has a pin`);
      expect(pin.lat).toBe(Math.round(record.GoogleX * 100) / 100);
      expect(pin.lng).toBe(Math.round(record.GoogleY * 100) / 100);
      if (pin.lat !== record.GoogleX || pin.lng !== record.GoogleY) moved += 1;
    }
    // The demo's hidden addresses have street-level coordinates in the CRM: the pins are not there.
    expect(moved).toBeGreaterThan(0);
  });

  it('carries a card: title, price words, town, a local picture and the localised detail link', () => {
    const listing = getProperties('fr', { goal: 'sale', availability: 'on-offer' }).find((candidate) => candidate.position && candidate.thumbnail);
    if (!listing) throw new Error('a placed listing with a picture');
    const pin = listPinsOf([listing], 'fr', words).pins[0];
    expect(pin).toMatchObject({ id: listing.id, title: listing.type.name, town: listing.town.name });
    expect(pin?.href).toMatch(new RegExp(`^/fr/.+/${listing.id}/?$`));
    expect(pin?.picture).toMatch(/^\/(api\/image|images)\//);
  });

  it('shows towns instead of pins over 500 listings', () => {
    const many = Array.from({ length: 501 }, () => getProperties('fr').filter((listing) => listing.position))
      .flat()
      .slice(0, 501);
    const result = listPinsOf(many, 'fr', words);
    expect(result.total).toBe(501);
    expect(result.pins).toEqual([]);
    expect(result.towns.reduce((sum, town) => sum + town.count, 0)).toBe(501);
  });
});

describe('pins on the static export, built in the browser', () => {
  const index = buildSavedListingsIndex('fr', words);
  const items = getProperties('fr', { goal: 'sale' }).map(listItemOf);

  it('are the pins the server gives for the same query: same listings, places, titles, prices and links', () => {
    for (const query of ['', 'min-price=200000', 'bedrooms=3&epc=d', 'status=references', 'bbox=3.9,50.4,4.0,50.5']) {
      const params = parseListParams(new URLSearchParams(query));
      const server = listPinsOf(getListMatches('fr', 'sale', params), 'fr', words);
      const browser = exportListPins(index, matchingListItems(items, params));
      const card = ({ id, lat, lng, title, price, href: link }: (typeof server.pins)[number]) => ({ id, lat, lng, title, price, href: link });
      expect(browser.total, query).toBe(server.total);
      expect(browser.pins.map(card), query).toEqual(server.pins.map(card));
      // The town line of the favourites' cards, and the picture file itself (a static host resizes nothing).
      for (const pin of browser.pins) expect(pin.town).toMatch(/^\d{4} /);
      expect(browser.pins.filter((pin) => pin.picture).every((pin) => pin.picture?.startsWith('/'))).toBe(true);
    }
  });

  it('shows towns instead of pins over 500 listings, as the server does', () => {
    const many = Array.from({ length: 501 }, () => items.filter((item) => item.lat !== undefined))
      .flat()
      .slice(0, 501);
    const result = exportListPins(index, many);
    expect(result.total).toBe(501);
    expect(result.pins).toEqual([]);
    expect(result.towns.reduce((sum, town) => sum + town.count, 0)).toBe(501);
  });
});

describe('GET /api/list-pins/{language}/', () => {
  it('answers the pins of a list query, cacheable, and 304 for the same ETag', async () => {
    const request = new Request('http://localhost/api/list-pins/fr/?goal=sale&bedrooms=3');
    const response = listPinsResponse(request, 'fr', words);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const body: unknown = await response.json();
    expect(body).toMatchObject({ total: getListPage('fr', 'sale', parseListParams(new URLSearchParams('bedrooms=3'))).result.total });
    const etag = response.headers.get('etag') ?? '';
    const again = listPinsResponse(new Request(request.url, { headers: { 'If-None-Match': etag } }), 'fr', words);
    expect(again.status).toBe(304);
  });

  it('refuses a request without a goal or with an overlong query', () => {
    expect(listPinsResponse(new Request('http://localhost/api/list-pins/fr/'), 'fr', words).status).toBe(400);
    expect(listPinsResponse(new Request(`http://localhost/api/list-pins/fr/?goal=sale&city=${'x'.repeat(600)}`), 'fr', words).status).toBe(400);
  });
});
