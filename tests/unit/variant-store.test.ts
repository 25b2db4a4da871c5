import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { VariantStore } from '@/lib/media/variant-store';

const picture = '/images/banner/1.webp';
const folders: string[] = [];
const temporaryFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'variants-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const filesIn = (folder: string) => readdirSync(folder).sort();

/** The resize module as a fresh server process loads it: an empty memory cache. */
async function freshResize() {
  vi.resetModules();
  return import('@/lib/media/resize');
}

describe('picture variants on disk', () => {
  it('keeps an encoded variant on disk under a hashed name, and a restarted server serves it from there', async () => {
    const folder = temporaryFolder();
    const first = await freshResize();
    const encoded = await first.resizeImage({ src: picture, width: 400, format: 'webp' }, { store: new VariantStore(folder, 10_000_000) });
    expect(encoded).toBeDefined();
    const [name, ...others] = filesIn(folder);
    expect(others).toEqual([]);
    expect(name).toMatch(/^[0-9a-f]{40}$/);
    expect(readFileSync(path.join(folder, name!))).toEqual(Buffer.from(encoded!.body));
    expect((await sharp(readFileSync(path.join(folder, name!))).metadata()).width).toBe(400);

    // Another process reads the folder: it answers with what the file holds, without encoding.
    const marker = Buffer.from('RIFF-stored-variant');
    writeFileSync(path.join(folder, name!), marker);
    const second = await freshResize();
    const served = await second.resizeImage({ src: picture, width: 400, format: 'webp' }, { store: new VariantStore(folder, 10_000_000) });
    expect(Buffer.from(served!.body)).toEqual(marker);
    expect(served!.contentType).toBe('image/webp');
    expect(served!.etag).toMatch(/^"[\w-]{27}"$/);
    expect(served!.etag).not.toBe(encoded!.etag);
  });

  it('stays within its size, removing the variants used longest ago first', async () => {
    const folder = temporaryFolder();
    const store = new VariantStore(folder, 250);
    await store.set('a', new Uint8Array(100));
    await store.set('b', new Uint8Array(100));
    // "a" is used again, so "b" is now the one used longest ago.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await store.get('a')).toHaveLength(100);
    await store.set('c', new Uint8Array(100));
    expect(await store.size()).toBe(200);
    expect(filesIn(folder)).toHaveLength(2);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toHaveLength(100);
    expect(await store.get('c')).toHaveLength(100);
    // A variant larger than the whole store is not kept at all.
    await store.set('huge', new Uint8Array(300));
    expect(await store.get('huge')).toBeUndefined();
    expect(filesIn(folder)).toHaveLength(2);
  });

  it('counts what an earlier run left, trims it to the bound, and removes half-written files', async () => {
    const folder = temporaryFolder();
    const earlier = new VariantStore(folder, 1_000);
    for (const key of ['a', 'b', 'c']) await earlier.set(key, new Uint8Array(100));
    const leftover = path.join(folder, `${'f'.repeat(40)}.0123456789ab.tmp`);
    writeFileSync(leftover, 'half');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(leftover, anHourAgo, anHourAgo);
    writeFileSync(path.join(folder, 'README'), 'not ours');
    const next = new VariantStore(folder, 150);
    expect(await next.size()).toBe(100);
    expect(filesIn(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // A file the store did not write is neither counted nor removed.
    expect(statSync(path.join(folder, 'README')).isFile()).toBe(true);
  });

  it('leaves alone the file another process is writing at that moment, so that its write lands', async () => {
    // Two processes share the folder (two server instances, or the export beside a server): the
    // one that starts must not take the half-written file of the other from under its rename.
    // Before, it removed every .tmp file it found, and the export's log showed "could not write
    // ... ENOENT: no such file or directory, rename".
    const folder = temporaryFolder();
    const inFlight = path.join(folder, `${'e'.repeat(40)}.0123456789ab.tmp`);
    writeFileSync(inFlight, 'being written');
    expect(await new VariantStore(folder, 1_000).size()).toBe(0);
    renameSync(inFlight, path.join(folder, 'e'.repeat(40)));
    expect(await new VariantStore(folder, 1_000).size()).toBe('being written'.length);
  });

  it('forgets a variant whose file another process removed, and a folder it cannot use costs nothing but the cache', async () => {
    const folder = temporaryFolder();
    const store = new VariantStore(folder, 1_000);
    await store.set('a', new Uint8Array(10));
    const [name] = filesIn(folder);
    unlinkSync(path.join(folder, name!));
    expect(await store.get('a')).toBeUndefined();
    expect(await store.size()).toBe(0);

    const blocked = path.join(folder, 'not-a-folder');
    writeFileSync(blocked, '');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = new VariantStore(path.join(blocked, 'inside'), 1_000);
    await broken.set('a', new Uint8Array(10));
    expect(await broken.get('a')).toBeUndefined();
    const resize = await freshResize();
    const encoded = await resize.resizeImage({ src: picture, width: 100, format: 'webp' }, { store: broken });
    expect(encoded?.body.byteLength).toBeGreaterThan(0);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
