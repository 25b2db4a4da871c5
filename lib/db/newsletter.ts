import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import type { Store } from './client';
import { runBatch } from './dialect';
import type { OutboxKind } from './schema';

/*
 * Newsletter double opt-in. A sign-up is stored with its confirmation link (storeRequest's
 * newsletter guard); the agency hears of it only when the address confirms through that link.
 */

/** What a confirmation link leads to: a button to confirm, a done deal, or a dead end. */
export type SignupState = 'pending' | 'confirmed' | 'expired' | 'unknown';

/** The state of the sign-up behind a link, without changing anything (mail scanners open links). */
export async function newsletterSignupState(store: Store, tokenHash: string, now = new Date()): Promise<SignupState> {
  const row = await store.db.selectFrom('newsletter_signups').select(['email', 'expires_at', 'confirmed_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.confirmed_at !== null) return 'confirmed';
  // Another link of the same address may have been used already: the address is subscribed.
  const subscribed = await store.db.selectFrom('newsletter_signups').select('request_id').where('email', '=', row.email).where('confirmed_at', 'is not', null).executeTakeFirst();
  if (subscribed) return 'confirmed';
  return row.expires_at > now.toISOString() ? 'pending' : 'expired';
}

/** 'confirmed' is this call's confirmation, with the request whose deliveries it queued. */
export type ConfirmResult = { status: 'confirmed'; requestId: string } | { status: 'already-confirmed' | 'expired' | 'unknown' };

/**
 * Confirms the sign-up behind a link and queues its deliveries (the agency's e-mail, the CRM) in
 * the same transaction. Only the first confirmation of an address queues anything, however many
 * links it was sent and however often they are used at once.
 */
export async function confirmNewsletterSignup(store: Store, tokenHash: string, jobs: readonly OutboxKind[], now = new Date()): Promise<ConfirmResult> {
  const at = now.toISOString();
  const queries: CompiledQuery[] = [
    sql`UPDATE newsletter_signups SET confirmed_at = ${at}
        WHERE token_hash = ${tokenHash} AND confirmed_at IS NULL AND expires_at > ${at}
          AND NOT EXISTS (SELECT 1 FROM newsletter_signups AS other WHERE other.email = newsletter_signups.email AND other.confirmed_at IS NOT NULL)`.compile(store.db),
  ];
  // changes() is the row count of the statement before: the update, then each job in turn, so
  // the jobs are written exactly when the update confirmed the sign-up.
  for (const kind of jobs) {
    queries.push(
      sql`INSERT INTO outbox (id, request_id, kind, status, attempts, next_attempt_at, created_at)
          SELECT ${randomUUID()}, request_id, ${kind}, 'pending', 0, ${at}, ${at} FROM newsletter_signups
          WHERE token_hash = ${tokenHash} AND changes() = 1`.compile(store.db),
    );
  }
  const [updated] = await runBatch(store.client, queries);
  if (updated === 1) {
    const row = await store.db.selectFrom('newsletter_signups').select('request_id').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
    return { status: 'confirmed', requestId: row.request_id };
  }
  const state = await newsletterSignupState(store, tokenHash, now);
  if (state === 'confirmed') return { status: 'already-confirmed' };
  // Still pending here means the update found it expired at the same instant: expired it is.
  return { status: state === 'unknown' ? 'unknown' : 'expired' };
}
