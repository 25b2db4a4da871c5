import { describe, expect, it } from 'vitest';
import { getProperty } from '@/lib/catalogue';
import { isSavedListingsIndex, savedListings } from '@/lib/favourites/saved-listings';
import { buildSavedListingsIndex } from '@/lib/favourites/saved-listings-index';
import { href } from '@/lib/pages';

const words = (word: string, values?: { price: string }) => (values ? `${word} ${values.price}` : word);

describe('the favourites page data', () => {
  const index = buildSavedListingsIndex('fr', words);

  it('gives each saved listing its card: type, town, price, state and link, in the visitor order', () => {
    const [house, sold] = savedListings(index, [4000001, 4000003]);
    expect(house).toEqual({
      id: 4000001,
      listing: expect.objectContaining({ type: getProperty(4000001, 'fr')?.type.name, town: '7000 Mons', price: '€ 235.000', state: 'on-offer', href: href({ page: 'property', id: 4000001 }, 'fr') }),
    });
    expect(sold?.listing?.state).toBe('sold');
    expect(sold?.listing?.href).toBe(href({ page: 'property', id: 4000003 }, 'fr'));
  });

  it('says which saved listing is under option, with the ribbon the lists show', () => {
    // 4000006 carries the option marquee of site.json (MarqueeName "Option" in French); 4000001 none.
    const [option, plain] = savedListings(index, [4000006, 4000001]);
    expect(option?.listing).toEqual(expect.objectContaining({ state: 'under-option', optionRibbon: 'Option' }));
    expect(plain?.listing).toEqual(expect.objectContaining({ state: 'on-offer', optionRibbon: '' }));
  });

  it('says which saved listing the catalogue no longer has', () => {
    expect(savedListings(index, [999999999, 4000002]).map((entry) => [entry.id, entry.listing === undefined])).toEqual([
      [999999999, true],
      [4000002, false],
    ]);
  });

  it('reads as an index after a trip through JSON, and refuses anything else', () => {
    expect(isSavedListingsIndex(JSON.parse(JSON.stringify(index)))).toBe(true);
    expect(isSavedListingsIndex(null)).toBe(false);
    expect(isSavedListingsIndex({ rows: [] })).toBe(false);
    expect(isSavedListingsIndex({ ...index, rows: [[4000001, '€ 1', 7, 0, 0, 0, -1, '']] })).toBe(false);
    expect(isSavedListingsIndex({ ...index, rows: [[4000001, '€ 1', 0, 0, 0, 0, -1]] })).toBe(false);
  });
});
