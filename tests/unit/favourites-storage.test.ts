import { describe, expect, it } from 'vitest';
import { favouritesKey, favouritesLimit, parseFavourites, readFavourites, removeFavourite, toggleFavourite } from '@/lib/favourites/storage';

/** A Storage as the browser's, in memory. */
function memoryStore(initial?: string) {
  const items = new Map<string, string>();
  if (initial !== undefined) items.set(favouritesKey, initial);
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('favourites kept in the browser', () => {
  it('reads a stored list under a versioned key', () => {
    expect(favouritesKey).toMatch(/v1$/);
    expect(readFavourites(memoryStore('[4000012,4000055]'))).toEqual([4000012, 4000055]);
  });

  it.each([
    ['nothing stored', null],
    ['empty text', ''],
    ['broken JSON', '[4000012,'],
    ['an object', '{"ids":[4000012]}'],
    ['a string', '"4000012"'],
    ['a number', '4000012'],
    ['JSON null', 'null'],
  ])('ignores malformed storage: %s', (_case, raw) => {
    expect(parseFavourites(raw)).toEqual([]);
  });

  it('keeps only listing IDs (positive whole numbers), each once', () => {
    expect(parseFavourites('[7, "8", -3, 0, 1.5, null, {"id": 9}, 1e300, 7, 10]')).toEqual([7, 10]);
  });

  it('ignores a stored value too long to be a list of 100 IDs', () => {
    expect(parseFavourites(`[${'1,'.repeat(20_000)}1]`)).toEqual([]);
  });

  it('reads at most the limit from a longer stored list', () => {
    const ids = Array.from({ length: 150 }, (_, index) => index + 1);
    expect(readFavourites(memoryStore(JSON.stringify(ids)))).toEqual(ids.slice(0, favouritesLimit));
  });

  it('saves a listing first and forgets it on the second press', () => {
    const store = memoryStore();
    expect(toggleFavourite(11, store)).toBe(true);
    expect(toggleFavourite(22, store)).toBe(true);
    expect(readFavourites(store)).toEqual([22, 11]);
    expect(toggleFavourite(11, store)).toBe(false);
    expect(readFavourites(store)).toEqual([22]);
    removeFavourite(22, store);
    expect(store.items.get(favouritesKey)).toBe('[]');
  });

  it('forgets the oldest when one more than the limit is saved', () => {
    const full = Array.from({ length: favouritesLimit }, (_, index) => 1000 + index);
    const store = memoryStore(JSON.stringify(full));
    toggleFavourite(5, store);
    const kept = readFavourites(store);
    expect(kept).toHaveLength(favouritesLimit);
    expect(kept[0]).toBe(5);
    expect(kept).not.toContain(1000 + favouritesLimit - 1);
  });

  it('replaces malformed storage instead of failing when a heart is pressed', () => {
    const store = memoryStore('{oops');
    expect(toggleFavourite(4000012, store)).toBe(true);
    expect(store.items.get(favouritesKey)).toBe('[4000012]');
  });

  it('survives a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readFavourites(refusing)).toEqual([]);
    expect(() => toggleFavourite(1, refusing)).not.toThrow();
  });
});
