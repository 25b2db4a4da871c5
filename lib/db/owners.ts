import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Store } from './client';
import { jsonText, lockKeys } from './portable';
import type { AccountRealm, Database, OwnerTokenRow } from './schema';

/*
 * Owner accounts, one-time tokens, sessions and login failures. Tokens and session ids are
 * random; only their SHA-256 is stored, so a copy of the database opens no account.
 */

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
/** The links of each realm: an owner's link never sets a searcher's password, nor the other way round. */
const realmPurposes: Record<AccountRealm, OwnerTokenRow['purpose'][]> = { owner: ['invite', 'reset'], searcher: ['searcher-reset'] };

export async function createOwnerToken(store: Store, email: string, purpose: OwnerTokenRow['purpose'], ttlMs: number, now = new Date()): Promise<string> {
  const token = newToken();
  await store.db
    .insertInto('owner_tokens')
    .values({ token_hash: digest(token), email: email.toLowerCase(), purpose, expires_at: new Date(now.getTime() + ttlMs).toISOString(), used_at: null })
    .execute();
  return token;
}

/** Spends a token of the realm: the e-mail it was made for, once, before it expires. */
export async function consumeOwnerToken(store: Store, token: string, now = new Date(), realm: AccountRealm = 'owner'): Promise<string | undefined> {
  const row = await store.db
    .updateTable('owner_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', digest(token))
    .where('purpose', 'in', realmPurposes[realm])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

export async function setOwnerPassword(store: Store, email: string, passwordHash: string): Promise<void> {
  const now = new Date().toISOString();
  await store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('owner_accounts')
      .values({ email: email.toLowerCase(), password_hash: passwordHash, updated_at: now })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute();
    // A new password closes every open session of the account, and retires the other links still
    // open (the invitation printed for staff and the one mailed to the owner are two links).
    await trx.deleteFrom('owner_sessions').where('email', '=', email.toLowerCase()).where('realm', '=', 'owner').execute();
    await trx.updateTable('owner_tokens').set({ used_at: now }).where('email', '=', email.toLowerCase()).where('purpose', 'in', realmPurposes.owner).where('used_at', 'is', null).execute();
  });
}

/**
 * Closes an owner's access: their password, sessions and open links are gone, and the revocation
 * stays recorded so that no forgotten-password link opens the account again before a new invite.
 */
export async function revokeOwnerAccess(store: Store, email: string, now = new Date()): Promise<{ sessions: number; links: number; hadPassword: boolean }> {
  const address = email.toLowerCase();
  const at = now.toISOString();
  return store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('owner_revocations')
      .values({ email: address, revoked_at: at })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ revoked_at: at }))
      .execute();
    const sessions = await trx.deleteFrom('owner_sessions').where('email', '=', address).where('realm', '=', 'owner').executeTakeFirst();
    const links = await trx
      .updateTable('owner_tokens')
      .set({ used_at: at })
      .where('email', '=', address)
      .where('purpose', 'in', realmPurposes.owner)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    const account = await trx.deleteFrom('owner_accounts').where('email', '=', address).executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), links: Number(links.numUpdatedRows), hadPassword: Number(account.numDeletedRows) > 0 };
  });
}

/** A new invitation opens a revoked account again. */
export async function reinstateOwner(store: Store, email: string): Promise<void> {
  await store.db.deleteFrom('owner_revocations').where('email', '=', email.toLowerCase()).execute();
}

