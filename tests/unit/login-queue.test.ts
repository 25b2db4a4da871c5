import { randomBytes, scryptSync, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 35, finding 7: the owner's login waited 25.8 s behind 24 junk attempts, queued without a
 * bound before the two scrypt hashes that run at once. Here every hash is held until the test
 * lets it go (an explicit signal), so "the 25th answers at once" cannot be a matter of speed.
 */

type Held = { holding: boolean; callbacks: (() => void)[]; onHeld: (() => void) | undefined };
const held = vi.hoisted((): Held => ({ holding: false, callbacks: [], onHeld: undefined }));

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  function scrypt(password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions, callback: (error: Error | null, key: Buffer) => void): void {
    // Today's cost (128 MiB) derived at N=2^10: the queue is under test, not scrypt.
    actual.scrypt(password, salt, length, options.N === 2 ** 17 ? { ...options, N: 2 ** 10 } : options, (error, key) => {
      if (!held.holding) return callback(error, key);
      held.callbacks.push(() => callback(error, key));
      held.onHeld?.();
    });
  }
  return { ...actual, scrypt };
});

process.env.SITE_SECRET = 'unit-test-secret';
process.env.LOGIN_RATE_LIMIT = '100000';
const { getOwners } = await import('@/lib/catalogue');
const { setOwnerPassword, setStore } = await import('@/lib/db');
const { logIn } = await import('@/lib/auth/owner-auth');

/** A stored hash of N=2^10, made without the mocked scrypt. */
function lowCostHash(password: string): string {
  const salt = randomBytes(16);
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64url')].join('$');
}

/** Resolves once `count` hashes are held. */
const hashesHeld = (count: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (held.callbacks.length >= count) resolve();
    };
    held.onHeld = check;
    check();
  });

function releaseAll(): void {
  held.holding = false;
  held.onHeld = undefined;
  for (const callback of held.callbacks.splice(0)) callback();
}

/** What a promise has settled to by the time every microtask queued now has run: nothing waits on I/O. */
const settledNow = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<'still waiting'>((resolve) => setImmediate(() => resolve('still waiting')))]);

vi.setConfig({ testTimeout: 60_000 });
describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);
  const [owner] = getOwners();

  beforeEach(async () => {
    const store = await database.open();
    setStore(store);
    await setOwnerPassword(store, owner!.Email, lowCostHash('the right password'));
  });

  it('answers the 25th login "try again" at once while 24 junk attempts wait for two hashes, and lets the owner in after', async () => {
    held.holding = true;
    const junk = Array.from({ length: 24 }, (_, index) => logIn(`junk-${index}@example.be`, `junk ${index}`, `192.0.2.${index}`));
    await hashesHeld(2);
    const owners = logIn(owner!.Email, 'the right password', '203.0.113.9');
    expect(await settledNow(owners)).toEqual({ ok: false, reason: 'busy' });
    // Ten are let in (two hashing, eight waiting); the other fourteen were answered like the owner.
    const answered = await Promise.all(junk.map((attempt) => settledNow(attempt)));
    expect(answered.filter((answer) => answer !== 'still waiting')).toEqual(Array.from({ length: 14 }, () => ({ ok: false, reason: 'busy' })));
    expect(held.callbacks).toHaveLength(2);

    releaseAll();
    const results = await Promise.all(junk);
    expect(results.filter((result) => !result.ok && result.reason === 'failed')).toHaveLength(10);
    // "Try again in a moment" holds: the queue is empty again.
    expect(await logIn(owner!.Email, 'the right password', '203.0.113.9')).toMatchObject({ ok: true, realm: 'owner' });
  });
});
