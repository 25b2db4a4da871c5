import { getOwners, type Owner } from '../catalogue';
import {
  clearLoginFailures,
  consumeOwnerToken,
  createOwnerToken,
  createSession,
  deleteSession,
  enqueueJob,
  getOwnerPasswordHash,
  getStore,
  ownerRevoked,
  reinstateOwner,
  revokeOwnerAccess,
  recentLoginFailures,
  recordLoginFailure,
  sessionEmail,
  setOwnerPassword,
  upgradeOwnerPasswordHash,
  type OwnerResetPayload,
} from '../db';
import { hashPassword, needsRehash, verifyPassword, verifyWithoutAccount } from '../security/password';
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
 * account for the rest of the window; the owner, from anywhere else, is not.
 */
export const lockoutFailures = 5;
const lockoutWindowMs = 15 * 60 * 1000;
/** The slower backstop against guessing from many addresses: failures from all clients together. */
export const accountLockoutFailures = 50;
const accountLockoutWindowMs = 60 * 60 * 1000;
export const minPasswordLength = 8;

function snapshotOwner(email: string): Owner | undefined {
  const wanted = email.trim().toLowerCase();
  return getOwners().find((owner) => owner.Email.toLowerCase() === wanted);
}

let limiter: RateLimiter | undefined;
/** Login attempts per client address, whatever the account. */
function loginLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ limit: Number(process.env.LOGIN_RATE_LIMIT) || 30, windowMs: 10 * 60 * 1000 });
  return limiter;
}

export type LoginResult = { ok: true; token: string; expires: Date; owner: Owner } | { ok: false; reason: 'failed' | 'locked' | 'rate-limited' };

export async function logIn(email: string, password: string, client: string): Promise<LoginResult> {
  if (!loginLimiter().hit(client).allowed) return { ok: false, reason: 'rate-limited' };
  const store = await getStore();
  const address = email.trim().toLowerCase();
  const failures = await recentLoginFailures(store, address, client, { clientMs: lockoutWindowMs, accountMs: accountLockoutWindowMs });
  const lockedAfter = (extra: number) => failures.client + extra >= lockoutFailures || failures.account + extra >= accountLockoutFailures;
  if (lockedAfter(0)) return { ok: false, reason: 'locked' };
  const owner = snapshotOwner(address);
  const stored = await getOwnerPasswordHash(store, address);
  const account = owner && stored ? { owner, stored } : undefined;
  // Without an account, the same scrypt work against a hash of the current cost, so that the time
  // of the answer does not tell whether the address has one.
  const valid = account ? await verifyPassword(password, account.stored) : await verifyWithoutAccount(password);
  if (!account || !valid) {
    await recordLoginFailure(store, address, client);
    return { ok: false, reason: lockedAfter(1) ? 'locked' : 'failed' };
  }
  // The password is known to be right only now: the moment to bring an older hash to today's cost.
  if (needsRehash(account.stored)) await upgradeOwnerPasswordHash(store, address, account.stored, await hashPassword(password));
  await clearLoginFailures(store, address, client);
  const session = await createSession(store, address, sessionTtlMs);
  return { ok: true, owner: account.owner, ...session };
}

export async function ownerOfSession(token: string | undefined): Promise<Owner | undefined> {
  if (!token) return undefined;
  const email = await sessionEmail(await getStore(), token);
  return email ? snapshotOwner(email) : undefined;
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

export type SetPasswordResult = { ok: true; token: string; expires: Date; owner: Owner } | { ok: false; reason: 'invalid-link' };

/** Spends the link, stores the new password and opens a session. */
export async function setPasswordWithToken(linkToken: string, password: string): Promise<SetPasswordResult> {
  const store = await getStore();
  const email = await consumeOwnerToken(store, linkToken);
  const owner = email ? snapshotOwner(email) : undefined;
  if (!email || !owner) return { ok: false, reason: 'invalid-link' };
  await setOwnerPassword(store, email, await hashPassword(password));
  await clearLoginFailures(store, email);
  const session = await createSession(store, email, sessionTtlMs);
  return { ok: true, owner, ...session };
}
