import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getListing } from '@/lib/catalogue';
import { catalogueFolder } from '@/lib/catalogue/source-dir';
import { href } from '@/lib/pages';
import { checkPath } from '@/lib/pages/check-path';
import { serveCatalogue } from '@/lib/catalogue/load';
import { readVersionHere } from '@/lib/server/catalogue-version';
import { createCatalogueFollower, reloadInterval, startCatalogueFollower, type FollowerOptions } from '@/lib/server/catalogue-reload';
import type { StalePath } from '@/lib/pages/changed-paths';

/*
 * The live reload in one process (docs/crm-live-catalogue.md §1, §2): a version published by a
 * pull (the pointer, or the newest published run in the database) is read, checked, swapped in,
 * its pages revalidated and rendered once and the alerts run; a version that fails the checks
 * leaves the served one, said in one line; one reload at a time, the newest version wins.
 */

const root = path.resolve(__dirname, '../..');
const bundled = path.join(root, 'data/catalogue');
const versions = { a: '20261201T090000Z-aaaaaa', b: '20261201T091000Z-bbbbbb', c: '20261201T092000Z-cccccc', d: '20261201T093000Z-dddddd' };
const firstId = 4000001;

let varDir: string;
const recordsSchema = z.object({ records: z.array(z.looseObject({ ID: z.number(), language: z.string(), Price: z.number(), WebID: z.number(), WebIDs: z.string() })) });

/** A version folder: the bundled snapshot, with `edit` applied to its records, and its changes.json. */
function writeVersion(version: string, previous: string | null, edit: (records: z.infer<typeof recordsSchema>['records']) => unknown[], changed: number[] = []): string {
  const dir = path.join(varDir, version);
  cpSync(bundled, dir, { recursive: true });
  const file = path.join(dir, 'properties.json');
  const { records } = recordsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  writeFileSync(file, JSON.stringify({ records: edit(records) }));
  writeFileSync(
    path.join(dir, 'changes.json'),
    JSON.stringify({ previous, version, at: '2026-12-01T09:00:00Z', added: [], changed, withdrawn: [], projects: { added: [], changed: [], withdrawn: [] } }),
  );
  return dir;
}
const point = (version: string) => writeFileSync(path.join(varDir, 'current'), `${version}\n`);
const priced = (price: number) => (records: z.infer<typeof recordsSchema>['records']) => records.map((record) => (record.ID === firstId ? { ...record, Price: price } : record));
const priceOf = (id: number) => {
  const price = getListing(id, 'nl')?.price;
  return price && 'amount' in price ? price.amount : undefined;
};

function serve(dir: string) {
  const read = readVersionHere(dir);
  if (!read.ok) throw new Error(read.issues.map((issue) => issue.message).join('; '));
  serveCatalogue(read.catalogue, dir);
}

function follower(overrides: Partial<FollowerOptions> = {}) {
  const revalidated: StalePath[][] = [];
  const rendered: string[][] = [];
  const log = { log: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() };
  const alerts = vi.fn(() => Promise.resolve());
  const read = vi.fn(readVersionHere);
  const made = createCatalogueFollower({
    varDir,
    read,
    revalidate: (paths) => {
      revalidated.push(paths);
      return Promise.resolve();
    },
    render: (urls) => {
      rendered.push(urls);
      return Promise.resolve();
    },
    alerts,
    log,
    ...overrides,
  });
  return { made, revalidated, rendered, log, alerts, read };
}

let saved: typeof globalThis.agencyCatalogue;

beforeEach(() => {
  saved = globalThis.agencyCatalogue;
  varDir = mkdtempSync(path.join(tmpdir(), 'agency-reload-'));
  vi.stubEnv('CATALOGUE_DIR', '');
  vi.stubEnv('OMNICASA_URL', 'http://127.0.0.1:9/1.12/OmnicasaService.svc/');
  vi.stubEnv('CATALOGUE_PULL_DIR', varDir);
  const a = writeVersion(versions.a, null, priced(235_000));
  point(versions.a);
  vi.stubEnv('CATALOGUE_PINNED_DIR', a);
  serve(a);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  globalThis.agencyCatalogue = saved;
  rmSync(varDir, { recursive: true, force: true });
});

