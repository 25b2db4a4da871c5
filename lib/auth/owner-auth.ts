import { getOwners, type Owner } from '../catalogue';
import {
  beginLoginAttempt,
  clearLoginFailures,
  consumeOwnerToken,
  createOwnerToken,
  createSession,
  deleteSession,
  enqueueJob,
  getOwnerPasswordHash,
  getSearcherPasswordHash,
  getStore,
  ownerRevoked,
  reinstateOwner,
  revokeOwnerAccess,
  sessionEmail,
  setOwnerPassword,
  setSearcherPassword,
  upgradeOwnerPasswordHash,
  upgradeSearcherPasswordHash,
  type LoginLockout,
  type OwnerResetPayload,
} from '../db';
import { deviceOf, issueDeviceToken } from './login-device';
import { hashPassword, needsRehash, verifyPassword, verifyWithoutAccount, withLoginSlot } from '../security/password';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';

/*
 * Owner accounts (design.md §8). The owners are those of the catalogue snapshot; the database
 * holds their password hashes, one-time links and sessions. Every answer to a failed login is
 * the same, whatever the cause.
 */

export const sessionCookie = 'owner_session';
const sessionTtlMs = 12 * 60 * 60 * 1000;
const inviteTtlMs = 7 * 24 * 60 * 60 * 1000;
const resetTtlMs = 60 * 60 * 1000;
/**
 * After this many failures of one client within the window, that client is locked out of the
 * account for the rest of the window; the owner, from anywhere else, is not. A browser that
 * proved a right password before (lib/auth/login-device.ts) is locked out after as many failures
 * of its own, from whatever address.
 */
export const lockoutFailures = 5;
const lockoutWindowMs = 15 * 60 * 1000;
/**
 * The slower backstop against guessing from many addresses: failures from all clients without a
 * device's proof together close the account to every such client. Ten addresses can bring it
 * about, so it never closes the account to a browser the owner signed in with before.
 */
export const accountLockoutFailures = 50;
const accountLockoutWindowMs = 60 * 60 * 1000;
const lockout: LoginLockout = { clientFailures: lockoutFailures, clientMs: lockoutWindowMs, accountFailures: accountLockoutFailures, accountMs: accountLockoutWindowMs };
export const minPasswordLength = 8;

function snapshotOwner(email: string): Owner | undefined {
  const wanted = email.trim().toLowerCase();
  return getOwners().find((owner) => owner.Email.toLowerCase() === wanted);
}

let limiter: RateLimiter | undefined;
/** Login attempts per client address, whatever the account. */
function loginLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ name: 'login', limit: Number(process.env.LOGIN_RATE_LIMIT) || 30, windowMs: 10 * 60 * 1000 });
  return limiter;
}

/** An owner (design.md §8) or a searcher (lib/alerts): one sign-in, one security, two realms. */
export type LoginResult =
  | { ok: true; token: string; expires: Date; device: string; realm: 'owner'; owner: Owner }
  | { ok: true; token: string; expires: Date; device: string; realm: 'searcher'; email: string }
  | { ok: false; reason: 'failed' | 'locked' | 'rate-limited' | 'busy' };

type Account = { realm: 'owner'; owner: Owner; stored: string } | { realm: 'searcher'; email: string; stored: string };

/**
 * The account an address signs into: an owner's when the address is an owner's with a password,
 * else a searcher's. Both hashes are read whatever the address, so the time tells nothing.
 */
async function accountOf(store: Awaited<ReturnType<typeof getStore>>, address: string): Promise<Account | undefined> {
  const owner = snapshotOwner(address);
  const ownerHash = await getOwnerPasswordHash(store, address);
  const searcherHash = await getSearcherPasswordHash(store, address);
  if (owner && ownerHash) return { realm: 'owner', owner, stored: ownerHash };
  return searcherHash ? { realm: 'searcher', email: address, stored: searcherHash } : undefined;
}

/**
 * `deviceToken`: the browser's proof of a right password for this address, if it has one (the
 * login_device cookie); a right password answers with a new one (`device`).
 */
export async function logIn(email: string, password: string, client: string, deviceToken?: string): Promise<LoginResult> {
  if (!(await loginLimiter().hit(client)).allowed) return { ok: false, reason: 'rate-limited' };
  // Too many logins already waiting for their hash: "try again", before the attempt counts as a failure.
  return (await withLoginSlot(() => checkLogin(email, password, client, deviceToken))) ?? { ok: false, reason: 'busy' };
}

async function checkLogin(email: string, password: string, client: string, deviceToken: string | undefined): Promise<LoginResult> {
  const store = await getStore();
  const address = email.trim().toLowerCase();
  const device = deviceOf(deviceToken, address) ?? '';
  // The attempt counts as a failure from here on, so that guesses sent at once cannot all be checked.
  const attempt = await beginLoginAttempt(store, address, client, lockout, new Date(), device);
  if (attempt.locked) return { ok: false, reason: 'locked' };
  const account = await accountOf(store, address);
  // Without an account, the same scrypt work against a hash of the current cost, so that the time
  // of the answer does not tell whether the address has one.
  const valid = account ? await verifyPassword(password, account.stored) : await verifyWithoutAccount(password);
  // This failure may be the one that locks the client, device or account: say so now, as the next attempt would.
  if (!account || !valid) return { ok: false, reason: attempt.lockedIfWrong ? 'locked' : 'failed' };
  // The password is known to be right only now: the moment to bring an older hash to today's cost.
  if (needsRehash(account.stored)) await (account.realm === 'owner' ? upgradeOwnerPasswordHash : upgradeSearcherPasswordHash)(store, address, account.stored, await hashPassword(password));
  // The right password: this attempt was no failure, nor were this client's and this device's before it.
  await clearLoginFailures(store, address, client, device);
  const session = { ...(await createSession(store, address, sessionTtlMs, new Date(), account.realm)), device: issueDeviceToken(address) };
  return account.realm === 'owner' ? { ok: true, realm: 'owner', owner: account.owner, ...session } : { ok: true, realm: 'searcher', email: address, ...session };
}

