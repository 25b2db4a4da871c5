/*
 * The compact indexes the browser fetches (the home search's, lib/search/compact.ts, and the
 * favourites page's, lib/favourites/saved-listings.ts) write what repeats once: shared tables of
 * towns, types, and link and picture paths with the listing's ID as a placeholder, which rows point
 * into by position. Pure: the islands import it.
 */

const idPlaceholder = '{id}';

/** The position of `value` in `table`, added at the end when new. */
export function positionIn(table: string[], positions: Map<string, number>, value: string): number {
  let position = positions.get(value);
  if (position === undefined) {
    position = table.push(value) - 1;
    positions.set(value, position);
  }
  return position;
}

/** `value` with the listing's ID as a placeholder where it is a path segment or a file name's start. */
export const patternOf = (value: string, id: number): string => value.replace(new RegExp(`(?<=/)${id}(?=[/.-])`, 'g'), idPlaceholder);

/** A pattern of a table with the listing's ID back in place. */
export const fillPattern = (pattern: string | undefined, id: number): string => (pattern ?? '').replaceAll(idPlaceholder, String(id));
