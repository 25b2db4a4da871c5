/**
 * The price as the spec shows it (lib/catalogue decides which): on demand when unpublished (the
 * public view then has no price), "starting from" for PriceUnit 7, per month for a rental, else the amount.
 */
export type ShownPrice = { kind: 'on-demand' } | { kind: 'starting-from' | 'per-month' | 'amount'; amount: number };

/** Whole digits in groups of three with a dot, the Belgian Dutch way: "1.234.567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * A whole number's shortest digits, as Intl writes them: from 1e21 on, a number's own text is
 * "1.2345e+21", its digits then padded with zeros.
 */
function wholeDigits(whole: number): string {
  const [mantissa = '', exponent] = String(whole).split('e+');
  return exponent === undefined ? mantissa : mantissa.replace('.', '').padEnd(Number(exponent) + 1, '0');
}

/**
 * "€ 295.000" in every language (spec §9: Belgian Dutch locale, euro prefix). The spec's NaN text on bad input.
 *
 * Written out rather than asked of Intl.NumberFormat (whose nl-BE output it equals, rounding half
 * away from zero: tests/unit/format.test.ts compares the two): a browser's first number format
 * loads its number data, 12 ms on a fast machine, about 50 ms on a phone, and the list's filters
 * write their price steps with this during hydration (issue 40).
 */
export function formatEuro(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `€ ${sign}${grouped(wholeDigits(Math.round(Math.abs(value))))}`;
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
