import { describe, expect, it } from 'vitest';
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
    expect(townLine({ zip: '7000', name: 'Bergen', country: { code: 'BE', name: 'België' } })).toBe('7000 Bergen');
    expect(townLine({ zip: '8001', name: 'Strassen', country: { code: 'LU', name: 'Luxemburg' } })).toBe('8001 Strassen, Luxemburg');
  });

  it('says "on demand" for a listing whose public view has no price (tests/unit/listing-view.test.ts decides the kind)', () => {
    const words = (word: string, values?: { price: string }) => `${word}${values ? ` ${values.price}` : ''}`;
    expect(listingPrice({ kind: 'on-demand' }, words)).toBe('priceOnDemand');
    expect(listingPrice({ kind: 'per-month', amount: 850 }, words)).toBe('perMonth € 850');
    expect(listingPrice({ kind: 'starting-from', amount: 190000 }, words)).toBe('startingFrom € 190.000');
    expect(listingPrice({ kind: 'amount', amount: 295000 }, words)).toBe('€ 295.000');
  });

  it('puts one kind of space before every French colon, a no-break space, and none in the other languages', () => {
    const french = texts(fr).filter(([, text]) => /:/.test(text));
    expect(french.length).toBeGreaterThan(10);
    for (const [key, text] of french) {
      // Times (10:00), addresses (https://) and staff commands (npm run check:data) have no space;
      // every other colon has a no-break one.
      const colons = text.replace(/\d:\d|[a-z]+:\/\/|npm run [\w:-]+/g, '').match(/.:/g) ?? [];
      for (const colon of colons) expect(colon, `${key}: ${text}`).toBe('\u00a0:');
    }
    for (const messages of [nl, en, de]) {
      for (const [key, text] of texts(messages)) expect(text, key).not.toMatch(/[\s\u00a0\u202f]:/);
    }
    expect(fr.format.label).toBe('{label}\u00a0:');
  });
});
