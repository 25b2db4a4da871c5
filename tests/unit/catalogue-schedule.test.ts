import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullResult } from '@/lib/catalogue/crm/pull';
import { pullChild, pullHeapMb, pullInterval, startCataloguePulls } from '@/lib/catalogue/crm/schedule';
import { closeStore, openStore, recentCatalogueRuns, takeLock, type Store } from '@/lib/db';

/*
 * The pull inside the server, on a fake clock with a stub pull: every OMNICASA_PULL_MINUTES, one
 * run at a time, one line for a failed run, nothing at all without a CRM or with 0 minutes.
 */

const crm = { OMNICASA_URL: 'http://127.0.0.1:9/1.12/OmnicasaService.svc/', OMNICASA_CUSTOMER_NAME: 'agency', OMNICASA_CUSTOMER_PASSWORD: 'secret' };
const minute = 60_000;
const counts = { added: 1, changed: 2, withdrawn: 0, refused: 0 };
const published: PullResult = { status: 'published', runId: 'r1', kind: 'incremental', version: '20261201T090000Z-aaaaaa', counts, refusals: [], cursor: '2026-12-01T08:55:00' };
const failed: PullResult = { status: 'failed', runId: 'r2', kind: 'incremental', error: 'GetPropertyListJson answered HTTP 503', counts: { added: 0, changed: 0, withdrawn: 0, refused: 0 } };

let store: Store;
const getStore = () => Promise.resolve(store);
// A file, not memory: the child processes write their run records into it.
const work = mkdtempSync(path.join(tmpdir(), 'catalogue-schedule-'));
const databaseUrl = `file:${path.join(work, 'site.db')}`;

beforeAll(async () => {
  store = await openStore(databaseUrl);
});
afterAll(async () => {
  await closeStore(store);
  rmSync(work, { recursive: true, force: true });
});

let stop: (() => void) | undefined;
const newLog = () => ({ log: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() });
let log = newLog();
/** The environment of the process with only these of the CRM's variables. */
const envOf = (vars: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  OMNICASA_URL: '',
  OMNICASA_CUSTOMER_NAME: '',
  OMNICASA_CUSTOMER_PASSWORD: '',
  OMNICASA_PULL_MINUTES: '',
  ...vars,
});

