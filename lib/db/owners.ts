import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from './client';
import type { OwnerTokenRow } from './schema';

/*
 * Owner accounts, one-time tokens, sessions and login failures. Tokens and session ids are
 * random; only their SHA-256 is stored, so a copy of the database opens no account.
 */

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export async function createOwnerToken(store: Store, email: string, purpose: OwnerTokenRow['purpose'], ttlMs: number, now = new Date()): Promise<string> {
  const token = newToken();
  await store.db
    .insertInto('owner_tokens')
    .values({ token_hash: digest(token), email: email.toLowerCase(), purpose, expires_at: new Date(now.getTime() + ttlMs).toISOString(), used_at: null })
    .execute();
  return token;
}

/** Spends a token: the e-mail it was made for, once, before it expires. */
export async function consumeOwnerToken(store: Store, token: string, now = new Date()): Promise<string | undefined> {
  const row = await store.db
    .updateTable('owner_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', digest(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/** Whether a token would still work, without spending it (to show the form or an error). */
export async function ownerTokenValid(store: Store, token: string, now = new Date()): Promise<boolean> {
  const row = await store.db
    .selectFrom('owner_tokens')
    .select('email')
    .where('token_hash', '=', digest(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOwnerPassword(store: Store, email: string, passwordHash: string): Promise<void> {
  const now = new Date().toISOString();
  await store.db
    .insertInto('owner_accounts')
    .values({ email: email.toLowerCase(), password_hash: passwordHash, updated_at: now })
    .onConflict((conflict) => conflict.column('email').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
    .execute();
  // A new password closes every open session of the account.
  await store.db.deleteFrom('owner_sessions').where('email', '=', email.toLowerCase()).execute();
}

export async function getOwnerPasswordHash(store: Store, email: string): Promise<string | undefined> {
  const row = await store.db.selectFrom('owner_accounts').select('password_hash').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.password_hash;
}

export async function createSession(store: Store, email: string, ttlMs: number, now = new Date()): Promise<{ token: string; expires: Date }> {
  const token = newToken();
  const expires = new Date(now.getTime() + ttlMs);
  await store.db
    .insertInto('owner_sessions')
    .values({ token_hash: digest(token), email: email.toLowerCase(), created_at: now.toISOString(), expires_at: expires.toISOString() })
    .execute();
  return { token, expires };
}

export async function sessionEmail(store: Store, token: string, now = new Date()): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('owner_sessions')
    .select('email')
    .where('token_hash', '=', digest(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.email;
}

export async function deleteSession(store: Store, token: string): Promise<void> {
  await store.db.deleteFrom('owner_sessions').where('token_hash', '=', digest(token)).execute();
}

export async function recordLoginFailure(store: Store, email: string, now = new Date()): Promise<void> {
  await store.db.insertInto('login_failures').values({ email: email.toLowerCase(), failed_at: now.toISOString() }).execute();
}

export async function recentLoginFailures(store: Store, email: string, sinceMs: number, now = new Date()): Promise<{ count: number; last?: string }> {
  const row = await store.db
    .selectFrom('login_failures')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('failed_at').as('last')])
    .where('email', '=', email.toLowerCase())
    .where('failed_at', '>', new Date(now.getTime() - sinceMs).toISOString())
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: row?.last ?? undefined };
}

export async function clearLoginFailures(store: Store, email: string): Promise<void> {
  await store.db.deleteFrom('login_failures').where('email', '=', email.toLowerCase()).execute();
}

/** Counts a visit once per visitor, listing and day; the hash is of the caller's making. */
export async function recordVisit(store: Store, propertyId: number, day: string, visitorHash: string): Promise<boolean> {
  const results = await store.client.batch(
    [
      { sql: 'INSERT OR IGNORE INTO visitor_days (day, property_id, visitor_hash) VALUES (?, ?, ?)', args: [day, propertyId, visitorHash] },
      {
        sql: 'INSERT INTO visit_counts (property_id, day, count) SELECT ?, ?, 1 WHERE changes() = 1 ON CONFLICT (property_id, day) DO UPDATE SET count = count + 1',
        args: [propertyId, day],
      },
      // Yesterday's visitor hashes are no longer needed: only the counts stay.
      { sql: 'DELETE FROM visitor_days WHERE day < ?', args: [day] },
    ],
    'write',
  );
  return results[0]?.rowsAffected === 1;
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

/** The site's own requests and bookings about a listing, for the owner's history. */
export async function requestsAbout(store: Store, propertyId: number) {
  return store.db.selectFrom('requests').select(['id', 'form', 'name', 'payload', 'created_at', 'source']).where('property_id', '=', propertyId).orderBy('created_at', 'desc').execute();
}

export async function bookingsAbout(store: Store, propertyId: number) {
  return store.db
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select(['bookings.slot_id', 'bookings.status', 'bookings.created_at', 'requests.name'])
    .where('bookings.property_id', '=', propertyId)
    .orderBy('bookings.created_at', 'desc')
    .execute();
}
