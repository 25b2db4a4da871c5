import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentCatalogueDir } from '@/lib/catalogue/crm/catalogue-folder';
import { defaultDownloadLimits, pulledVariants, type DownloadLimits } from '@/lib/catalogue/crm/downloads';
import { OmnicasaConnector } from '@/lib/catalogue/crm/omnicasa-connector';
import { pullCatalogue } from '@/lib/catalogue/crm/pull';
import { catalogueLanguages, type Property } from '@/lib/catalogue/schemas';
import { needsEncoding, resizeImage } from '@/lib/media/resize';
import { VariantStore } from '@/lib/media/variant-store';
import type { Store } from '@/lib/db';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { snapshotRecords } from '../crm-double/snapshot-seed';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 36 item 6, against the double: a picture is fetched once per URL, stored by its content's
 * hash where the site keeps its pictures, and given the widths the pages ask for at pull time, in
 * the store the image route reads, so that the route of another process (a server) finds them
 * and runs no sharp. Old CRM hosts are rewritten to the CDN host before anything is fetched;
 * every download is bounded (bytes, pixels, pictures per listing, time).
 */

const [sqlite] = testDatabases;
const variantBytes = 64 * 1024 * 1024;
/** Three listings: the widths of a whole catalogue are thousands of encodings, which these tests need not wait for. */
const all = snapshotRecords();
const fewListings = new Set([...new Set(all.properties.filter((p) => !p.ProjectID).map((p) => p.ID))].slice(0, 3));
const [first = 0, second = 0] = fewListings;
const few = { ...all, properties: all.properties.filter((p) => fewListings.has(p.ID)), projects: [], slots: all.slots?.filter((slot) => fewListings.has(slot.PropertyID)), owners: [] };

