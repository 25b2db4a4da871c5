import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, pruneExpired, setStore, type Store } from '@/lib/db';
import { createRateLimiter, sharedRateLimits } from '@/lib/security/rate-limit';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Rate limits behind one interface (issue 18): in memory by default, in the database when several
 * instances share it. Two limiters made on one database stand for two instances.
 */

let store: Store;
const saved = { store: process.env.RATE_LIMIT_STORE, url: process.env.DATABASE_URL };

beforeEach(async () => {
  store = await openStore('file::memory:');
  setStore(store);
});

afterEach(() => {
  setStore(undefined);
  process.env.RATE_LIMIT_STORE = saved.store;
  process.env.DATABASE_URL = saved.url;
  if (saved.store === undefined) delete process.env.RATE_LIMIT_STORE;
  if (saved.url === undefined) delete process.env.DATABASE_URL;
});

const now = Date.parse('2026-11-21T12:00:00Z');
const minute = 60_000;

describe('which store counts', () => {
  it('is memory by default, the database when asked or on PostgreSQL, and memory when asked even there', () => {
    expect(sharedRateLimits({})).toBe(false);
    expect(sharedRateLimits({ DATABASE_URL: 'file:var/site.db' })).toBe(false);
    expect(sharedRateLimits({ RATE_LIMIT_STORE: 'database' })).toBe(true);
    expect(sharedRateLimits({ DATABASE_URL: 'postgres://db/site' })).toBe(true);
    expect(sharedRateLimits({ DATABASE_URL: 'postgresql://db/site' })).toBe(true);
    expect(sharedRateLimits({ DATABASE_URL: 'postgres://db/site', RATE_LIMIT_STORE: 'memory' })).toBe(false);
  });
});

describe.each(testDatabases)('the database limit on $name', (database) => {
  afterAll(closeOpenedStores);
  beforeEach(async () => {
    store = await database.open();
    setStore(store);
  });

  it('is shared by two instances: the third hit of a limit of two is refused on either', async () => {
    process.env.RATE_LIMIT_STORE = 'database';
    const first = createRateLimiter({ name: 'forms', limit: 2, windowMs: 10 * minute });
    const second = createRateLimiter({ name: 'forms', limit: 2, windowMs: 10 * minute });
    expect((await first.hit('contact:192.0.2.1', now)).allowed).toBe(true);
    expect((await second.hit('contact:192.0.2.1', now + 1)).allowed).toBe(true);
    const refused = await first.hit('contact:192.0.2.1', now + 2);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // Another client, and another limit with the same key, count on their own.
    expect((await second.hit('contact:192.0.2.2', now)).allowed).toBe(true);
    expect((await createRateLimiter({ name: 'visits', limit: 2, windowMs: 10 * minute }).hit('contact:192.0.2.1', now)).allowed).toBe(true);
    // The next window starts again.
    expect((await second.hit('contact:192.0.2.1', now + 10 * minute)).allowed).toBe(true);
  });

  it('counts every one of many hits at once', async () => {
    process.env.RATE_LIMIT_STORE = 'database';
    const limiters = [createRateLimiter({ name: 'forms', limit: 30, windowMs: minute }), createRateLimiter({ name: 'forms', limit: 30, windowMs: minute })];
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => limiters[index % 2]?.hit('burst', now)));
    expect(results.filter((result) => result?.allowed)).toHaveLength(30);
  });

  it('keeps no address, and housekeeping deletes ended windows only', async () => {
    process.env.RATE_LIMIT_STORE = 'database';
    const limiter = createRateLimiter({ name: 'forms', limit: 2, windowMs: minute });
    await limiter.hit('contact:192.0.2.1', now);
    await limiter.hit('contact:192.0.2.1', now + 2 * minute);
    const keys = await store.db.selectFrom('rate_limits').select('key').execute();
    expect(keys).toHaveLength(2);
    expect(keys.map((row) => row.key).join()).not.toContain('192.0.2.1');
    expect(await pruneExpired(store, new Date(now + 2 * minute))).toMatchObject({ rateLimitWindows: 1 });
    expect(await store.db.selectFrom('rate_limits').select('key').execute()).toHaveLength(1);
  });
});

describe('the memory limit', () => {
  it('is per process: two limiters count apart', async () => {
    process.env.RATE_LIMIT_STORE = 'memory';
    const first = createRateLimiter({ name: 'forms', limit: 1, windowMs: minute });
    const second = createRateLimiter({ name: 'forms', limit: 1, windowMs: minute });
    expect((await first.hit('key', now)).allowed).toBe(true);
    expect((await second.hit('key', now)).allowed).toBe(true);
    expect((await first.hit('key', now)).allowed).toBe(false);
  });
});
