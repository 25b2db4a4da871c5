/*
 * The outline of Belgium and Luxembourg that the home map draws when no tile source is configured:
 * Natural Earth's 1:110m country borders (public domain), in a flat projection scaled for the
 * latitude of Belgium. Coarse on purpose: it places the towns, it is not a map to read roads on.
 */

type LngLat = readonly [lng: number, lat: number];

const belgium: readonly LngLat[] = [
  [3.314971, 51.345781],
  [4.047071, 51.267259],
  [4.973991, 51.475024],
  [5.606976, 51.037298],
  [6.156658, 50.803721],
  [6.043073, 50.128052],
  [5.782417, 50.090328],
  [5.674052, 49.529484],
  [4.799222, 49.985373],
  [4.286023, 49.907497],
  [3.588184, 50.378992],
  [3.123252, 50.780363],
  [2.658422, 50.796848],
  [2.513573, 51.148506],
];
const luxembourg: readonly LngLat[] = [
  [6.043073, 50.128052],
  [6.242751, 49.902226],
  [6.18632, 49.463803],
  [5.897759, 49.442667],
  [5.674052, 49.529484],
  [5.782417, 50.090328],
];

const west = 2.45;
const north = 51.52;
const east = 6.3;
const south = 49.4;
/** Units per degree of latitude; a degree of longitude is shorter by the cosine of the latitude. */
const scale = 100;
const lngFactor = Math.cos((50.5 * Math.PI) / 180);

const round = (value: number) => Math.round(value * 10) / 10;

/** A point in the drawing's viewBox, clamped to its frame (a listing abroad sits on the edge). */
export function projectOnOutline(lat: number, lng: number): { x: number; y: number } {
  const x = (Math.min(east, Math.max(west, lng)) - west) * lngFactor * scale;
  const y = (north - Math.min(north, Math.max(south, lat))) * scale;
  return { x: round(x), y: round(y) };
}

export const outlineBox = { width: round((east - west) * lngFactor * scale), height: round((north - south) * scale) };

const toPath = (ring: readonly LngLat[]) =>
  `${ring
    .map(([lng, lat], index) => {
      const { x, y } = projectOnOutline(lat, lng);
      return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ')} Z`;

/** The two borders, for the data check's "is this point in Belgium or Luxembourg" (lib/catalogue/geography). */
export const countryOutlines = { belgium, luxembourg } as const;

export const outlinePath = `${toPath(belgium)} ${toPath(luxembourg)}`;
