import 'leaflet/dist/leaflet.css';
import './map-marker.css';
import * as L from 'leaflet';
import type { TileSource } from '@/lib/config';
import { escapeHtml } from '@/lib/html/escape';
import type { MapProperty } from '@/lib/map';

/*
 * The Leaflet map of the home page, in a module of its own so that it is fetched only when a tile
 * source is configured and the map is about to be seen (components/catalogue/home-map-tiles).
 * Leaflet rather than MapLibre: the agency's map shows raster tiles and a few dozen markers, which
 * Leaflet does in about a sixth of MapLibre's weight and without WebGL or a worker.
 */

export type TileMapOptions = {
  tiles: Exclude<TileSource, { kind: 'none' }>;
  properties: readonly MapProperty[];
  markerColour: string;
  /** The accessible name of the map. */
  label: string;
  /** Called once the first tiles have been drawn, or when none could be. */
  onTiles: (result: 'loaded' | 'failed') => void;
};

/** A raster PMTiles archive read with HTTP range requests by the pmtiles library, itself loaded only here. */
async function pmtilesLayer(file: string, options: L.GridLayerOptions): Promise<L.GridLayer> {
  const { PMTiles, TileType, leafletRasterLayer } = await import('pmtiles');
  const archive = new PMTiles(file);
  // Read first, so that a missing file or a vector archive fails here, with the drawing still shown.
  const { tileType } = await archive.getHeader();
  if (![TileType.Png, TileType.Jpeg, TileType.Webp, TileType.Avif].includes(tileType)) throw new Error(`${file} holds no raster tiles`);
  // The pmtiles Leaflet layer extends the global L's GridLayer.
  Object.assign(globalThis, { L });
  const layer: unknown = leafletRasterLayer(archive, options);
  if (!(layer instanceof L.GridLayer)) throw new Error('pmtiles did not return a Leaflet layer');
  return layer;
}

/** The configured tiles as a Leaflet layer (also the list pages' map, components/catalogue/list-map-draw). */
export async function tileLayerOf(tiles: Exclude<TileSource, { kind: 'none' }>): Promise<L.GridLayer> {
  const layerOptions = { maxZoom: tiles.maxZoom, attribution: escapeHtml(tiles.attribution) };
  return tiles.kind === 'pmtiles' ? pmtilesLayer(tiles.file, layerOptions) : L.tileLayer(tiles.url, layerOptions);
}

/**
 * Adds the tile layer to the map and tells, once, whether its first tiles came or failed (the
 * caller then shows the list that stands in for the map).
 */
export function attachTiles(layer: L.GridLayer, map: L.Map, onTiles: (result: 'loaded' | 'failed') => void): void {
  let reported = false;
  const report = (result: 'loaded' | 'failed') => {
    if (reported) return;
    reported = true;
    onTiles(result);
  };
  // Tiles are decoration for screen readers (the markers and the lists carry the content);
  // Leaflet's own tile layer says so, the pmtiles layer does not.
  layer.on('tileloadstart', (event: L.TileEvent) => event.tile.setAttribute('alt', ''));
  layer.on('load', () => report('loaded'));
  layer.on('tileerror', () => report('failed'));
  layer.addTo(map);
}

/** Draws the map into the element; returns what removes it again. */
export async function drawTileMap(element: HTMLElement, options: TileMapOptions): Promise<() => void> {
  const { tiles, properties } = options;
  const layer = await tileLayerOf(tiles);

  const map = L.map(element, { scrollWheelZoom: false, maxZoom: tiles.maxZoom });
  map.attributionControl.setPrefix(false);
  element.setAttribute('role', 'region');
  element.setAttribute('aria-label', options.label);

  attachTiles(layer, map, options.onTiles);

  const icon = markerIcon('home-map-marker', options.markerColour);
  const markers = properties.map((property) => {
    const popup = document.createElement('div');
    const link = Object.assign(document.createElement('a'), { href: property.url, textContent: property.title });
    popup.append(link, Object.assign(document.createElement('p'), { textContent: `${property.town} · ${property.price}` }));
    return L.marker([property.lat, property.lng], { icon, title: `${property.title}, ${property.town}, ${property.price}`, alt: property.title }).bindPopup(popup);
  });
  const group = L.featureGroup(markers).addTo(map);
  if (markers.length > 0) map.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 13 });
  else map.setView([50.5, 4.4], 7);

  return () => {
    map.remove();
  };
}

/** The dot of a listing on a map, styled by map-marker.css under the class given. */
export function markerIcon(className: 'home-map-marker' | 'list-map-marker', colour: string): L.DivIcon {
  return L.divIcon({ className, html: `<span style="background:${escapeHtml(colour)}"></span>`, iconSize: [18, 18], iconAnchor: [9, 9], popupAnchor: [0, -10] });
}
