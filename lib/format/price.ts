const euro = new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** "€ 295.000" in every language (spec §9: Belgian Dutch locale, euro prefix). The spec's NaN text on bad input. */
export function formatEuro(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  return euro.format(value).replace(/\u00a0/g, ' ');
}

type PriceWord = 'priceOnDemand' | 'startingFrom' | 'perMonth';

/**
 * A listing's price by the spec's rules: on demand when unpublished (the public view of a listing
 * then has no price), 'starting from' for PriceUnit 7, per month for rentals (Goal 1). `words`
 * fills in the message `property.{word}`.
 */
export function listingPrice(listing: { Price: number | null; PriceUnit: number; Goal: number }, words: (word: PriceWord, values?: { price: string }) => string): string {
  if (listing.Price === null) return words('priceOnDemand');
  const price = formatEuro(listing.Price);
  if (listing.PriceUnit === 7) return words('startingFrom', { price });
  if (listing.Goal === 1) return words('perMonth', { price });
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
