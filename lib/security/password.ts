import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

/*
 * Password hashes: scrypt at OWASP's minimum cost (Password Storage Cheat Sheet: N=2^17, r=8,
 * p=1), stored as "scrypt$N$r$p$salt$hash" so that the cost can grow without breaking stored
 * hashes: a hash of another cost still verifies, and `needsRehash` tells the caller to store a new
 * one once the password is known to be right.
 */

type ScryptCost = { N: number; r: number; p: number };

const currentCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** What OpenSSL allocates for these parameters (128·r·(N+2) for V, 128·r·p for B), plus room. */
const memoryFor = ({ N, r, p }: ScryptCost) => 128 * r * (N + 2) + 128 * r * p + 1024 * 1024;

/*
 * Each hash at the current cost holds 128 MiB for a few hundred milliseconds, on libuv's thread
 * pool. Two at a time bound the memory a burst of logins can take and leave the pool's other
 * threads to file and DNS work; the others wait their turn, whatever their account.
 */
const maxConcurrent = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  if (running < maxConcurrent) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCallback(password.normalize('NFKC'), salt, length, { ...cost, maxmem: memoryFor(cost) }, (error, key) => (error ? reject(error) : resolve(key))),
    );
  } finally {
    // The slot goes straight to the next in line, or back to the pool.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/*
 * Logins let in at once: the two hashing and eight waiting their turn (or reading the database
 * before it). Beyond, a login is answered "try again in a moment" at once, before any work: with
 * no bound the owner's login waited 25.8 s behind 24 junk attempts (issue 35).
 */
const maxLoginsInFlight = maxConcurrent + 8;
let loginsInFlight = 0;

/** Runs a login's check when there is room for it; undefined, at once, when there is none. */
export async function withLoginSlot<T>(check: () => Promise<T>): Promise<T | undefined> {
  if (loginsInFlight >= maxLoginsInFlight) return undefined;
  loginsInFlight += 1;
  try {
    return await check();
  } finally {
    loginsInFlight -= 1;
  }
}

type Parsed = { cost: ScryptCost; salt: Buffer; hash: Buffer };

const isPowerOfTwo = (value: number) => Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // A damaged row must not make the server allocate gigabytes.
  if (!isPowerOfTwo(cost.N) || cost.N > 2 ** 20 || !Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return undefined;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: expected };
}

const format = (cost: ScryptCost, salt: Buffer, hash: Buffer) => ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return format(currentCost, salt, await scrypt(password, salt, 32, currentCost));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made at another cost than the current one. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== currentCost.N || parsed.cost.r !== currentCost.r || parsed.cost.p !== currentCost.p;
}

/*
 * A hash of no password at the current cost: random salt and random key, so nothing verifies
 * against it, yet checking a password against it is exactly the work of checking a real one.
 */
const nobodysHash = format(currentCost, randomBytes(16), randomBytes(32));

/** The work of `verifyPassword` against a current hash, for an address without an account; always false. */
export async function verifyWithoutAccount(password: string): Promise<false> {
  await verifyPassword(password, nobodysHash);
  return false;
}