describe('the catalogue reload', () => {
  it('does nothing while the pointer names the version served', async () => {
    const { made, read, alerts } = follower();
    await made.check();
    expect(made.served()).toBe(versions.a);
    expect(read).not.toHaveBeenCalled();
    expect(alerts).not.toHaveBeenCalled();
  });

  it('swaps in a published version: the listing, the pinned folder, its pages old and new, the alerts once', async () => {
    const { made, revalidated, rendered, alerts, log } = follower();
    const oldUrl = `/nl/te-koop/`;
    writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
    point(versions.b);
    expect(priceOf(firstId)).toBe(235_000);
    await made.check();
    expect(priceOf(firstId)).toBe(199_000);
    expect(made.served()).toBe(versions.b);
    expect(catalogueFolder()).toEqual({ ok: true, dir: path.join(varDir, versions.b), pulled: true });
    expect(revalidated).toHaveLength(1);
    const paths = revalidated[0]?.flatMap((entry) => ('path' in entry ? [entry.path] : [])) ?? [];
    for (const language of ['nl', 'fr', 'en']) expect(paths.some((candidate) => candidate.startsWith(`/${language}/`) && candidate.endsWith(`/${firstId}/`))).toBe(true);
    expect(paths).toContain(oldUrl);
    expect(paths).toContain('/nl/');
    // Only what the change touches: one listing's pages, not every listing's.
    expect(paths.filter((candidate) => /\/\d{7}\/$/.test(candidate)).every((candidate) => candidate.endsWith(`/${firstId}/`))).toBe(true);
    expect(revalidated[0]).toContainEqual({ tag: '_N_T_/api/search-index/[lang]/route' });
    expect(rendered[0]).toContain('/api/search-index/nl/');
    expect(rendered[0]).toContain('/sitemap.xml');
    expect(alerts).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
    await made.check();
    expect(alerts).toHaveBeenCalledTimes(1);
  });

  it('brings the pages of a build up to the version its server started on (a pull published while it was down)', async () => {
    // Built on version a; a pull published b while no instance ran; the server starts on b, whose
    // pages on disk are still a's (the build's files, the route cache of earlier reloads).
    const b = writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
    point(versions.b);
    vi.stubEnv('CATALOGUE_PINNED_DIR', b);
    vi.stubEnv('BUILT_CATALOGUE_VERSION', versions.a);
    serve(b);
    const { made, revalidated } = follower();
    await made.check();
    expect(made.served()).toBe(versions.b);
    const paths = revalidated[0]?.flatMap((entry) => ('path' in entry ? [entry.path] : [])) ?? [];
    expect(paths.some((candidate) => candidate.endsWith(`/${firstId}/`))).toBe(true);
  });

  it('keeps the served catalogue when the new version fails the checks, said once', async () => {
    const { made, log, alerts, revalidated } = follower();
    writeVersion(versions.b, versions.a, (records) => records.map((record) => (record.ID === firstId ? { ...record, Price: 'cheap' } : record)), [firstId]);
    point(versions.b);
    await made.check();
    await made.check();
    expect(priceOf(firstId)).toBe(235_000);
    expect(made.served()).toBe(versions.a);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatch(/version 20261201T091000Z-bbbbbb is not served, the site stays on 20261201T090000Z-aaaaaa: .*Price/);
    expect(revalidated).toEqual([]);
    expect(alerts).not.toHaveBeenCalled();
    // The next good version is taken.
    writeVersion(versions.c, versions.b, priced(180_000), [firstId]);
    point(versions.c);
    await made.check();
    expect(priceOf(firstId)).toBe(180_000);
  });

  it('revalidates the old and the new URL of a listing whose type changed; the old one then redirects to the new', async () => {
    const { made, revalidated } = follower();
    const before = (['nl', 'fr', 'en'] as const).map((language) => href({ page: 'property', id: firstId }, language));
    // From house (WebID 1) to flat (3): the type's slug is in the URL.
    writeVersion(versions.b, versions.a, (records) => records.map((record) => (record.ID === firstId ? { ...record, WebID: 3, WebIDs: '3' } : record)), [firstId]);
    point(versions.b);
    await made.check();
    const after = (['nl', 'fr', 'en'] as const).map((language) => href({ page: 'property', id: firstId }, language));
    const paths = revalidated[0]?.flatMap((entry) => ('path' in entry ? [entry.path] : [])) ?? [];
    for (const [index, old] of before.entries()) {
      const moved = after[index] ?? '';
      expect(moved).not.toBe(old);
      expect(paths).toContain(old);
      expect(paths).toContain(moved);
      expect(checkPath(old)).toEqual({ kind: 'redirect', to: moved });
      expect(checkPath(moved).kind).toBe('ok');
    }
  });

  it('says whether this process serves the newest published version, after the reload under way', async () => {
    const { made } = follower();
    expect(await made.upToDate()).toBe(true);
    writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
    point(versions.b);
    expect(await made.upToDate()).toBe(false);
    const reload = made.check();
    expect(await made.upToDate()).toBe(true);
    await reload;
    expect(made.served()).toBe(versions.b);
    // A version this process refuses leaves it behind: its alerts wait.
    writeVersion(versions.c, versions.b, (records) => records.map((record) => (record.ID === firstId ? { ...record, Price: 'cheap' } : record)), [firstId]);
    point(versions.c);
    await made.check();
    expect(made.served()).toBe(versions.b);
    expect(await made.upToDate()).toBe(false);
  });

  it('follows the newest published run in the database when the pointer lags', async () => {
    writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
    const { made } = follower({ newestPublished: () => Promise.resolve(versions.b) });
    await made.check();
    expect(made.served()).toBe(versions.b);
    expect(priceOf(firstId)).toBe(199_000);
  });

  it('ignores a database row that names no folder on the disk', async () => {
    const { made, read } = follower({ newestPublished: () => Promise.resolve(versions.d) });
    await made.check();
    expect(read).not.toHaveBeenCalled();
    expect(made.served()).toBe(versions.a);
  });

  it('reloads once at a time, and goes on to the newest when the pointer moved during a reload', async () => {
    writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
    writeVersion(versions.c, versions.b, priced(180_000), [firstId]);
    point(versions.b);
    let first = true;
    const read = vi.fn((dir: string) => {
      // Version c is published while b is being read.
      if (first) point(versions.c);
      first = false;
      return readVersionHere(dir);
    });
    const { made, revalidated, alerts } = follower({ read });
    await Promise.all([made.check(), made.check()]);
    expect(made.served()).toBe(versions.c);
    expect(priceOf(firstId)).toBe(180_000);
    expect(read.mock.calls.map(([dir]) => path.basename(dir))).toEqual([versions.b, versions.c]);
    // b was never served: one swap, one revalidation, one alerts run.
    expect(revalidated).toHaveLength(1);
    expect(alerts).toHaveBeenCalledTimes(1);
  });

  it('revalidates every listing when a version between the two was pruned', async () => {
    writeVersion(versions.c, versions.b, priced(180_000), [firstId]);
    point(versions.c);
    const { made, revalidated } = follower();
    await made.check();
    const listingPaths = (revalidated[0] ?? []).flatMap((entry) => ('path' in entry && /\/\d{7}\/$/.test(entry.path) ? [entry.path] : []));
    expect(new Set(listingPaths.map((candidate) => candidate.split('/').at(-2))).size).toBeGreaterThan(10);
  });

  it('polls every CATALOGUE_RELOAD_MS with the CRM configured, and not at all without it', async () => {
    vi.useFakeTimers();
    const timers = globalThis as typeof globalThis & { __catalogueReloadTimer?: NodeJS.Timeout };
    const read = vi.fn(readVersionHere);
    const options = { varDir, read, revalidate: () => Promise.resolve(), render: () => Promise.resolve(), log: { log: vi.fn(), error: vi.fn() } };
    expect(startCatalogueFollower({ ...options, env: { NODE_ENV: 'test', CATALOGUE_RELOAD_MS: '2000' } })).toBeUndefined();
    const started = startCatalogueFollower({ ...options, env: { NODE_ENV: 'test', OMNICASA_URL: 'http://127.0.0.1:9/', CATALOGUE_RELOAD_MS: '2000' } });
    try {
      expect(started).toBeDefined();
      writeVersion(versions.b, versions.a, priced(199_000), [firstId]);
      point(versions.b);
      await vi.advanceTimersByTimeAsync(1999);
      expect(read).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(read).toHaveBeenCalledTimes(1);
      expect(started?.served()).toBe(versions.b);
    } finally {
      clearInterval(timers.__catalogueReloadTimer);
      timers.__catalogueReloadTimer = undefined;
    }
  });

  it('reads CATALOGUE_RELOAD_MS within its bounds', () => {
    expect(reloadInterval({ NODE_ENV: 'test' })).toEqual({ ms: 5000 });
    expect(reloadInterval({ NODE_ENV: 'test', CATALOGUE_RELOAD_MS: '1500' })).toEqual({ ms: 1500 });
    expect(reloadInterval({ NODE_ENV: 'test', CATALOGUE_RELOAD_MS: '5 s' }).problem).toMatch(/CATALOGUE_RELOAD_MS must be a whole number/);
    expect(reloadInterval({ NODE_ENV: 'test', CATALOGUE_RELOAD_MS: '10' }).ms).toBe(5000);
  });
});
