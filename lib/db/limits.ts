import { createHash } from 'node:crypto';
import type { Store } from './client';

/**
 * Counts one hit in the fixed window of `key` that holds `now`, and returns the window's count and
 * end. One upsert, so two instances hitting the same key at once both count: the database adds.
 * The key is stored hashed: a limit keyed by address or e-mail keeps neither.
 */
export async function countRateLimitHit(store: Store, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; endsAt: number }> {
  const start = Math.floor(now / windowMs) * windowMs;
  const endsAt = start + windowMs;
  const hashed = createHash('sha256').update(`${key}\n${windowMs}\n${start}`).digest('hex');
  const row = await store.db
    .insertInto('rate_limits')
    .values({ key: hashed, count: 1, expires_at: new Date(endsAt).toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ count: eb(eb.ref('rate_limits.count'), '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), endsAt };
}

/** Deletes the windows that ended before `now`; returns how many. */
export async function pruneRateLimits(store: Store, now = new Date()): Promise<number> {
  const result = await store.db.deleteFrom('rate_limits').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
