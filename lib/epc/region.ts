export type EpcRegion = 'flanders' | 'brussels' | 'wallonia' | 'luxembourg';

const belgium = 10;
const luxembourg = 50;

/**
 * The region whose EPC scale and certificate images apply to a listing.
 *
 * Luxembourg is decided by the country first: its postcodes are also 4 digits and would
 * otherwise fall into a Belgian range. A Belgian postcode outside 1000-9999, or an unknown
 * country, throws: a guessed region would show a legally wrong certificate, so bad data must
 * be caught by the data check instead.
 */
export function regionOf(zip: string, countryId: number): EpcRegion {
  if (countryId === luxembourg) return 'luxembourg';
  if (countryId !== belgium) throw new RangeError(`unknown country id ${countryId}`);
  if (!/^\d{4}$/.test(zip)) throw new RangeError(`"${zip}" is not a Belgian postcode`);
  const code = Number(zip);
  if (code >= 1000 && code <= 1299) return 'brussels';
  if ((code >= 1300 && code <= 1499) || (code >= 4000 && code <= 7999)) return 'wallonia';
  if ((code >= 1500 && code <= 3999) || (code >= 8000 && code <= 9999)) return 'flanders';
  throw new RangeError(`"${zip}" is not a Belgian postcode`);
}
