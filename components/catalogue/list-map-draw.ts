import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import type { ListBbox } from '@/lib/catalogue/list-query';
import type { TileSource } from '@/lib/config';
import type { ListPins } from '@/lib/map/list-pins-shape';
import { countryOutlines } from '@/lib/catalogue/outline';
import { attachTiles, markerIcon, tileLayerOf } from './tile-map';

/*
 * The Leaflet map of a list (components/catalogue/list-map), in a module of its own so that it is
 * fetched only when the visitor opens the map. Without a tile source (the shipped config) it draws
 * the outline of Belgium and Luxembourg under the pins: nothing is asked of any host.
 */

type ListMapTexts = { label: string; townCount: (count: number) => string };

export type ListMapOptions = {
  tiles: TileSource;
  /** False while the visitor has not yet agreed to tiles from another host: the outline stands in. */
  withTiles: boolean;
  markerColour: string;
  texts: ListMapTexts;
  onTiles: (result: 'loaded' | 'failed') => void;
};

export type ListMapView = {
  /** Replaces the pins; the view fits `area` when the list is cut to one, else the pins. */
  show: (data: ListPins, area: ListBbox | undefined) => void;
  bounds: () => ListBbox;
  addTiles: () => Promise<void>;
  remove: () => void;
};

const belgiumView: L.LatLngTuple = [50.5, 4.6];

function card(pin: ListPins['pins'][number]): HTMLElement {
  const popup = document.createElement('div');
  popup.className = 'list-map-card';
  if (pin.picture) popup.append(Object.assign(document.createElement('img'), { src: pin.picture, alt: '', width: 160, height: 107, loading: 'lazy' }));
  const link = Object.assign(document.createElement('a'), { href: pin.href, textContent: pin.title });
  const heading = document.createElement('p');
  heading.className = 'list-map-title';
  heading.append(link);
  popup.append(heading, Object.assign(document.createElement('p'), { className: 'list-map-price', textContent: pin.price }), Object.assign(document.createElement('p'), { textContent: pin.town }));
  return popup;
}

export async function drawListMap(element: HTMLElement, options: ListMapOptions): Promise<ListMapView> {
  const { tiles } = options;
  const map = L.map(element, { scrollWheelZoom: false, maxZoom: tiles.kind === 'none' ? 16 : tiles.maxZoom, zoomSnap: 0.5 });
  map.attributionControl.setPrefix(false);
  element.setAttribute('role', 'region');
  element.setAttribute('aria-label', options.texts.label);

  const outline = L.featureGroup(
    Object.values(countryOutlines).map((ring) =>
      L.polygon(
        ring.map(([lng, lat]): L.LatLngTuple => [lat, lng]),
        { color: '#4a5a6a', weight: 1.5, fillColor: '#fff', fillOpacity: 1, interactive: false },
      ),
    ),
  );
  let tileLayer: L.GridLayer | undefined;
  const addTiles = async () => {
    if (tiles.kind === 'none' || tileLayer) return;
    const layer = await tileLayerOf(tiles);
    tileLayer = layer;
    attachTiles(layer, map, options.onTiles);
    outline.remove();
  };
  outline.addTo(map);
  map.setView(belgiumView, 7);
  if (options.withTiles) await addTiles();

  const icon = markerIcon('list-map-marker', options.markerColour);
  let pins = L.featureGroup().addTo(map);

  return {
    show: (data, area) => {
      pins.remove();
      const markers = [
        ...data.pins.map((pin) => L.marker([pin.lat, pin.lng], { icon, title: `${pin.title}, ${pin.town}, ${pin.price}`, alt: pin.title }).bindPopup(card(pin), { minWidth: 160, maxWidth: 220 })),
        ...data.towns.map((town) =>
          L.marker([town.lat, town.lng], {
            icon: L.divIcon({ className: 'list-map-town', html: `<span>${town.count}</span>`, iconSize: [34, 34], iconAnchor: [17, 17] }),
            title: `${town.town}: ${options.texts.townCount(town.count)}`,
            alt: town.town,
          }),
        ),
      ];
      pins = L.featureGroup(markers).addTo(map);
      if (area)
        map.fitBounds([
          [area.minLat, area.minLng],
          [area.maxLat, area.maxLng],
        ]);
      else if (markers.length > 0) map.fitBounds(pins.getBounds(), { padding: [24, 24], maxZoom: 13 });
    },
    bounds: () => {
      const bounds = map.getBounds();
      return { minLng: bounds.getWest(), minLat: bounds.getSouth(), maxLng: bounds.getEast(), maxLat: bounds.getNorth() };
    },
    addTiles,
    remove: () => {
      map.remove();
    },
  };
}
