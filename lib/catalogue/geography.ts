import { countryOutlines } from './outline';

/*
 * Where a listing may be: the facts about Belgium and Luxembourg that the data check compares a
 * listing's country id, postcode, country name and coordinates with. Pure, no file access.
 */

export const belgiumId = 10;
export const luxembourgId = 50;
export type CountryId = typeof belgiumId | typeof luxembourgId;

/** The country name each language writes (the generator's names, scripts/catalogue-generator/towns.ts). */
export const countryNames: Record<CountryId, Record<'nl' | 'fr' | 'en' | 'de', string>> = {
  [belgiumId]: { nl: 'België', fr: 'Belgique', en: 'Belgium', de: 'Belgien' },
  [luxembourgId]: { nl: 'Luxemburg', fr: 'Luxembourg', en: 'Luxembourg', de: 'Luxemburg' },
};

export const countryLabel = (id: CountryId): string => (id === belgiumId ? 'Belgium' : 'Luxembourg');

/**
 * Postcodes: Belgium writes 1000–9999. Luxembourg writes "L-" and four digits; its codes run from
 * L-1009 (Luxembourg City) to L-9999 (the north), so the data keeps the four digits, 1000–9999.
 * Both ranges overlap: the postcode alone cannot tell the countries apart, the town (cities.json
 * gives each town its country) and the coordinates can.
 */
export const postcodeRange: Record<CountryId, readonly [number, number]> = { [belgiumId]: [1000, 9999], [luxembourgId]: [1000, 9999] };

type LngLat = readonly [lng: number, lat: number];
type Box = { south: number; north: number; west: number; east: number };

/** Generous frames of each country (its borders plus a few km): the first, cheap test. */
const countryBoxes: Record<CountryId, Box> = {
  [belgiumId]: { south: 49.45, north: 51.55, west: 2.5, east: 6.45 },
  [luxembourgId]: { south: 49.4, north: 50.2, west: 5.7, east: 6.55 },
};

/**
 * The borders are Natural Earth's 1:110m outlines (lib/catalogue/outline.ts): coarse, a coastal or
 * border town may fall a few km outside. A point within this distance of the outline counts as
 * inside.
 */
const borderToleranceKm = 12;

const kmPerDegreeLat = 111.2;
const kmPerDegreeLng = (lat: number) => 111.3 * Math.cos((lat * Math.PI) / 180);

/** Distance in km between two points, flat-earth: exact enough at the scale of a country. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dy = (a.lat - b.lat) * kmPerDegreeLat;
  const dx = (a.lng - b.lng) * kmPerDegreeLng((a.lat + b.lat) / 2);
  return Math.hypot(dx, dy);
}

function insideRing(lat: number, lng: number, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Shortest distance in km from a point to the ring's edges. */
function distanceToRingKm(lat: number, lng: number, ring: readonly LngLat[]): number {
  const fy = kmPerDegreeLat;
  const fx = kmPerDegreeLng(lat);
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] ?? [0, 0];
    const [x2, y2] = ring[i] ?? [0, 0];
    const ax = (x1 - lng) * fx;
    const ay = (y1 - lat) * fy;
    const bx = (x2 - lng) * fx;
    const by = (y2 - lat) * fy;
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

const outlines: Record<CountryId, readonly LngLat[]> = { [belgiumId]: countryOutlines.belgium, [luxembourgId]: countryOutlines.luxembourg };

/** Whether a point lies in the country (its coarse outline, with the border tolerance). */
export function isInCountry(country: CountryId, lat: number, lng: number): boolean {
  const box = countryBoxes[country];
  if (lat < box.south || lat > box.north || lng < box.west || lng > box.east) return false;
  const ring = outlines[country];
  return insideRing(lat, lng, ring) || distanceToRingKm(lat, lng, ring) <= borderToleranceKm;
}

/** The country a point is in, if any (Belgium first: the tolerance makes border strips count for both). */
export function countryAt(lat: number, lng: number): CountryId | undefined {
  if (isInCountry(belgiumId, lat, lng) && !insideRing(lat, lng, outlines[luxembourgId])) return belgiumId;
  if (isInCountry(luxembourgId, lat, lng)) return luxembourgId;
  return undefined;
}

/**
 * Near its town, first test: the province a Belgian postcode belongs to. Belgian postcodes are
 * given by province (bpost's ranges), so each range has a frame: the province's extent plus about
 * 10 km. This needs no other listing, so even the only listing of a town is checked; it catches a
 * listing placed at the other end of the country, not one placed in the next town (the town
 * median in lib/catalogue/checks.ts does that when the town has other listings).
 */
const provinces: ReadonlyArray<{ name: string; ranges: ReadonlyArray<readonly [number, number]>; box: Box }> = [
  { name: 'Brussels', ranges: [[1000, 1299]], box: { south: 50.76, north: 50.92, west: 4.24, east: 4.49 } },
  { name: 'Walloon Brabant', ranges: [[1300, 1499]], box: { south: 50.52, north: 50.82, west: 4.1, east: 5.03 } },
  {
    name: 'Flemish Brabant',
    ranges: [
      [1500, 1999],
      [3000, 3499],
    ],
    box: { south: 50.67, north: 51.06, west: 3.88, east: 5.16 },
  },
  { name: 'Antwerp', ranges: [[2000, 2999]], box: { south: 50.98, north: 51.51, west: 4.1, east: 5.26 } },
  { name: 'Limburg', ranges: [[3500, 3999]], box: { south: 50.68, north: 51.27, west: 4.98, east: 5.92 } },
  { name: 'Liège', ranges: [[4000, 4999]], box: { south: 50.12, north: 50.82, west: 5.02, east: 6.41 } },
  { name: 'Namur', ranges: [[5000, 5999]], box: { south: 49.78, north: 50.66, west: 4.29, east: 5.41 } },
  {
    name: 'Hainaut',
    ranges: [
      [6000, 6599],
      [7000, 7999],
    ],
    box: { south: 49.96, north: 50.82, west: 2.84, east: 4.61 },
  },
  { name: 'Luxembourg province', ranges: [[6600, 6999]], box: { south: 49.49, north: 50.44, west: 4.96, east: 6.03 } },
  { name: 'West Flanders', ranges: [[8000, 8999]], box: { south: 50.68, north: 51.38, west: 2.53, east: 3.48 } },
  { name: 'East Flanders', ranges: [[9000, 9999]], box: { south: 50.71, north: 51.34, west: 3.32, east: 4.34 } },
];
const provinceMarginDegrees = 0.1;

export type Province = { name: string; box: Box };

export function provinceOf(zip: string): Province | undefined {
  const code = Number(zip);
  return provinces.find((province) => province.ranges.some(([from, to]) => code >= from && code <= to));
}

export function isInProvince(province: Province, lat: number, lng: number): boolean {
  const { box } = province;
  const m = provinceMarginDegrees;
  return lat >= box.south - m && lat <= box.north + m && lng >= box.west - m && lng <= box.east + m;
}
