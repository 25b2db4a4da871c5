import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAlerts, stopAlerts } from '@/lib/alerts/run';
import { closeStore, openStore, type Store } from '@/lib/db';

/*
 * The hourly alerts compare the catalogue this process serves with the state last matched. An
 * instance still on an older version than the newest published one (its reload not done, or
 * refused) would tell followers of changes already undone, or record the old state as seen: it
 * asks the reload first and skips the run while it stays behind.
 */

const hourMs = 60 * 60 * 1000;
const stores: Store[] = [];

afterEach(async () => {
  stopAlerts();
  vi.useRealTimers();
  await Promise.all(stores.map((store) => closeStore(store)));
});

describe('startAlerts with the catalogue reload', () => {
  it('skips the runs while the catalogue is behind, and runs once it caught up', async () => {
    vi.useFakeTimers();
    let upToDate = false;
    const asked = vi.fn(async () => upToDate);
    const opened = vi.fn(async (): Promise<Store> => {
      const store = await openStore('file::memory:');
      stores.push(store);
      return store;
    });
    const log = { log: vi.fn(), error: vi.fn() };
    await startAlerts(opened, { upToDate: asked, log });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(opened).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(hourMs);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(opened).not.toHaveBeenCalled();
    expect(log.log).toHaveBeenCalledWith(expect.stringContaining('behind'));
    upToDate = true;
    await vi.advanceTimersByTimeAsync(hourMs);
    expect(asked).toHaveBeenCalledTimes(3);
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
