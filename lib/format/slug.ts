/** Lowercase, accent-free text: the key for case- and accent-insensitive comparisons. */
export function searchName(value: string): string {
  return value
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** URL slug of a name: "Le Rœulx" → "le-roeulx", "'s-Gravenbrakel" → "s-gravenbrakel". */
export function slugify(value: string): string {
  return searchName(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