describe('pictures of the pulled catalogue', () => {
  afterAll(closeOpenedStores);

  let crm: OmnicasaDouble;
  let store: Store;
  let varDir: string;
  let publicDir: string;
  let cacheDir: string;
  let clock = new Date('2026-12-01T09:00:00Z');
  const now = () => clock;

  /** `widths`: make the pictures' widths (a full pull's thousands of encodings: only where a test looks at them). */
  const pull = async (options: { limits?: Partial<DownloadLimits>; hosts?: { cdnHost: string; legacyHosts: string[] }; widths?: boolean } = {}) => {
    const connector = new OmnicasaConnector(
      { baseUrl: crm.baseUrl, customerName: crm.customerName, customerPassword: crm.customerPassword, languages: [...catalogueLanguages] },
      options.hosts ?? { cdnHost: '', legacyHosts: [] },
      { timeoutMs: 5_000 },
    );
    const result = await pullCatalogue({
      store,
      connector,
      now,
      varDir,
      publicDir,
      variantStore: options.widths ? new VariantStore(cacheDir, variantBytes) : undefined,
      limits: { ...defaultDownloadLimits, ...options.limits },
    });
    if (result.status !== 'published' && result.status !== 'unchanged') throw new Error(`expected a good run, got ${JSON.stringify(result)}`);
    return result;
  };
  const pulled = (id: number): Property[] => (JSON.parse(readFileSync(path.join(currentCatalogueDir(varDir) ?? '', 'properties.json'), 'utf8')) as Property[]).filter((p) => p.ID === id);
  const warnings = (result: Awaited<ReturnType<typeof pull>>) => result.refusals.map((issue) => issue.message).join('\n');

  beforeEach(async () => {
    clock = new Date('2026-12-01T09:00:00Z');
    crm = await OmnicasaDouble.start({ clock: now });
    store = await (sqlite?.open() ?? Promise.reject(new Error('no SQLite')));
    varDir = mkdtempSync(path.join(tmpdir(), 'pictures-var-'));
    publicDir = mkdtempSync(path.join(tmpdir(), 'pictures-public-'));
    cacheDir = mkdtempSync(path.join(tmpdir(), 'pictures-cache-'));
  });

  afterEach(async () => {
    vi.useRealTimers();
    await crm.close();
    for (const dir of [varDir, publicDir, cacheDir]) rmSync(dir, { recursive: true, force: true });
  });

  const withFewListings = async () => {
    await crm.close();
    crm = await OmnicasaDouble.start({ clock: now, records: few });
  };

  it("makes each new picture's widths at pull time: a server's route, with its own store on the same folder, encodes none", async () => {
    await withFewListings();
    // The server: another process's store, which scanned its folder when it started, before the pull.
    const server = new VariantStore(cacheDir, variantBytes);
    expect(await server.size()).toBe(0);
    await pull({ widths: true });
    const [listing] = pulled(first);
    const src = listing?.XLargePictureItem?.Url ?? '';
    expect(src).toMatch(/^\/catalogue\/crm\//);
    for (const variant of pulledVariants) expect(await needsEncoding({ src, ...variant }, { publicDir, store: server }), `width ${variant.width}`).toBe(false);
    const served = await resizeImage({ src, width: 400, format: 'webp' }, { publicDir, store: server });
    const meta = await sharp(Buffer.from(served?.body ?? new Uint8Array())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 400]);
    // A width the pages do not ask of every picture (the mails' PNG) is still the route's to make.
    expect(await needsEncoding({ src, width: 600, format: 'png' }, { publicDir, store: server })).toBe(true);
  });

  it('fetches a picture once: the next pull fetches and encodes only the changed one', async () => {
    await withFewListings();
    await pull({ widths: true });
    const firstFetches = crm.pictureRequests.length;
    const firstVariants = readdirSync(cacheDir).length;
    expect(firstVariants).toBeGreaterThan(0);
    clock = new Date('2026-12-01T09:10:00Z');
    crm.changeProperty(second, { Price: 123456 });
    const { largeUrl } = await crm.changePicture(first, 102);
    const result = await pull({ widths: true });
    expect(result.counts, JSON.stringify(result.refusals)).toEqual({ added: 0, changed: 2, withdrawn: 0, refused: 0 });
    const fetched = crm.pictureRequests.slice(firstFetches);
    // The changed picture in its two sizes; nothing of the other listing, whose pictures did not change.
    expect(fetched.sort()).toEqual([largeUrl, largeUrl.replace('-xl.', '-sm.')].map((url) => new URL(url).pathname.slice('/pictures/'.length)).sort());
    // The large one's widths below 1360 and the small one's below 250.
    expect(readdirSync(cacheDir).length).toBe(firstVariants + pulledVariants.length + pulledVariants.filter((variant) => variant.width < 250).length);
  });

  it('fetches again at once a picture whose connection closed with no answer: the listing keeps it, and the next pull changes nothing', async () => {
    await withFewListings();
    const picture = crm.property(first)?.SmallPictureItem;
    const url = picture && typeof picture === 'object' && !Array.isArray(picture) && typeof picture.Url === 'string' ? picture.Url : '';
    crm.setPictureFault(url, { kind: 'dropped', times: 1 });
    const result = await pull();
    expect(warnings(result)).toBe('');
    expect(pulled(first).map((p) => p.SmallPictureItem?.Url)).toEqual(Array(catalogueLanguages.length).fill(expect.stringMatching(/^\/catalogue\/crm\//)));
    clock = new Date('2026-12-01T09:10:00Z');
    const next = await pull();
    expect([next.status, next.counts]).toEqual(['unchanged', { added: 0, changed: 0, withdrawn: 0, refused: 0 }]);
  });

  it('rewrites an old CRM image host to the CDN host before fetching', async () => {
    const { largeUrl } = await crm.changePicture(4000001, 102);
    const legacy = largeUrl.replace(crm.host, 'https://www.old-crm.example.be');
    crm.changeProperty(4000001, { XLargePictureItem: { ID: 102, Url: legacy, Width: 1360, Height: 907, Name: 'Woonkamer' } });
    const result = await pull({ hosts: { cdnHost: crm.host, legacyHosts: ['old-crm.example.be'] } });
    expect(warnings(result)).toBe('');
    expect(crm.pictureRequests).toContain(new URL(largeUrl).pathname.slice('/pictures/'.length));
    expect(pulled(4000001)[0]?.XLargePictureItem?.Url).toMatch(/^\/catalogue\/crm\//);
  });

  it('refuses a picture of more pixels than the bound, whatever its bytes, and keeps the listing', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .webp()
      .toBuffer();
    await crm.changePicture(4000001, 102, { bytes: bomb });
    const result = await pull({ limits: { maxPixels: 20_000_000 } });
    expect(warnings(result)).toContain('is 6000 × 4000 pixels, more than the 20 million the site takes');
    expect(pulled(4000001)).toHaveLength(catalogueLanguages.length);
  });

  it('keeps at most the bound of pictures per listing, and says so', async () => {
    const result = await pull({ limits: { picturesPerListing: 1 } });
    expect(warnings(result)).toMatch(/\d+ pictures: the site keeps the first 1/);
    for (const listing of pulled(4000001)) expect(listing.XLargePictureItems.length).toBeLessThanOrEqual(1);
  });

  it('gives up a picture that stalls past the time bound (fake clock) and keeps the listing', async () => {
    const { largeUrl } = await crm.changePicture(4000001, 102);
    crm.setPictureFault(largeUrl, { kind: 'slow', stallMs: 60_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = pull({ limits: { timeoutMs: 20_000 } });
    // The stalled download is the only timer left once everything else has answered.
    await vi.waitFor(() => expect(crm.pictureRequests).toContain(new URL(largeUrl).pathname.slice('/pictures/'.length)), { interval: 5, timeout: 30_000 });
    await vi.advanceTimersByTimeAsync(20_001);
    const result = await running;
    expect(warnings(result)).toContain('took longer than 20 s');
    expect(pulled(4000001)).toHaveLength(catalogueLanguages.length);
  });
});