export async function ownerRevoked(store: Store, email: string): Promise<boolean> {
  const row = await store.db.selectFrom('owner_revocations').select('email').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export type OwnerAccess = {
  passwordSet: boolean;
  revokedAt: string | undefined;
  /** When the last open invitation link expires. */
  invitedUntil: string | undefined;
  /** The last invitation e-mail: waiting in the outbox or handed to the mail server. */
  inviteMail: 'pending' | 'delivered' | undefined;
};

/** Where an owner's account stands, for staff (npm run owner -- list). */
export async function ownerAccess(store: Store, email: string, now = new Date()): Promise<OwnerAccess> {
  const address = email.toLowerCase();
  const password = await store.db.selectFrom('owner_accounts').select('email').where('email', '=', address).executeTakeFirst();
  const revocation = await store.db.selectFrom('owner_revocations').select('revoked_at').where('email', '=', address).executeTakeFirst();
  const invite = await store.db
    .selectFrom('owner_tokens')
    .select('expires_at')
    .where('email', '=', address)
    .where('purpose', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  const mail = await store.db
    .selectFrom('outbox')
    .select('status')
    .where('kind', '=', 'owner-invite')
    .where(sql<string>`lower(${jsonText(store, 'payload', 'email')})`, '=', address)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return {
    passwordSet: password !== undefined,
    revokedAt: revocation?.revoked_at,
    invitedUntil: invite?.expires_at,
    inviteMail: mail === undefined ? undefined : mail.status === 'delivered' ? 'delivered' : 'pending',
  };
}

export async function getOwnerPasswordHash(store: Store, email: string): Promise<string | undefined> {
  const row = await store.db.selectFrom('owner_accounts').select('password_hash').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.password_hash;
}

export async function createSession(store: Store, email: string, ttlMs: number, now = new Date(), realm: AccountRealm = 'owner'): Promise<{ token: string; expires: Date }> {
  const token = newToken();
  const expires = new Date(now.getTime() + ttlMs);
  await store.db
    .insertInto('owner_sessions')
    .values({ token_hash: digest(token), email: email.toLowerCase(), created_at: now.toISOString(), expires_at: expires.toISOString(), realm })
    .execute();
  return { token, expires };
}

/** The address a session of the realm is for, while it lasts. */
export async function sessionEmail(store: Store, token: string, now = new Date(), realm: AccountRealm = 'owner'): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('owner_sessions')
    .select('email')
    .where('token_hash', '=', digest(token))
    .where('realm', '=', realm)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.email;
}

export async function deleteSession(store: Store, token: string): Promise<void> {
  await store.db.deleteFrom('owner_sessions').where('token_hash', '=', digest(token)).execute();
}

export async function recordLoginFailure(store: Store, email: string, client: string, now = new Date(), device = ''): Promise<void> {
  await store.db.insertInto('login_failures').values({ email: email.toLowerCase(), client, device, failed_at: now.toISOString() }).execute();
}

/**
 * How many failures lock an account: from one client within its window; from one device that
 * proved a right password before, within the same window; from anywhere else within the account's.
 */
export type LoginLockout = { clientFailures: number; clientMs: number; accountFailures: number; accountMs: number };

type Failures = { client: number; device: number; account: number };

/**
 * Failures for the account from this client and from this device within `clientMs`, and from
 * clients without a device's proof within `accountMs`.
 */
async function recentLoginFailures(db: Kysely<Database>, email: string, client: string, device: string, lockout: LoginLockout, now: Date): Promise<Failures> {
  const clientSince = new Date(now.getTime() - lockout.clientMs).toISOString();
  const accountSince = new Date(now.getTime() - lockout.accountMs).toISOString();
  const row = await db
    .selectFrom('login_failures')
    .select([
      (eb) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('client', '=', client), eb('failed_at', '>', clientSince)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('client'),
      (eb) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('device', '=', device), eb('device', '!=', ''), eb('failed_at', '>', clientSince)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('device'),
      (eb) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('device', '=', ''), eb('failed_at', '>', accountSince)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('account'),
    ])
    .where('email', '=', email)
    .where('failed_at', '>', clientSince < accountSince ? clientSince : accountSince)
    .executeTakeFirst();
  return { client: Number(row?.client ?? 0), device: Number(row?.device ?? 0), account: Number(row?.account ?? 0) };
}

/** Whether these failures, counted before an attempt, close the account to it ('' for no device). */
function lockedOut(failures: Failures, device: string, lockout: LoginLockout): boolean {
  if (failures.client >= lockout.clientFailures) return true;
  return device === '' ? failures.account >= lockout.accountFailures : failures.device >= lockout.clientFailures;
}

/**
 * Counts a login attempt as a failure before its password is checked, unless the account is
 * locked for this client: then nothing is recorded and the password must not be checked. The
 * caller clears the client's failures once the password proves right. Counting and recording
 * are one step under the account's lock, so that guesses arriving at once each see the ones
 * before: checked first and recorded after, all of them would read the same count and all be
 * checked. `lockedIfWrong`: whether this attempt's failure closes the account to the next one,
 * which the caller says at once, as the next attempt would. `device` is the identity of a
 * browser's proof of a right password (lib/auth/login-device.ts), '' without one.
 */
export async function beginLoginAttempt(store: Store, email: string, client: string, lockout: LoginLockout, now = new Date(), device = ''): Promise<{ locked: boolean; lockedIfWrong: boolean }> {
  const address = email.toLowerCase();
  return store.db.transaction().execute(async (trx) => {
    await lockKeys(store, trx, `login:${address}`);
    const failures = await recentLoginFailures(trx, address, client, device, lockout, now);
    if (lockedOut(failures, device, lockout)) return { locked: true, lockedIfWrong: true };
    await trx.insertInto('login_failures').values({ email: address, client, device, failed_at: now.toISOString() }).execute();
    const withThis = { client: failures.client + 1, device: failures.device + 1, account: failures.account + 1 };
    return { locked: false, lockedIfWrong: lockedOut(withThis, device, lockout) };
  });
}

/** Forgets the account's failures: those of one client (and of its device's proof), or all of them. */
export async function clearLoginFailures(store: Store, email: string, client?: string, device = ''): Promise<void> {
  let query = store.db.deleteFrom('login_failures').where('email', '=', email.toLowerCase());
  if (client !== undefined) query = query.where((eb) => (device === '' ? eb('client', '=', client) : eb.or([eb('client', '=', client), eb('device', '=', device)])));
  await query.execute();
}

/**
 * Replaces a hash by one of the same password at another cost. Unlike a new password it keeps the
 * sessions, and it changes nothing if the password was changed in the meantime.
 */
export async function upgradeOwnerPasswordHash(store: Store, email: string, previousHash: string, passwordHash: string): Promise<void> {
  await store.db
    .updateTable('owner_accounts')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('email', '=', email.toLowerCase())
    .where('password_hash', '=', previousHash)
    .execute();
}

/** Counts a visit once per visitor, listing and day; the hash is of the caller's making. */
export async function recordVisit(store: Store, propertyId: number, day: string, visitorHash: string): Promise<boolean> {
  return store.db.transaction().execute(async (trx) => {
    const seen = await trx
      .insertInto('visitor_days')
      .values({ day, property_id: propertyId, visitor_hash: visitorHash })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(seen.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await trx
      .insertInto('visit_counts')
      .values({ property_id: propertyId, day, count: 1 })
      .onConflict((conflict) => conflict.columns(['property_id', 'day']).doUpdateSet({ count: sql<number>`visit_counts.count + 1` }))
      .execute();
    // Yesterday's visitor hashes are deleted by the hourly housekeeping (pruneExpired).
    return true;
  });
}

export async function visitCounts(store: Store, propertyIds: readonly number[], sinceDay?: string): Promise<{ property_id: number; day: string; count: number }[]> {
  if (propertyIds.length === 0) return [];
  let query = store.db.selectFrom('visit_counts').select(['property_id', 'day', 'count']).where('property_id', 'in', propertyIds);
  if (sinceDay) query = query.where('day', '>=', sinceDay);
  return (await query.orderBy('day').execute()).map((row) => ({ property_id: Number(row.property_id), day: row.day, count: Number(row.count) }));
}

export async function visitTotals(store: Store, propertyIds: readonly number[]): Promise<Map<number, number>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await store.db
    .selectFrom('visit_counts')
    .select(['property_id', sql<number>`SUM(count)`.as('total')])
    .where('property_id', 'in', propertyIds)
    .groupBy('property_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.property_id), Number(row.total)]));
}

/**
 * The site's own requests and bookings about a listing, for the owner's history: what kind and
 * when, never who or what they wrote (the owner is not whom the visitor wrote to).
 */
export async function requestsAbout(store: Store, propertyId: number) {
  return (
    store.db
      .selectFrom('requests')
      .select(['form', 'created_at'])
      .where('property_id', '=', propertyId)
      // A post without JavaScript is nobody's request until its address confirmed it.
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('request_confirmations').select('request_id').whereRef('request_confirmations.request_id', '=', 'requests.id').where('request_confirmations.status', '=', 'pending')),
        ),
      )
      .orderBy('created_at', 'desc')
      .execute()
  );
}

export async function bookingsAbout(store: Store, propertyId: number) {
  return store.db.selectFrom('bookings').select(['slot_id', 'status', 'created_at']).where('property_id', '=', propertyId).orderBy('created_at', 'desc').execute();
}
