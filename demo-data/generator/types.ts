import type { CatalogueLanguage, PropertyType } from '../../lib/catalogue/schemas';

/*
 * Shared constants: the languages, the fixed reference date, the property types (types.json) and
 * the translated main-type names used on listings.
 */

export type Lang = CatalogueLanguage;
export const LANGS: readonly Lang[] = ['nl', 'fr', 'en', 'de'];

/** A text in every catalogue language. */
export type Tr = Record<Lang, string>;

/** "Today" for the generated snapshot; nothing reads the clock. */
export const REFERENCE_DATE = '2026-11-01';

export const FIRST_LISTING_ID = 4000001;
export const FIRST_PROJECT_ID = 5000001;

/** Main type number of a listing (WebID). */
export type WebId = 1 | 2 | 3 | 4 | 5 | 6 | 7;

type TypeRow = { webId: WebId; id: number; name: Tr; main: Tr };

const TYPE_ROWS: readonly TypeRow[] = [
  {
    webId: 1,
    id: 101,
    name: { nl: 'Huis / Villa / Hoeve', fr: 'Maison / Villa / Ferme', en: 'House / Villa / Farm', de: 'Haus / Villa / Bauernhof' },
    main: { nl: 'Woning', fr: 'Maison', en: 'House', de: 'Haus' },
  },
  {
    webId: 2,
    id: 102,
    name: { nl: 'Studio', fr: 'Studio', en: 'Studio', de: 'Studio' },
    main: { nl: 'Studio', fr: 'Studio', en: 'Studio', de: 'Studio' },
  },
  {
    webId: 3,
    id: 103,
    name: { nl: 'Appartement', fr: 'Appartement', en: 'Apartment', de: 'Wohnung' },
    main: { nl: 'Appartement', fr: 'Appartement', en: 'Apartment', de: 'Wohnung' },
  },
  {
    webId: 4,
    id: 104,
    name: { nl: 'Grond', fr: 'Terrain', en: 'Land', de: 'Grundstück' },
    main: { nl: 'Grond', fr: 'Terrain', en: 'Land', de: 'Grundstück' },
  },
  {
    webId: 5,
    id: 105,
    name: { nl: 'Opbrengsteigendom', fr: 'Immeuble de rapport', en: 'Investment property', de: 'Renditeobjekt' },
    main: { nl: 'Opbrengsteigendom', fr: 'Immeuble de rapport', en: 'Investment property', de: 'Renditeobjekt' },
  },
  {
    webId: 6,
    id: 106,
    name: { nl: 'Handelspand', fr: 'Commerce', en: 'Commercial premises', de: 'Gewerbefläche' },
    main: { nl: 'Handelspand', fr: 'Commerce', en: 'Commercial premises', de: 'Gewerbefläche' },
  },
  {
    webId: 7,
    id: 107,
    name: { nl: 'Garage / Parking', fr: 'Garage / Parking', en: 'Garage / Parking', de: 'Garage / Stellplatz' },
    main: { nl: 'Garage', fr: 'Garage', en: 'Garage', de: 'Garage' },
  },
];

export function typeRow(webId: WebId): TypeRow {
  const row = TYPE_ROWS.find((candidate) => candidate.webId === webId);
  if (!row) throw new Error(`unknown WebID ${webId}`);
  return row;
}

/** types.json: 7 types in 4 languages, in show order. */
export function buildTypes(): PropertyType[] {
  return LANGS.flatMap((language) =>
    TYPE_ROWS.map((row, index) => ({
      ID: row.id,
      WebID: String(row.webId),
      Name: row.name[language],
      ShowOrder: index,
      Sale: true,
      Rent: true,
      language,
    })),
  );
}
