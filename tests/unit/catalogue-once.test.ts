import { describe, expect, it } from 'vitest';
import { inspectData } from '@/lib/data-check';
import { loadCatalogue } from '@/lib/catalogue/load';

/*
 * `next start` checks the data in the server's own process before serving: the pages then build
 * their catalogue from the snapshot that check read instead of reading the files a second time,
 * and let the snapshot go once its records are in the listing store.
 */
/** The process's slot, read through a call: TypeScript would keep the `undefined` a test just wrote. */
const kept = () => globalThis.agencyCatalogueSnapshot;

function forget(): void {
  globalThis.agencyCatalogue = undefined;
  globalThis.agencyCatalogueSnapshot = undefined;
}

describe('the catalogue read at start', () => {
  it('is what the pages use, when the check read the default folder, and is then let go', () => {
    forget();
    expect(inspectData().errors).toEqual([]);
    const checked = kept();
    expect(checked?.properties.length).toBeGreaterThan(0);
    const catalogue = loadCatalogue();
    expect(catalogue.projects).toBe(checked?.projects);
    expect(catalogue.listings.summaries).toHaveLength(checked?.properties.length ?? -1);
    expect(kept()).toBeUndefined();
    expect(loadCatalogue()).toBe(catalogue);
  });

  it('is not kept when the check read another folder', () => {
    forget();
    inspectData({ catalogueDir: 'data/catalogue' });
    expect(kept()).toBeUndefined();
  });
});
