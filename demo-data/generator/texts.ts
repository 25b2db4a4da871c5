import texts from './texts.json';
import type { Tr } from './types';

/*
 * The short texts of a listing in the four catalogue languages (texts.json): marquees, price units,
 * comfort and building features, flood and asbestos wording, planning, points of interest,
 * mobility, documents and picture captions. The type makes the compiler check that every table
 * has the entries the generator asks for.
 */

export type PoiKind = 'station' | 'bus' | 'school' | 'shop' | 'pharmacy' | 'doctor' | 'park' | 'sport';
export type DocumentKind = 'epc' | 'plan' | 'cadastre' | 'electricity' | 'planning' | 'deed';

/** Lists a listing picks from; floodRisks runs from none (index 0, "not in a risk area") to high. */
type ListName =
  | 'heating'
  | 'glazing'
  | 'windowFrames'
  | 'kitchens'
  | 'comfortInterior'
  | 'comfortExterior'
  | 'roofMaterials'
  | 'roofConditions'
  | 'floodRisks'
  | 'floodZones'
  | 'asbestosTypes'
  | 'planning'
  | 'areaApplications'
  | 'mobilityCategories';

type Texts = Record<ListName, readonly Tr[]> & {
  marqueeNames: Record<0 | 1 | 2 | 3 | 4, Tr>;
  /** PriceUnit 1: total price, 2: per month, 7: starting from. */
  priceUnitTexts: Record<1 | 2 | 7, Tr>;
  poiCategories: Record<PoiKind, Tr>;
  /** Point-of-interest names; {town} is replaced by the town name in that language. */
  poiNames: Record<PoiKind, Tr>;
  documentNames: Record<DocumentKind, Tr>;
  /** Picture captions by scene. */
  pictureNames: Record<string, Tr>;
};

export const TEXTS: Texts = texts;

/** "parketvloer, open haard" → "Parketvloer, open haard". */
export function listText(items: readonly Tr[], language: keyof Tr): string {
  const joined = items.map((item) => item[language]).join(', ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
