import { describe, expect, it } from 'vitest';
import { getCities, getProperties, type ListingSummary } from '@/lib/catalogue';
import { getSite } from '@/lib/config';
import { siteSchema, tileSourceSchema } from '@/lib/config/schemas';
import { formatEuro } from '@/lib/format';
import { href } from '@/lib/pages';
import { buildHomeMap, mapProperties, mapTowns } from '@/lib/map';
import { placeLabels } from '@/lib/map/drawing';
import { outlineBox, projectOnOutline } from '@/lib/catalogue/outline';

const priceText = ({ price }: ListingSummary) => `prijs ${price.kind === 'on-demand' ? 'op aanvraag' : formatEuro(price.amount)}`;

describe('the home map data', () => {
  const map = buildHomeMap('nl', priceText);

  it('lists every town that has listings, with the counts and list links of the home search', () => {
    const cities = getCities('nl').filter((city) => city.countSaleProperty + city.countRentProperty > 0);
    expect(map.towns.length).toBe(cities.length);
    expect(map.towns.length).toBeGreaterThan(20);
    for (const [index, city] of cities.entries()) {
      const town = map.towns[index];
      expect(town?.name).toBe(city.Name);
      expect(town?.sale).toEqual({ count: city.countSaleProperty, href: href({ page: 'for-sale', query: { city: `${city.Name}|${city.Zip}` } }, 'nl') });
      expect(town?.rent).toEqual({ count: city.countRentProperty, href: href({ page: 'for-rent', query: { city: `${city.Name}|${city.Zip}` } }, 'nl') });
    }
    expect(map.towns.find((town) => town.zip === '7000')?.sale.href).toBe('/nl/te-koop/?city=Bergen%7C7000');
  });

  it('places each town inside the drawing, Tournai west and north of Mons', () => {
    const placed = map.towns.filter((town) => town.point);
    // Every town: a listing without coordinates of its own is placed at its town (lib/catalogue's public view).
    expect(placed.length).toBe(map.towns.length);
    for (const town of placed) {
      expect(town.point?.x).toBeGreaterThanOrEqual(0);
      expect(town.point?.x).toBeLessThanOrEqual(outlineBox.width);
      expect(town.point?.y).toBeGreaterThanOrEqual(0);
      expect(town.point?.y).toBeLessThanOrEqual(outlineBox.height);
    }
    const mons = map.towns.find((town) => town.zip === '7000')?.point;
    const tournai = map.towns.find((town) => town.zip === '7500')?.point;
    expect(tournai?.x).toBeLessThan(mons?.x ?? 0);
    expect(tournai?.y).toBeLessThan(mons?.y ?? 0);
  });

  it.each(['nl', 'fr', 'en'] as const)('names the biggest towns on the drawing without one name covering another (%s)', (language) => {
    const labels = placeLabels(buildHomeMap(language, priceText).towns);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    for (const [index, a] of labels.entries())
      for (const b of labels.slice(index + 1)) {
        const apart = a.box.x + a.box.width <= b.box.x || b.box.x + b.box.width <= a.box.x || a.box.y + a.box.height <= b.box.y || b.box.y + b.box.height <= a.box.y;
        expect(apart, `${a.town.name} and ${b.town.name}`).toBe(true);
      }
  });

  it('places a town at the middle of its listings as the map has them, never more precisely', () => {
    const properties = mapProperties('nl', priceText);
    const mons = properties.filter((property) => property.town === 'Bergen');
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const expected = projectOnOutline(mean(mons.map((property) => property.lat)), mean(mons.map((property) => property.lng)));
    expect(mapTowns('nl', properties).find((town) => town.zip === '7000')?.point).toEqual(expected);
    // A town none of whose listings is on the map is listed without a place.
    expect(mapTowns('nl', []).every((town) => town.point === undefined)).toBe(true);
  });

  it('carries no listing markers when no tile source is configured (the shipped site)', () => {
    expect(getSite().map.tiles).toEqual({ kind: 'none' });
    expect(map.properties).toEqual([]);
    expect(map.tiles).toEqual({ kind: 'none' });
  });

  it('makes markers of the active listings with coordinates, linked to their pages', () => {
    const properties = mapProperties('fr', priceText);
    const active = getProperties('fr').filter((property) => property.availability === 'on-offer' && property.position !== undefined);
    expect(properties.map((property) => property.id)).toEqual(active.map((property) => property.id));
    for (const property of properties) expect(property.url).toBe(href({ page: 'property', id: property.id }, 'fr'));
  });
});

describe('the map tile source (site.json map.tiles)', () => {
  it('is none by default', () => {
    const { map: _map, ...withoutMap } = getSite();
    expect(siteSchema.parse(withoutMap).map).toEqual({ tiles: { kind: 'none' }, markerColour: '#b44a33' });
  });

  it('accepts a PMTiles file in public/maps and a tile server, asking consent for another host by default', () => {
    expect(tileSourceSchema.parse({ kind: 'pmtiles', file: '/maps/hainaut.pmtiles', attribution: '© OpenStreetMap' })).toEqual({
      kind: 'pmtiles',
      file: '/maps/hainaut.pmtiles',
      attribution: '© OpenStreetMap',
      maxZoom: 17,
    });
    expect(tileSourceSchema.parse({ kind: 'tiles', url: 'https://tiles.example.be/{z}/{x}/{y}.png', attribution: '© OSM' })).toMatchObject({ consent: true });
    expect(tileSourceSchema.parse({ kind: 'tiles', url: 'https://tiles.agency.be/{z}/{x}/{y}.png', attribution: '© OSM', consent: false })).toMatchObject({ consent: false });
    // A path on the site itself needs no consent, whatever the file says.
    expect(tileSourceSchema.parse({ kind: 'tiles', url: '/tiles/{z}/{x}/{y}.png', attribution: '© OSM', consent: true })).toMatchObject({ consent: false });
  });

  it.each([
    [{ kind: 'pmtiles', file: '/images/../secret.pmtiles', attribution: 'x' }, 'public/maps'],
    [{ kind: 'pmtiles', file: '/maps/a.mbtiles', attribution: 'x' }, 'public/maps'],
    [{ kind: 'pmtiles', file: '/maps/a.pmtiles', attribution: '' }, 'credit'],
    [{ kind: 'tiles', url: 'http://tiles.example.be/{z}/{x}/{y}.png', attribution: 'x' }, 'https://'],
    [{ kind: 'tiles', url: '//tiles.example.be/{z}/{x}/{y}.png', attribution: 'x' }, 'https://'],
    [{ kind: 'tiles', url: 'https://tiles.example.be/{z}/{x}.png', attribution: 'x' }, '{y}'],
    [{ kind: 'tiles', url: 'https://tiles.example.be/{z}/{x}/{y}.png?key={apikey}', attribution: 'x' }, '{y}'],
    [{ kind: 'google', url: 'https://x/{z}/{x}/{y}', attribution: 'x' }, 'kind'],
  ])('refuses %j with a message naming what to fix', (source, words) => {
    const result = tileSourceSchema.safeParse(source);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(words);
  });
});
