import { getProperties, type Property } from '../catalogue';
import { getSite, type Language } from '../config';
import { href } from '../i18n/urls';

/*
 * The message of spec §7 that the home page posts to the map embed (public/embed/map.html). The
 * embed is plain JavaScript and checks the same shape again, so a change here is a change there.
 */

export type MapProperty = { id: number; lat: number; lng: number; title: string; town: string; price: string; url: string };

export type MapMessageInfo = { language: Language; title: string; listLabel: string; noTilesNotice: string };

export type MapMessage = {
  type: 'agency-map';
  properties: MapProperty[];
  messageInfo: MapMessageInfo;
  mapType: 'roadmap' | 'plain';
  tileUrl: string;
  attribution: string;
  customMarker: { colour: string };
  ignoreList: number[];
};

export type MapTexts = Omit<MapMessageInfo, 'language'>;

type Located = Property & { GoogleX: number; GoogleY: number };
const isLocated = (property: Property): property is Located => typeof property.GoogleX === 'number' && typeof property.GoogleY === 'number';

/**
 * The map message of one language: active listings with coordinates become markers; every other
 * listing goes to ignoreList. Prices come from the caller, who holds the translated price texts
 * (on demand, starting from, per month), so the spec's rules live in one place.
 */
export function buildMapMessage(language: Language, texts: MapTexts, priceText: (property: Property) => string): MapMessage {
  const { map } = getSite();
  const properties: MapProperty[] = [];
  const ignoreList: number[] = [];
  for (const property of getProperties(language)) {
    if (property.Status !== 1 || !isLocated(property)) {
      ignoreList.push(property.ID);
      continue;
    }
    properties.push({
      id: property.ID,
      lat: property.GoogleX,
      lng: property.GoogleY,
      title: property.TypeDescription,
      town: property.City,
      price: priceText(property),
      url: href({ page: 'property', id: property.ID }, language),
    });
  }
  return {
    type: 'agency-map',
    properties,
    // Field by field: an extra key in texts (a function, say) would make postMessage throw.
    messageInfo: { language, title: texts.title, listLabel: texts.listLabel, noTilesNotice: texts.noTilesNotice },
    mapType: map.mapType,
    tileUrl: map.tileUrl,
    attribution: map.attribution,
    customMarker: { colour: map.markerColour },
    ignoreList,
  };
}
