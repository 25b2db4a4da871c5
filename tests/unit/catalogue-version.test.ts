import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storedRecord } from '@/lib/catalogue/listing-store';
import { readVersionHere, readVersionOffThread, type ReadVersion } from '@/lib/server/catalogue-version';

/*
 * A reloaded version is read on a thread of its own (lib/server/catalogue-version.ts): the same
 * catalogue as read here, and the serving thread turns meanwhile.
 */

const bundled = path.resolve('data/catalogue');
const empty = mkdtempSync(path.join(tmpdir(), 'catalogue-version-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** Resolves with the outcome and how many turns of the event loop ran before it: none when the work blocked the thread. */
async function withTurns(reading: () => Promise<ReadVersion>): Promise<{ read: ReadVersion; turns: number }> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  const read = await reading();
  done = true;
  return { read, turns };
}

const served = (read: ReadVersion) => {
  if (!read.ok) throw new Error(read.issues.map((issue) => issue.message).join('; '));
  return read.catalogue;
};

describe('a catalogue version read off the serving thread', () => {
  it('is the catalogue read here: the same listings, summaries and records, and the thread turned meanwhile', async () => {
    const { read, turns } = await withTurns(() => readVersionOffThread(bundled));
    const there = served(read);
    const here = served(readVersionHere(bundled));
    expect(turns).toBeGreaterThan(0);
    expect(read.ok && read.thread).toBe('its own thread');
    expect(there.listings.summaries).toEqual(here.listings.summaries);
    expect([...there.listings.byKey.keys()]).toEqual([...here.listings.byKey.keys()]);
    expect(Buffer.isBuffer(there.listings.bytes)).toBe(true);
    const first = here.listings.summaries[0];
    expect(first).toBeDefined();
    if (first) expect(storedRecord(there.listings, first.id, 'fr')).toEqual(storedRecord(here.listings, first.id, 'fr'));
    expect(there.cities).toEqual(here.cities);
    expect(there.owners).toEqual(here.owners);
  });

  it('says what refuses a version, as the check does here', async () => {
    const files = (read: ReadVersion) => (read.ok ? [] : read.issues.map((issue) => issue.file));
    const there = files(await readVersionOffThread(empty));
    expect(there.length).toBeGreaterThan(0);
    expect(there).toEqual(files(readVersionHere(empty)));
  });

  it('is read here, blocking, where no thread can run it (no tsx: a deploy without dev dependencies)', async () => {
    const { read, turns } = await withTurns(() => readVersionOffThread(bundled, { root: empty }));
    expect(served(read).listings.summaries.length).toBeGreaterThan(0);
    expect(turns).toBe(0);
    expect(read.ok && read.thread).toBe('the serving thread');
  });

  it('is read here when the thread starts but cannot run (its module missing), rather than failing the reload', async () => {
    // tsx resolves from this root, but the thread's own file is not there: the thread errors at once.
    const broken = mkdtempSync(path.join(tmpdir(), 'catalogue-version-broken-'));
    try {
      writeFileSync(path.join(broken, 'package.json'), '{}');
      mkdirSync(path.join(broken, 'node_modules'));
      symlinkSync(path.resolve('node_modules/tsx'), path.join(broken, 'node_modules/tsx'));
      const read = await readVersionOffThread(bundled, { root: broken });
      expect(served(read).listings.summaries.length).toBeGreaterThan(0);
      expect(read.ok && read.thread).toBe('the serving thread');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('fails, leaving the site as it is, when the thread takes too long (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const reading = readVersionOffThread(bundled, { timeoutMs: 60_000 });
      vi.advanceTimersByTime(60_001);
      await expect(reading).rejects.toThrow('still being read after 60 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
