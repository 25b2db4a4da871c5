import { getStore, type Store } from './client';
import { pruneRateLimits } from './limits';
import { runInTransaction } from './portable';
import { pruneUnconfirmedRequests } from './request-confirmations';
import { brusselsDay, captchaTtlMs } from './retention';
import { pruneOrphanUploadContents } from './uploads';

/*
 * Rows that have done their work are deleted on a schedule (at start, then hourly), not by the
 * requests that happen to come by. Each rule's boundary is past the last moment its row can
 * still change an answer, so pruning never changes what the site does.
 */

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** Login failures count for an hour at most (owner-auth.ts); a day leaves room for a longer window. */
const loginFailureKeepMs = dayMs;
/** A delivered job with its own payload (a reset request: an address) is kept this long, for questions. */
const deliveredPayloadKeepMs = 30 * dayMs;

export type PruneCounts = {
  captchaUses: number;
  ownerSessions: number;
  ownerTokens: number;
  loginFailures: number;
  visitorDays: number;
  deliveredPayloadJobs: number;
  unconfirmedSignups: number;
  unconfirmedAlerts: number;
  unconfirmedRequests: number;
  rateLimitWindows: number;
  orphanUploads: number;
  mailSends: number;
};

/** Deletes what has expired at `now`; returns how many rows each rule deleted. */
export async function pruneExpired(store: Store, now = new Date()): Promise<PruneCounts> {
  const { db } = store;
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  return {
    // A used captcha is remembered so that it works once; a token is refused anyway once its
    // lifetime is over, and it was issued before it was used.
    captchaUses: deleted(await db.deleteFrom('captcha_uses').where('used_at', '<', before(captchaTtlMs)).executeTakeFirst()),
    // A session no longer opens the portal once expired.
    ownerSessions: deleted(await db.deleteFrom('owner_sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst()),
    // A link works once and until it expires: spent or expired, its row answers nothing any more.
    ownerTokens: deleted(
      await db
        .deleteFrom('owner_tokens')
        .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('used_at', 'is not', null)]))
        .executeTakeFirst(),
    ),
    loginFailures: deleted(await db.deleteFrom('login_failures').where('failed_at', '<', before(loginFailureKeepMs)).executeTakeFirst()),
    // Visitor hashes tell apart today's visitors only; the daily counts stay.
    visitorDays: deleted(await db.deleteFrom('visitor_days').where('day', '<', brusselsDay(now)).executeTakeFirst()),
    // Request jobs stay with their request (npm run leads shows their state); a job's own payload goes.
    deliveredPayloadJobs: deleted(
      await db.deleteFrom('outbox').where('status', '=', 'delivered').where('request_id', 'is', null).where('delivered_at', '<', before(deliveredPayloadKeepMs)).executeTakeFirst(),
    ),
    unconfirmedSignups: await pruneUnconfirmedSignups(store, now),
    unconfirmedAlerts: await pruneUnconfirmedAlerts(store, now),
    // A request posted without JavaScript and never confirmed: with its uploads, before the orphans below.
    unconfirmedRequests: await pruneUnconfirmedRequests(store, now),
    // A window that has ended limits nothing any more.
    rateLimitWindows: await pruneRateLimits(store, now),
    // An upload is saved just before its request: a day later, bytes no request points at were
    // left by a process that stopped in between. Uploads of stored requests stay with them.
    orphanUploads: await pruneOrphanUploadContents(store, new Date(now.getTime() - dayMs)),
    // The mail rules look one day back (a confirmation may be due a day ahead); the refusals stay.
    mailSends: deleted(
      await db
        .deleteFrom('mail_sends')
        .where('sent_at', '<', before(2 * dayMs))
        .executeTakeFirst(),
    ),
  };
}

/**
 * A newsletter sign-up nobody confirmed before its link expired is an address kept without
 * consent: its request, its jobs and its row go together, in one transaction.
 */
async function pruneUnconfirmedSignups(store: Store, now: Date): Promise<number> {
  const { db } = store;
  const at = now.toISOString();
  const expired = db.selectFrom('newsletter_signups').select('request_id').where('confirmed_at', 'is', null).where('expires_at', '<=', at);
  // A request some confirmed row still points at is kept (a second link of the same sign-up).
  const confirmed = db.selectFrom('newsletter_signups').select('request_id').where('confirmed_at', 'is not', null);
  const [, , deleted] = await runInTransaction(db, [
    db.deleteFrom('outbox').where('request_id', 'in', expired).where('request_id', 'not in', confirmed).compile(),
    db.deleteFrom('requests').where('id', 'in', expired).where('id', 'not in', confirmed).compile(),
    db.deleteFrom('newsletter_signups').where('confirmed_at', 'is', null).where('expires_at', '<=', at).compile(),
  ]);
  return deleted ?? 0;
}

/**
 * A search alert or a follow nobody confirmed within its link's life (7 days) is an address kept
 * without consent: its request, the request's jobs and the subscription go together.
 */
async function pruneUnconfirmedAlerts(store: Store, now: Date): Promise<number> {
  const rows = await store.db.selectFrom('alert_subscriptions').select(['id', 'request_id']).where('status', '=', 'pending').where('expires_at', '<=', now.toISOString()).execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  const requests = rows.map((row) => row.request_id);
  // The status is checked again in the transaction: a link used meanwhile keeps its subscription.
  const [, deleted] = await runInTransaction(store.db, [
    store.db
      .deleteFrom('outbox')
      .where('request_id', 'in', requests)
      .where('request_id', 'in', (eb) => eb.selectFrom('alert_subscriptions').select('request_id').where('id', 'in', ids).where('status', '=', 'pending'))
      .compile(),
    store.db.deleteFrom('alert_subscriptions').where('id', 'in', ids).where('status', '=', 'pending').compile(),
    store.db
      .deleteFrom('requests')
      .where('id', 'in', requests)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('alert_subscriptions').select('id').whereRef('alert_subscriptions.request_id', '=', 'requests.id'))))
      .compile(),
  ]);
  return deleted ?? 0;
}

const housekeeping = globalThis as typeof globalThis & { __housekeepingTimer?: NodeJS.Timeout };

/** Prunes now, then every hour, for the life of the server process. */
export function startHousekeeping(): void {
  if (housekeeping.__housekeepingTimer) return;
  const run = async () => {
    try {
      await pruneExpired(await getStore());
    } catch (error) {
      console.error('[housekeeping] pruning failed; the next hour tries again', error);
    }
  };
  housekeeping.__housekeepingTimer = setInterval(run, hourMs);
  housekeeping.__housekeepingTimer.unref();
  void run();
}