export async function ownerOfSession(token: string | undefined): Promise<Owner | undefined> {
  if (!token) return undefined;
  const email = await sessionEmail(await getStore(), token);
  return email ? snapshotOwner(email) : undefined;
}

/** The searcher's address of a session, checked in the database on every call. */
export async function searcherOfSession(token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  const email = await sessionEmail(await getStore(), token, new Date(), 'searcher');
  return email && (await getSearcherPasswordHash(await getStore(), email)) !== undefined ? email : undefined;
}

export async function logOut(token: string | undefined): Promise<void> {
  if (token) await deleteSession(await getStore(), token);
}

/**
 * A one-time link token for an owner of the snapshot (the invite CLI, its e-mail and
 * forgot-password); none for an owner whose access staff revoked.
 */
export async function issuePasswordToken(email: string, purpose: 'invite' | 'reset'): Promise<{ owner: Owner; token: string } | undefined> {
  const owner = snapshotOwner(email);
  if (!owner) return undefined;
  const store = await getStore();
  if (await ownerRevoked(store, owner.Email)) return undefined;
  const token = await createOwnerToken(store, owner.Email, purpose, purpose === 'invite' ? inviteTtlMs : resetTtlMs);
  return { owner, token };
}

/**
 * Staff invite an owner (npm run owner -- invite): a revoked owner is let in again, the link is
 * given to staff, and an 'owner-invite' job mails the owner a link of their own in their
 * language (the token is made when the mail is sent, so the outbox never holds one).
 */
export async function inviteOwner(email: string): Promise<{ owner: Owner; token: string; jobId: string } | undefined> {
  const owner = snapshotOwner(email);
  if (!owner) return undefined;
  const store = await getStore();
  await reinstateOwner(store, owner.Email);
  const issued = await issuePasswordToken(owner.Email, 'invite');
  if (!issued) return undefined;
  const jobId = await enqueueJob(store, 'owner-invite', { email: owner.Email, language: owner.Language } satisfies OwnerResetPayload);
  return { ...issued, jobId };
}

/** Staff close an owner's access: sessions end, open links die, no new link until an invite. */
export async function revokeOwner(email: string): Promise<({ owner: Owner } & Awaited<ReturnType<typeof revokeOwnerAccess>>) | undefined> {
  const owner = snapshotOwner(email);
  if (!owner) return undefined;
  return { owner, ...(await revokeOwnerAccess(await getStore(), owner.Email)) };
}

export type SetPasswordResult =
  | { ok: true; token: string; expires: Date; device: string; realm: 'owner'; owner: Owner }
  | { ok: true; token: string; expires: Date; device: string; realm: 'searcher'; email: string }
  | { ok: false; reason: 'invalid-link' };

/**
 * A searcher's one-time set-password link: 'reset' (forgot-password) for an address that has a
 * searcher's account only, 'first' for one that has none yet. A 'first' link is asked for from the
 * page of a confirmed alert's link and mailed to the address, so the account is made by whoever
 * holds that mailbox, never by whoever typed the address into a form.
 */
export async function issueSearcherToken(email: string, kind: 'reset' | 'first'): Promise<{ email: string; token: string } | undefined> {
  const store = await getStore();
  const address = email.trim().toLowerCase();
  const hasAccount = (await getSearcherPasswordHash(store, address)) !== undefined;
  if (hasAccount !== (kind === 'reset')) return undefined;
  return { email: address, token: await createOwnerToken(store, address, 'searcher-reset', resetTtlMs) };
}

/** Spends the link, stores the new password and opens a session. */
export async function setPasswordWithToken(linkToken: string, password: string): Promise<SetPasswordResult> {
  const store = await getStore();
  const email = await consumeOwnerToken(store, linkToken);
  const owner = email ? snapshotOwner(email) : undefined;
  // Not an owner's link: perhaps a searcher's (the two are told apart by the link's purpose).
  const searcher = email ? undefined : await consumeOwnerToken(store, linkToken, new Date(), 'searcher');
  if (searcher) {
    await setSearcherPassword(store, searcher, await hashPassword(password));
    await clearLoginFailures(store, searcher);
    return { ok: true, realm: 'searcher', email: searcher, device: issueDeviceToken(searcher), ...(await createSession(store, searcher, sessionTtlMs, new Date(), 'searcher')) };
  }
  if (!email || !owner) return { ok: false, reason: 'invalid-link' };
  await setOwnerPassword(store, email, await hashPassword(password));
  await clearLoginFailures(store, email);
  const session = await createSession(store, email, sessionTtlMs);
  // Holding the mailed link proves the address as a right password would.
  return { ok: true, realm: 'owner', owner, device: issueDeviceToken(email), ...session };
}
