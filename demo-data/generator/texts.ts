import texts from './texts.json';
import type { Tr } from './types';

/*
 * The short texts of a listing in the four catalogue languages (texts.json): marquees, price units,
 * comfort and building features, flood and asbestos wording, planning, points of interest,
 * mobility, documents and picture captions. The types below make the compiler check that every
 * table has the entries the generator asks for.
 */

export const MARQUEE_NAMES: Record<0 | 1 | 2 | 3 | 4, Tr> = texts.marqueeNames;

/** PriceUnit 1: total price, 2: per month, 7: starting from. */
export const PRICE_UNIT_TEXTS: Record<1 | 2 | 7, Tr> = texts.priceUnitTexts;

export const HEATING: readonly Tr[] = texts.heating;
export const GLAZING: readonly Tr[] = texts.glazing;
export const WINDOW_FRAMES: readonly Tr[] = texts.windowFrames;
export const KITCHENS: readonly Tr[] = texts.kitchens;
export const COMFORT_INTERIOR: readonly Tr[] = texts.comfortInterior;
export const COMFORT_EXTERIOR: readonly Tr[] = texts.comfortExterior;
export const ROOF_MATERIALS: readonly Tr[] = texts.roofMaterials;
export const ROOF_CONDITIONS: readonly Tr[] = texts.roofConditions;

/** Flood risk from none to high; index 0 is "not in a risk area". */
export const FLOOD_RISKS: readonly Tr[] = texts.floodRisks;
export const FLOOD_ZONES: readonly Tr[] = texts.floodZones;
export const ASBESTOS_TYPES: readonly Tr[] = texts.asbestosTypes;
export const PLANNING: readonly Tr[] = texts.planning;
export const AREA_APPLICATIONS: readonly Tr[] = texts.areaApplications;

export type PoiKind = 'station' | 'bus' | 'school' | 'shop' | 'pharmacy' | 'doctor' | 'park' | 'sport';

export const POI_CATEGORIES: Record<PoiKind, Tr> = texts.poiCategories;

/** Point-of-interest names; {town} is replaced by the town name in that language. */
export const POI_NAMES: Record<PoiKind, Tr> = texts.poiNames;

export const MOBILITY_CATEGORIES: readonly Tr[] = texts.mobilityCategories;

export type DocumentKind = 'epc' | 'plan' | 'cadastre' | 'electricity' | 'planning' | 'deed';

export const DOCUMENT_NAMES: Record<DocumentKind, Tr> = texts.documentNames;

/** Picture captions by scene. */
export const PICTURE_NAMES: Record<string, Tr> = texts.pictureNames;

/** "parketvloer, open haard" → "Parketvloer, open haard". */
export function listText(items: readonly Tr[], language: keyof Tr): string {
  const joined = items.map((item) => item[language]).join(', ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
