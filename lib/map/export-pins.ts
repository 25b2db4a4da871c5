import type { ListItem } from '../catalogue/list-query';
import { savedListings, type SavedListingsIndex } from '../favourites/saved-listings';
import { pinLimit, townPins, type ListPin, type ListPins } from './list-pins-shape';

/**
 * The map's pins on the static export, which has no server to answer them: the items the list
 * keeps (their places, the town's for a hidden address, are in the list's own data) with the card
 * of each from the favourites index the export already saves (type, town, price, link, picture).
 * The same limit as the server's answer: over it, the towns with their counts.
 */
export function exportListPins(index: SavedListingsIndex, matching: readonly ListItem[]): ListPins {
  const located = matching.flatMap((item) => (item.lat !== undefined && item.lng !== undefined ? [{ id: item.id, lat: item.lat, lng: item.lng }] : []));
  const cards = new Map(
    savedListings(
      index,
      located.map((place) => place.id),
    ).map(({ id, listing }) => [id, listing]),
  );
  if (located.length > pinLimit) {
    const towns = located.map((place) => {
      const town = cards.get(place.id)?.town ?? '';
      return { key: town, town, lat: place.lat, lng: place.lng };
    });
    return { total: located.length, pins: [], towns: townPins(towns) };
  }
  const pins = located.flatMap((place): ListPin[] => {
    const card = cards.get(place.id);
    if (!card) return [];
    return [{ ...place, title: card.type, price: card.price, town: card.town, href: card.href, ...(card.picture ? { picture: card.picture } : {}) }];
  });
  return { total: located.length, pins, towns: [] };
}
