import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullResult } from '@/lib/catalogue/crm/pull';
import { pullInterval, startCataloguePulls } from '@/lib/catalogue/crm/schedule';
import { closeStore, openStore, type Store } from '@/lib/db';

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

beforeAll(async () => {
  store = await openStore('file::memory:');
});
afterAll(() => closeStore(store));

let stop: (() => void) | undefined;
const newLog = () => ({ log: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() });
let log = newLog();
/** The environment of the process with only these of the CRM's variables. */
const envOf = (vars: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...process.env, OMNICASA_URL: '', OMNICASA_CUSTOMER_NAME: '', OMNICASA_CUSTOMER_PASSWORD: '', OMNICASA_PULL_MINUTES: '', ...vars });

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
    const pull = vi.fn<(store: Store) => Promise<PullResult>>().mockResolvedValueOnce(failed).mockRejectedValueOnce(new Error('database is locked')).mockResolvedValue({ status: 'locked', holder: 'web-2 pid 7', since: '2026-12-01T09:00:00Z' });
    stop = startCataloguePulls(getStore, { env: envOf(crm), pull, log });
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenLastCalledWith('[catalogue] the incremental pull failed; the catalogue stays as it was and the next run starts from the same point: GetPropertyListJson answered HTTP 503');
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
    expect(log.error).toHaveBeenCalledExactlyOnceWith('[catalogue] the server does not pull: OMNICASA_URL is set but OMNICASA_CUSTOMER_NAME and OMNICASA_CUSTOMER_PASSWORD are not: set both, or unset OMNICASA_URL to serve the embedded snapshot');
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
