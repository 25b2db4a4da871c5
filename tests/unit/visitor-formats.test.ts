import { describe, expect, it } from 'vitest';
import { ribbonOf, shownPriceOf } from '@/lib/catalogue/listing-view';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { formatNumber, listingPrice, townLine } from '@/lib/format';

/** Every message text of a file with its key path. */
function texts(messages: unknown, path = ''): [string, string][] {
  if (typeof messages === 'string') return [[path, messages]];
  if (messages && typeof messages === 'object') return Object.entries(messages).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

describe('numbers, towns and French punctuation as visitors read them', () => {
  it('writes every figure the Belgian way, like the prices: 6,2 and 1.250', () => {
    expect(formatNumber(6.2, 1)).toBe('6,2');
    expect(formatNumber(1250)).toBe('1.250');
    expect(formatNumber(17.66)).toBe('17,66');
    expect(formatNumber(1520 / 1000, 1)).toBe('1,5');
  });

  it('names the country of a town abroad, never of a Belgian one', () => {
    expect(townLine({ Zip: '7000', City: 'Bergen', CountryID: 10, CountryName: 'België' })).toBe('7000 Bergen');
    expect(townLine({ Zip: '8001', City: 'Strassen', CountryID: 50, CountryName: 'Luxemburg' })).toBe('8001 Strassen, Luxemburg');
  });

  it('says "on demand" for a listing whose public view has no price', () => {
    const words = (word: string, values?: { price: string }) => `${word}${values ? ` ${values.price}` : ''}`;
    const marquee = { Status: 1, Marquee: 0, MarqueeName: '' } as const;
    expect(listingPrice(shownPriceOf({ Price: null, PriceUnit: 1, Goal: 0 }), words)).toBe('priceOnDemand');
    expect(listingPrice(shownPriceOf({ Price: 850, PriceUnit: 2, Goal: 1 }), words)).toBe('perMonth € 850');
    expect(listingPrice(shownPriceOf({ Price: 190000, PriceUnit: 7, Goal: 0 }), words)).toBe('startingFrom € 190.000');
    expect(listingPrice(shownPriceOf({ Price: 295000, PriceUnit: 1, Goal: 0 }), words)).toBe('€ 295.000');
    expect(ribbonOf({ ...marquee, Status: 2, Marquee: 1, MarqueeName: 'Nieuw' })).toEqual({ kind: 'sold' });
    expect(ribbonOf({ ...marquee, Status: 4 })).toEqual({ kind: 'rented' });
    expect(ribbonOf({ ...marquee, Marquee: 1, MarqueeName: 'Nieuw' })).toEqual({ kind: 'marquee', text: 'Nieuw' });
    expect(ribbonOf(marquee)).toBeUndefined();
  });

  it('puts one kind of space before every French colon, a no-break space, and none in the other languages', () => {
    const french = texts(fr).filter(([, text]) => /:/.test(text));
    expect(french.length).toBeGreaterThan(10);
    for (const [key, text] of french) {
      // Times (10:00) and addresses (https://) have no space; every other colon has a no-break one.
      const colons = text.replace(/\d:\d|[a-z]+:\/\//g, '').match(/.:/g) ?? [];
      for (const colon of colons) expect(colon, `${key}: ${text}`).toBe('\u00a0:');
    }
    for (const messages of [nl, en, de]) {
      for (const [key, text] of texts(messages)) expect(text, key).not.toMatch(/[\s\u00a0\u202f]:/);
    }
    expect(fr.format.label).toBe('{label}\u00a0:');
  });
});
