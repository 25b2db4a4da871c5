import { randomBytes, scryptSync, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOpenedStores, testDatabases } from './test-stores';
import type { Store } from '@/lib/db';

type ScryptWork = { N?: number; r?: number; p?: number; length: number };
const scryptWork = vi.hoisted((): ScryptWork[] => []);

// Counts the scrypt derivations the login makes, with the cost it asks for, and runs them for
// real, those at today's cost (N=2^17, 128 MiB each) at N=2^10: what these tests check is the work
// asked for and what the login decides, and at full cost this file took 45 s of the suite (dozens
// of derivations, twenty at once). A hash of another cost (the old one being upgraded) is derived
// as asked. The real cost is derived in owner-portal.test.ts and forgot-password.test.ts.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  function scrypt(password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions, callback: (error: Error | null, key: Buffer) => void): void {
    scryptWork.push({ N: options.N, r: options.r, p: options.p, length });
    actual.scrypt(password, salt, length, options.N === 2 ** 17 ? { ...options, N: 2 ** 10 } : options, callback);
  }
  return { ...actual, scrypt };
});

process.env.SITE_SECRET = 'unit-test-secret';
// The per-address limit on login attempts (30 in 10 minutes) is not what these tests are about.
process.env.LOGIN_RATE_LIMIT = '100000';
const { getOwners } = await import('@/lib/catalogue');
const { sql } = await import('kysely');
const { createSession, getOwnerPasswordHash, recordLoginFailure, sessionEmail, setOwnerPassword, setStore } = await import('@/lib/db');
const { accountLockoutFailures, issuePasswordToken, lockoutFailures, logIn, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { hashPassword } = await import('@/lib/security/password');

// The rate limits' and lockouts' database work, some twenty logins at once, on a machine whose
// cores the other test files and the builds share.
vi.setConfig({ testTimeout: 120_000 });
describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const [owner, withoutPassword] = getOwners();
  const attacker = '198.51.100.66';
  const home = '203.0.113.9';
  const current = { N: 131072, r: 8, p: 1, length: 32 };

  async function givePassword(email: string, password: string) {
    const issued = await issuePasswordToken(email, 'invite');
    const result = await setPasswordWithToken(issued!.token, password);
    expect(result.ok).toBe(true);
  }

  // One hash for every test.
  let rightHash = '';
  beforeAll(async () => {
    rightHash = await hashPassword('the right password');
  });

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    await setOwnerPassword(store, owner!.Email, rightHash);
    scryptWork.length = 0;
  });

  const failFrom = async (count: number, client: (index: number) => string) => {
    for (let index = 0; index < count; index += 1) await recordLoginFailure(store, owner!.Email, client(index));
  };

  describe('owner login', () => {
    it("locks the attacker's address out of the account after 5 failures, not the owner at home, even after 49", async () => {
      await failFrom(lockoutFailures - 1, () => attacker);
      expect(await logIn(owner!.Email, 'guess 5', attacker)).toEqual({ ok: false, reason: 'locked' });
      scryptWork.length = 0;
      // Locked out: the attacker's next guesses are not even checked, the right password included.
      expect(await logIn(owner!.Email, 'the right password', attacker)).toEqual({ ok: false, reason: 'locked' });
      expect(scryptWork).toHaveLength(0);
      expect((await logIn(owner!.Email, 'the right password', home)).ok).toBe(true);

      // 49 failures within the hour, from the attacker and many other addresses: the owner still gets in.
      await failFrom(accountLockoutFailures - 1 - lockoutFailures, (index) => `192.0.2.${index}`);
      expect((await logIn(owner!.Email, 'the right password', home)).ok).toBe(true);
    });

    it('locks the account to every browser without a proof of a right password after 50 failures within the hour, until they age or the password is reset', async () => {
      await failFrom(accountLockoutFailures - 1, (index) => `192.0.2.${index}`);
      expect(await logIn(owner!.Email, 'guess 50', '192.0.2.200')).toEqual({ ok: false, reason: 'locked' });
      expect(await logIn(owner!.Email, 'the right password', home)).toEqual({ ok: false, reason: 'locked' });
      await sql`UPDATE login_failures SET failed_at = ${new Date(Date.now() - 61 * 60 * 1000).toISOString()}`.execute(store.db);
      expect((await logIn(owner!.Email, 'the right password', home)).ok).toBe(true);

      // A new password chosen through the e-mailed link lifts the lock at once.
      await failFrom(accountLockoutFailures, (index) => `192.0.2.${index}`);
      expect(await logIn(owner!.Email, 'the right password', home)).toEqual({ ok: false, reason: 'locked' });
      await givePassword(owner!.Email, 'a new password');
      expect((await logIn(owner!.Email, 'a new password', home)).ok).toBe(true);
    });

    it('lets the owner in from a browser that signed in before, after 10 addresses x 5 wrong passwords', async () => {
      const before = await logIn(owner!.Email, 'the right password', home);
      const device = before.ok ? before.device : undefined;
      for (let client = 0; client < 10; client += 1) {
        for (let guess = 0; guess < lockoutFailures; guess += 1) await logIn(owner!.Email, `guess ${guess}`, `192.0.2.${client}`);
      }
      // Without the proof of a right password, every client is locked out of the account for the hour.
      expect(await logIn(owner!.Email, 'the right password', '198.51.100.1')).toEqual({ ok: false, reason: 'locked' });
      expect(await logIn(owner!.Email, 'the right password', home)).toEqual({ ok: false, reason: 'locked' });
      // The owner's browser holds that proof: the distributed failures do not lock it out.
      expect(await logIn(owner!.Email, 'the right password', home, device)).toMatchObject({ ok: true, realm: 'owner' });
    });

    it("keeps a device's proof to its own address, refuses a forged one, and locks out a device after 5 failures", async () => {
      const signedIn = await logIn(owner!.Email, 'the right password', home);
      const device = signedIn.ok ? signedIn.device : '';
      expect(device).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
      await givePassword(withoutPassword!.Email, 'another password');
      await failFrom(accountLockoutFailures, (index) => `192.0.2.${index}`);
      await store.db
        .insertInto('login_failures')
        .values(
          Array.from({ length: accountLockoutFailures }, (_, index) => ({ email: withoutPassword!.Email.toLowerCase(), client: `192.0.2.${index}`, device: '', failed_at: new Date().toISOString() })),
        )
        .execute();
      // The owner's proof is no proof for another account, nor once a byte of it changed.
      expect(await logIn(withoutPassword!.Email, 'another password', home, device)).toEqual({ ok: false, reason: 'locked' });
      const forged = `${device.slice(0, -2)}${device.endsWith('AA') ? 'AB' : 'AA'}`;
      expect(await logIn(owner!.Email, 'the right password', home, forged)).toEqual({ ok: false, reason: 'locked' });
      // Guessing with the owner's cookie from many addresses: the device is locked out after 5.
      for (let guess = 0; guess < lockoutFailures - 1; guess += 1) expect(await logIn(owner!.Email, `guess ${guess}`, `198.51.100.${guess}`, device)).toEqual({ ok: false, reason: 'failed' });
      expect(await logIn(owner!.Email, 'last guess', '198.51.100.50', device)).toEqual({ ok: false, reason: 'locked' });
      expect(await logIn(owner!.Email, 'the right password', '198.51.100.51', device)).toEqual({ ok: false, reason: 'locked' });
    });

    it('checks no more guesses than the lockout allows when they arrive all at once', async () => {
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => logIn(owner!.Email, `parallel guess ${index}`, attacker)));
      // The 5th failure is answered 'locked' (as one at a time): 4 'failed', then nothing more is
      // checked; those beyond the logins let in at once (lib/security/password.ts) are told to try again.
      expect(guesses.filter((result) => !result.ok && result.reason === 'failed')).toHaveLength(lockoutFailures - 1);
      expect(guesses.filter((result) => !result.ok && (result.reason === 'locked' || result.reason === 'busy'))).toHaveLength(20 - (lockoutFailures - 1));
      expect(scryptWork).toHaveLength(lockoutFailures);
      expect(await logIn(owner!.Email, 'the right password', attacker)).toEqual({ ok: false, reason: 'locked' });
      expect((await logIn(owner!.Email, 'the right password', home)).ok).toBe(true);
    });

    it('checks no more guesses than the account lockout allows when many addresses guess at once', async () => {
      await failFrom(accountLockoutFailures - 5, (index) => `192.0.2.${index}`);
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => logIn(owner!.Email, `parallel guess ${index}`, `198.51.100.${index}`)));
      expect(scryptWork).toHaveLength(5);
      expect(guesses.filter((result) => !result.ok && result.reason === 'failed')).toHaveLength(4);
      expect(await logIn(owner!.Email, 'the right password', home)).toEqual({ ok: false, reason: 'locked' });
    });

    it('does the same scrypt work for an unknown address, an owner without a password and a wrong password', async () => {
      const work = async (email: string, client: string) => {
        scryptWork.length = 0;
        expect(await logIn(email, 'not the password', client)).toEqual({ ok: false, reason: 'failed' });
        return [...scryptWork];
      };
      const known = await work(owner!.Email, '192.0.2.1');
      expect(known).toEqual([current]);
      expect(await work('nobody@example.be', '192.0.2.2')).toEqual(known);
      expect(await work(withoutPassword!.Email, '192.0.2.3')).toEqual(known);
    });

    it('logs in with a hash of the old cost (N=16384) and rewrites it at the current one, keeping sessions', async () => {
      const salt = randomBytes(16);
      const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), scryptSync('an old password', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$');
      await setOwnerPassword(store, owner!.Email, old);
      const elsewhere = await createSession(store, owner!.Email, 60 * 60 * 1000);

      scryptWork.length = 0;
      expect((await logIn(owner!.Email, 'an old password', home)).ok).toBe(true);
      expect(scryptWork).toEqual([{ N: 16384, r: 8, p: 1, length: 32 }, current]);
      const upgraded = await getOwnerPasswordHash(store, owner!.Email);
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await sessionEmail(store, elsewhere.token)).toBe(owner!.Email.toLowerCase());

      scryptWork.length = 0;
      expect((await logIn(owner!.Email, 'an old password', home)).ok).toBe(true);
      expect(scryptWork).toEqual([current]);
      expect(await getOwnerPasswordHash(store, owner!.Email)).toBe(upgraded);
    });
  });
});
