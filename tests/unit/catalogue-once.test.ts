import { describe, expect, it } from 'vitest';
import { inspectData } from '@/lib/data-check';
import { loadCatalogue } from '@/lib/catalogue/load';

/*
 * `next start` checks the data in the server's own process before serving: the pages then use
 * the snapshot that check read instead of reading the catalogue a second time.
 */
/** The process's slot, read through a call: TypeScript would keep the `undefined` a test just wrote. */
const kept = () => globalThis.agencyCatalogueSnapshot;

describe('the catalogue read at start', () => {
  it('is the snapshot the pages use, when the check read the default folder', () => {
    globalThis.agencyCatalogueSnapshot = undefined;
    expect(inspectData().errors).toEqual([]);
    const checked = kept();
    expect(checked?.properties.length).toBeGreaterThan(0);
    expect(loadCatalogue()).toBe(checked);
  });

  it('is not kept when the check read another folder', () => {
    globalThis.agencyCatalogueSnapshot = undefined;
    inspectData({ catalogueDir: 'data/catalogue' });
    expect(kept()).toBeUndefined();
  });
});
