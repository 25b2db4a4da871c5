import { getCities, getProperties, type ListingSummary } from '../catalogue';
import { getSite, type Language, type TileSource } from '../config';
import { href } from '../pages';
import { outlineBox, outlinePath, projectOnOutline } from '../catalogue/outline';

/*
 * The data of the home map (components/catalogue/home-map): the towns where the agency has
 * listings, with their counts and list links, placed on a drawn outline of Belgium and Luxembourg;
 * and, for a map with a tile source, one marker per listing.
 */

export type MapProperty = { id: number; lat: number; lng: number; title: string; town: string; price: string; url: string };

type MapTownLink = { count: number; href: string };
/** A town on the drawing: x and y in the outline's viewBox, absent when none of its listings has coordinates. */
export type MapTown = { name: string; zip: string; sale: MapTownLink; rent: MapTownLink; point?: { x: number; y: number } };

export type HomeMapData = {
  towns: MapTown[];
  outline: { path: string; width: number; height: number };
  properties: MapProperty[];
  tiles: TileSource;
  markerColour: string;
};

/**
 * Active listings with coordinates, as map markers. Prices come from the caller, who holds the
 * translated price texts (on demand, starting from, per month), so the spec's rules live in one place.
 */
export function mapProperties(language: Language, priceText: (listing: ListingSummary) => string): MapProperty[] {
  return getProperties(language, { availability: 'on-offer' }).flatMap((listing) => {
    const { position } = listing;
    if (!position) return [];
    return [
      {
        id: listing.id,
        lat: position.latitude,
        lng: position.longitude,
        title: listing.type.name,
        town: listing.town.name,
        price: priceText(listing),
        url: href({ page: 'property', id: listing.id }, language),
      },
    ];
  });
}

/**
 * The towns of the home search (same counts, same list links), each placed at the middle of its
 * listings' map positions. The positions are the markers' own, so a listing that hides its
 * address is placed no more precisely here than on the map.
 */
export function mapTowns(language: Language, properties: readonly MapProperty[]): MapTown[] {
  const list = (page: 'for-sale' | 'for-rent', city: string) => href({ page, query: { city } }, language);
  return getCities(language)
    .filter((city) => city.countSaleProperty + city.countRentProperty > 0)
    .map((city) => {
      const located = properties.filter((property) => property.town === city.Name);
      const query = `${city.Name}|${city.Zip}`;
      const town: MapTown = {
        name: city.Name,
        zip: city.Zip,
        sale: { count: city.countSaleProperty, href: list('for-sale', query) },
        rent: { count: city.countRentProperty, href: list('for-rent', query) },
      };
      if (located.length === 0) return town;
      const mean = (pick: (property: MapProperty) => number) => located.reduce((sum, property) => sum + pick(property), 0) / located.length;
      return {
        ...town,
        point: projectOnOutline(
          mean((property) => property.lat),
          mean((property) => property.lng),
        ),
      };
    });
}

export function buildHomeMap(language: Language, priceText: (listing: ListingSummary) => string): HomeMapData {
  const { map } = getSite();
  const properties = mapProperties(language, priceText);
  return {
    towns: mapTowns(language, properties),
    outline: { path: outlinePath, width: outlineBox.width, height: outlineBox.height },
    // Markers are only drawn over tiles; without tiles the page carries none of them.
    properties: map.tiles.kind === 'none' ? [] : properties,
    tiles: map.tiles,
    markerColour: map.markerColour,
  };
}
