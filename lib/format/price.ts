/**
 * The price as the spec shows it (lib/catalogue decides which): on demand when unpublished (the
 * public view then has no price), "starting from" for PriceUnit 7, per month for a rental, else the amount.
 */
export type ShownPrice = { kind: 'on-demand' } | { kind: 'starting-from' | 'per-month' | 'amount'; amount: number };

const euro = new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** "€ 295.000" in every language (spec §9: Belgian Dutch locale, euro prefix). The spec's NaN text on bad input. */
export function formatEuro(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  return euro.format(value).replace(/\u00a0/g, ' ');
}

type PriceWord = 'priceOnDemand' | 'startingFrom' | 'perMonth';

/**
 * A listing's price in words (lib/catalogue decides which kind: Listing.price); `words` fills in the
 * message `property.{word}`.
 */
export function listingPrice(shown: ShownPrice, words: (word: PriceWord, values?: { price: string }) => string): string {
  if (shown.kind === 'on-demand') return words('priceOnDemand');
  const price = formatEuro(shown.amount);
  if (shown.kind === 'starting-from') return words('startingFrom', { price });
  if (shown.kind === 'per-month') return words('perMonth', { price });
  return price;
}

/**
 * An amount in euros as a reader of `language` in Belgium writes it ("€ 245.000" in nl-BE,
 * "245 000 €" in fr-BE), for the agency's e-mails. Pages keep formatEuro, the spec's one form.
 */
export function formatEuroFor(value: number, language: string): string {
  if (!Number.isFinite(value)) return 'NaN';
  return new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(value);
}
