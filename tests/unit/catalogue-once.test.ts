import { describe, expect, it } from 'vitest';
import { inspectData } from '@/lib/data-check';
import { loadCatalogue, readCatalogue } from '@/lib/catalogue/load';

/*
 * `next start` checks the data in the server's own process before serving: the pages then use
 * the catalogue that check read (its listings already in the listing store) instead of reading
 * the files a second time, and the check's snapshot of records is not kept.
 */
/** The process's slot, read through a call: TypeScript would keep the `undefined` a test just wrote. */
const kept = () => globalThis.agencyCatalogue;

function forget(): void {
  globalThis.agencyCatalogue = undefined;
}

describe('the catalogue read at start', () => {
  it("is what the pages use when the server's check read the default folders", () => {
    forget();
    const snapshot = readCatalogue();
    if (!snapshot.ok) throw new Error('the shipped catalogue is valid');
    expect(inspectData({}, { keepCatalogue: true }).errors).toEqual([]);
    const checked = kept();
    expect(checked?.listings.summaries).toHaveLength(snapshot.snapshot.properties.length);
    expect(checked?.projects).toEqual(snapshot.snapshot.projects);
    // Only the store holds the listings: no array of records stays behind.
    expect(checked && 'properties' in checked).toBe(false);
    expect(loadCatalogue()).toBe(checked);
  });

  it("is not kept by a check that is not the server's, or that read other folders", () => {
    forget();
    inspectData();
    expect(kept()).toBeUndefined();
    inspectData({ catalogueDir: 'data/catalogue' }, { keepCatalogue: true });
    expect(kept()).toBeUndefined();
    inspectData({ siteDir: 'data/site' }, { keepCatalogue: true });
    expect(kept()).toBeUndefined();
  });

  it('is read by the first page when no check kept it', () => {
    forget();
    const catalogue = loadCatalogue();
    expect(catalogue.listings.summaries.length).toBeGreaterThan(0);
    expect(loadCatalogue()).toBe(catalogue);
  });
});
