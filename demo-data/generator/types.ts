import type { CatalogueLanguage, PropertyType } from '../../lib/catalogue/schemas';
import texts from './texts.json';

/*
 * Shared constants: the languages, the fixed reference date, the property types (types.json) and
 * the translated main-type names used on listings (their texts are in texts.json).
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

/** By WebID: the type's name in types.json and the main-type name on listings. */
const TYPE_NAMES: Record<WebId, { name: Tr; main: Tr }> = texts.typeNames;

// In WebID order, which is also the show order; the types' own IDs are 101 to 107.
const TYPE_ROWS: readonly TypeRow[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((webId) => ({ webId, id: 100 + webId, ...TYPE_NAMES[webId] }));

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
