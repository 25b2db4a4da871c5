/*
 * The pins of a list's map as components/catalogue/list-map draws them, and the rule that turns
 * too many pins into towns. Pure, so that the static export's list builds its pins in the browser
 * (lib/map/export-pins) by the same rule as the server's answer (lib/map/list-pins).
 */

/** A pin and its card. */
export type ListPin = { id: number; lat: number; lng: number; title: string; price: string; town: string; picture?: string; href: string };
/** Over `pinLimit` matches, the towns with their counts instead: the map asks to zoom in or filter. */
export type ListPinTown = { town: string; lat: number; lng: number; count: number };
export type ListPins = { total: number; pins: ListPin[]; towns: ListPinTown[] };

/** More pins than this would weigh the answer and the map down; a searcher zooms in or filters first. */
export const pinLimit = 500;

/** The towns of located listings, each at the mean of its listings' places (`key` tells the towns apart). */
export function townPins(located: readonly { key: string; town: string; lat: number; lng: number }[]): ListPinTown[] {
  const byTown = new Map<string, ListPinTown>();
  for (const place of located) {
    const town = byTown.get(place.key) ?? { town: place.town, lat: 0, lng: 0, count: 0 };
    town.lat += place.lat;
    town.lng += place.lng;
    town.count += 1;
    byTown.set(place.key, town);
  }
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return [...byTown.values()].map((town) => ({ ...town, lat: round(town.lat / town.count), lng: round(town.lng / town.count) }));
}