beforeEach(() => {
  vi.useFakeTimers();
  log = newLog();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

/** A pull that answers when the test says so. */
function heldPull() {
  const releases: Array<(result: PullResult) => void> = [];
  const pull = vi.fn(() => new Promise<PullResult>((resolve) => releases.push(resolve)));
  return { pull, release: (result: PullResult) => releases.shift()?.(result) };
}

describe('the pull schedule', () => {
  it('runs every OMNICASA_PULL_MINUTES, never two at once in a process', async () => {
    const { pull, release } = heldPull();
    stop = startCataloguePulls(getStore, { env: envOf({ ...crm, OMNICASA_PULL_MINUTES: '2' }), pull, log });
    await vi.advanceTimersByTimeAsync(2 * minute - 1);
    expect(pull).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(pull).toHaveBeenCalledTimes(1);
    expect(pull).toHaveBeenCalledWith(store);
    // The first run still works: the next two ticks start nothing.
    await vi.advanceTimersByTimeAsync(4 * minute);
    expect(pull).toHaveBeenCalledTimes(1);
    release(published);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.log).toHaveBeenCalledWith('[catalogue] incremental pull published version 20261201T090000Z-aaaaaa: 1 added, 2 changed, 0 withdrawn, 0 refused');
    await vi.advanceTimersByTimeAsync(2 * minute);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it('defaults to every 5 minutes', async () => {
    const pull = vi.fn(() => Promise.resolve<PullResult>({ ...published, status: 'unchanged' }));
    stop = startCataloguePulls(getStore, { env: envOf(crm), pull, log });
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(pull).toHaveBeenCalledTimes(3);
    // Nothing changed: nothing to say.
    expect(log.log).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs one line for a failed run or a pull that throws, and goes on', async () => {
    const pull = vi
      .fn<(store: Store) => Promise<PullResult>>()
      .mockResolvedValueOnce(failed)
      .mockRejectedValueOnce(new Error('database is locked'))
      .mockResolvedValue({ status: 'locked', holder: 'web-2 pid 7', since: '2026-12-01T09:00:00Z' });
    stop = startCataloguePulls(getStore, { env: envOf(crm), pull, log });
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenLastCalledWith(
      '[catalogue] the incremental pull failed; the catalogue stays as it was and the next run starts from the same point: GetPropertyListJson answered HTTP 503',
    );
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenLastCalledWith('[catalogue] the pull could not run; the catalogue stays as it was: database is locked');
    // Another instance holds the lock: it pulls, this one says nothing.
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(pull).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.log).not.toHaveBeenCalled();
  });

  it('does not run without a CRM, with 0 minutes, or with an unreadable interval', async () => {
    const pull = vi.fn(() => Promise.resolve(published));
    expect(startCataloguePulls(getStore, { env: envOf(), pull, log })).toBeUndefined();
    expect(startCataloguePulls(getStore, { env: envOf({ ...crm, OMNICASA_PULL_MINUTES: '0' }), pull, log })).toBeUndefined();
    expect(startCataloguePulls(getStore, { env: envOf({ ...crm, OMNICASA_PULL_MINUTES: 'five' }), pull, log })).toBeUndefined();
    await vi.advanceTimersByTimeAsync(24 * 60 * minute);
    expect(pull).not.toHaveBeenCalled();
    expect(log.error.mock.calls).toEqual([
      ['[catalogue] OMNICASA_PULL_MINUTES is 0: the server does not pull (npm run catalogue:pull still does)'],
      ['[catalogue] OMNICASA_PULL_MINUTES must be a whole number of minutes from 0 (no schedule) to 1440, such as 5: the server does not pull until it is corrected'],
    ]);
  });

  it('says in one line that a half-configured CRM is not pulled', () => {
    expect(startCataloguePulls(getStore, { env: envOf({ OMNICASA_URL: crm.OMNICASA_URL }), log })).toBeUndefined();
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      '[catalogue] the server does not pull: OMNICASA_URL is set but OMNICASA_CUSTOMER_NAME and OMNICASA_CUSTOMER_PASSWORD are not: set both, or unset OMNICASA_URL to serve the embedded snapshot',
    );
  });

  it('starts once per process', async () => {
    const pull = vi.fn(() => Promise.resolve(published));
    stop = startCataloguePulls(getStore, { env: envOf(crm), pull, log });
    expect(startCataloguePulls(getStore, { env: envOf(crm), pull, log })).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(pull).toHaveBeenCalledTimes(1);
  });

  it('reads the interval in whole minutes up to a day', () => {
    expect(pullInterval(envOf())).toEqual({ ms: 5 * minute });
    expect(pullInterval(envOf({ OMNICASA_PULL_MINUTES: ' 15 ' }))).toEqual({ ms: 15 * minute });
    expect(pullInterval(envOf({ OMNICASA_PULL_MINUTES: '1440' }))).toEqual({ ms: 1440 * minute });
    for (const value of ['1441', '-1', '2.5', '1e3']) expect(pullInterval(envOf({ OMNICASA_PULL_MINUTES: value }))).toHaveProperty('off');
  });
});

describe('the pull in a child process', () => {
  const stub = pullChild(process.cwd(), path.join(process.cwd(), 'tests/unit/stubs/catalogue-pull-stub.ts'));
  const real = { timeout: 60_000, interval: 100 };
  let spawns = '';
  const spawned = () => (existsSync(spawns) ? readFileSync(spawns, 'utf8').split('\n').filter(Boolean).length : 0);
  const childEnv = (mode: string) => envOf({ ...crm, DATABASE_URL: databaseUrl, STUB_PULL: mode, STUB_PULL_SPAWNS: spawns, OMNICASA_PULL_MINUTES: '5', NODE_OPTIONS: '--max-old-space-size=256' });
  /** Whether another holder could take the lock now (its lease is 30 min: only a freed lock is free). */
  const lockFree = async () => (await takeLock(store, 'catalogue-pull', `test ${Math.random()}`, 1)).ok;
  const lastRun = async () => (await recentCatalogueRuns(store, 1))[0];

  beforeEach(async () => {
    spawns = path.join(work, `spawns-${Math.random()}`);
    await store.db.deleteFrom('catalogue_lock').execute();
  });

  it('finds tsx and its CLI in the project', () => {
    expect(stub?.command).toBe(process.execPath);
    expect(stub?.args[0]).toMatch(/tsx[\\/]dist[\\/]cli\.mjs$/);
    expect(pullChild(work)).toBeUndefined();
  });

  it('reads the published version from the run record and hands it on', { timeout: 90_000 }, async () => {
    const onPublished = vi.fn<(version: string) => void>();
    stop = startCataloguePulls(getStore, { env: childEnv('publish'), child: stub, log, onPublished });
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(() => expect(log.log).toHaveBeenCalledWith('[catalogue] incremental pull published version 20261201T090000Z-stub01: 1 added, 2 changed, 0 withdrawn, 0 refused'), real);
    expect(onPublished).toHaveBeenCalledExactlyOnceWith('20261201T090000Z-stub01');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a failing child changes nothing: one line, no reload, the lock free', { timeout: 90_000 }, async () => {
    const onPublished = vi.fn<(version: string) => void>();
    stop = startCataloguePulls(getStore, { env: childEnv('fail'), child: stub, log, onPublished });
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(
      () =>
        expect(log.error).toHaveBeenCalledExactlyOnceWith(
          '[catalogue] the incremental pull failed; the catalogue stays as it was and the next run starts from the same point: GetPropertyListJson answered HTTP 503',
        ),
      real,
    );
    expect(onPublished).not.toHaveBeenCalled();
    expect(await lockFree()).toBe(true);
  });

  it('a child that dies (out of memory) has its run ended as failed and its lock freed at once', { timeout: 90_000 }, async () => {
    const onPublished = vi.fn<(version: string) => void>();
    stop = startCataloguePulls(getStore, { env: childEnv('crash'), child: stub, log, onPublished });
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(1), real);
    const line = "the pull's process ended (exit 134) before its run did: FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory";
    expect(log.error).toHaveBeenCalledWith(`[catalogue] the incremental pull failed; the catalogue stays as it was and the next run starts from the same point: ${line}`);
    const run = await lastRun();
    expect(run?.status).toBe('failed');
    expect(JSON.parse(run?.errors ?? '[]')).toEqual([line]);
    expect(run?.cursor_after).toBe('2026-12-01T08:00:00');
    expect(onPublished).not.toHaveBeenCalled();
    expect(await lockFree()).toBe(true);
  });

  it('another instance holding the lock (exit 2) is said nothing of', { timeout: 90_000 }, async () => {
    stop = startCataloguePulls(getStore, { env: childEnv('locked'), child: stub, log });
    await vi.advanceTimersByTimeAsync(5 * minute);
    // The next tick starts a second child only once the first ended and was read.
    spawns = '';
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(5 * minute);
      expect(log.log.mock.calls.length + log.error.mock.calls.length).toBe(0);
    }, real);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a hung child: no second one meanwhile, stopped at its time bound (SIGKILL after the grace), its lock freed', { timeout: 90_000 }, async () => {
    stop = startCataloguePulls(getStore, { env: childEnv('hang'), child: stub, log, timeoutMs: 12 * minute, graceMs: 10_000 });
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(() => expect(spawned()).toBe(1), real);
    // Two more ticks while it hangs: none starts a child.
    await vi.advanceTimersByTimeAsync(6 * minute);
    expect(spawned()).toBe(1);
    expect(await lockFree()).toBe(false);
    // Its bound (12 min after it started, at 5 min): SIGTERM, which it ignores, then SIGKILL 10 s later.
    await vi.advanceTimersByTimeAsync(6 * minute);
    expect(log.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(
      () =>
        expect(log.error).toHaveBeenCalledExactlyOnceWith(
          "[catalogue] the incremental pull failed; the catalogue stays as it was and the next run starts from the same point: the pull's process was stopped: it was still working after 12 min",
        ),
      real,
    );
    expect((await lastRun())?.status).toBe('failed');
    expect(await lockFree()).toBe(true);
    await store.db.deleteFrom('catalogue_lock').execute();
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(() => expect(spawned()).toBe(2), real);
    // The second one hangs too: stopping the schedule ends it, SIGKILL after the grace.
    stop?.();
    stop = undefined;
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(async () => expect(await lockFree()).toBe(true), real);
  });

  it('stopping the schedule (the server stops) stops its child and frees the lock', { timeout: 90_000 }, async () => {
    const running = startCataloguePulls(getStore, { env: childEnv('stoppable'), child: stub, log });
    await vi.advanceTimersByTimeAsync(5 * minute);
    await vi.waitFor(() => expect(spawned()).toBe(1), real);
    running?.();
    await vi.waitFor(async () => expect(await lockFree()).toBe(true), real);
    await vi.waitFor(async () => expect((await lastRun())?.status).toBe('failed'), real);
  });

  it('gives no schedule without tsx, saying so once', () => {
    expect(startCataloguePulls(getStore, { env: childEnv('publish'), child: pullChild(work), log })).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatch(/^\[catalogue\] the server does not pull: tsx, which runs each pull in a process of its own, is not installed/);
  });

  it('reads CATALOGUE_PULL_HEAP_MB', () => {
    expect(pullHeapMb(envOf())).toBe(2048);
    expect(pullHeapMb(envOf({ CATALOGUE_PULL_HEAP_MB: '4096' }))).toBe(4096);
    for (const value of ['64', 'lots', '-1', '2.5']) expect(pullHeapMb(envOf({ CATALOGUE_PULL_HEAP_MB: value }))).toHaveProperty('off');
  });
});
