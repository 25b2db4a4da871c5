/*
 * Placeholders in configured texts: a word in capitals with underscores (FOR_SALE_TOTAL) that the
 * site replaces when it shows the text. The data check refuses any other such word in those texts
 * (a misspelt token would reach visitors as is), and the page drops one that got past it.
 */

/** The home search's description and second description (spec §2): the counts of listings on offer. */
export const homeSearchPlaceholders = ['FOR_SALE_TOTAL', 'FOR_RENT_TOTAL'] as const;
type HomeSearchPlaceholder = (typeof homeSearchPlaceholders)[number];

const placeholder = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** The placeholders of `text` that are not in `known`, each once. */
export function unknownPlaceholders(text: string, known: readonly string[]): string[] {
  return [...new Set(text.match(placeholder) ?? [])].filter((token) => !known.includes(token));
}

/** `text` with its known placeholders replaced and any other one left out. */
export function fillPlaceholders(text: string, values: Readonly<Record<HomeSearchPlaceholder, string>>): string {
  const isKnown = (token: string): token is HomeSearchPlaceholder => (homeSearchPlaceholders as readonly string[]).includes(token);
  return text
    .replace(placeholder, (token) => (isKnown(token) ? values[token] : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}
