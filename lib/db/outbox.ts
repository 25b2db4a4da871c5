import { randomUUID } from 'node:crypto';
import type { Store } from './client';
import type { OutboxKind, OutboxRow } from './schema';

/**
 * A new job's row, due at `due` (by default at once). Every INSERT into the outbox writes one of
 * these, so that a job starts with the same state whoever queues it.
 */
export function pendingJob(kind: OutboxKind, at: string, job: { id?: string; requestId?: string; payload?: string | null; due?: string } = {}): OutboxRow {
  return {
    id: job.id ?? randomUUID(),
    request_id: job.requestId ?? null,
    payload: job.payload ?? null,
    kind,
    status: 'pending',
    attempts: 0,
    next_attempt_at: job.due ?? at,
    locked_until: null,
    last_error: null,
    unreachable: 0,
    delivered_at: null,
    created_at: at,
  };
}

/**
 * Queues a job that is no request's delivery, with its own payload. One INSERT whatever the
 * payload says, so that the caller's work (and time) tells nothing about it.
 */
export async function enqueueJob(store: Store, kind: OutboxKind, payload: Record<string, unknown>, now = new Date()): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await store.db
    .insertInto('outbox')
    .values(pendingJob(kind, at, { id, payload: JSON.stringify(payload) }))
    .execute();
  return id;
}

/**
 * Claims up to `limit` due jobs for `leaseMs`. The claim is one UPDATE, so two workers (or the
 * worker and the immediate delivery after a request, or two instances) never send the same job twice.
 */
export async function claimDueJobs(store: Store, options: { limit: number; leaseMs: number; now?: Date; requestId?: string; jobId?: string; kinds?: readonly OutboxKind[] }): Promise<OutboxRow[]> {
  const now = (options.now ?? new Date()).toISOString();
  const lease = new Date(Date.parse(now) + options.leaseMs).toISOString();
  return store.db
    .updateTable('outbox')
    .set({ locked_until: lease })
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((inner) => inner.or([inner('locked_until', 'is', null), inner('locked_until', '<', now)]));
      if (options.requestId) due = due.where('request_id', '=', options.requestId);
      if (options.jobId) due = due.where('id', '=', options.jobId);
      if (options.kinds) due = due.where('kind', 'in', options.kinds);
      due = due.orderBy('next_attempt_at').limit(options.limit);
      // PostgreSQL at READ COMMITTED: two claims could both read a job as free before either
      // wrote its lease. The lock makes a job one claim's; the other skips it (and re-reads it
      // once committed: leased, so no longer due). SQLite's single writer needs no lock.
      return store.kind === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/**
 * Hands back jobs this process claimed and will not send (it is stopping): due at once for the
 * other instances, instead of after the lease. Only while the lease is still the one we took.
 */
export async function releaseJobs(store: Store, claims: readonly { id: string; lease: string }[]): Promise<number> {
  let released = 0;
  for (const claim of claims) {
    const result = await store.db
      .updateTable('outbox')
      .set({ locked_until: null })
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('locked_until', '=', claim.lease)
      .executeTakeFirst();
    released += Number(result.numUpdatedRows);
  }
  return released;
}

export async function markDelivered(store: Store, jobId: string, now = new Date()): Promise<void> {
  await store.db
    .updateTable('outbox')
    .set((eb) => ({ status: 'delivered', delivered_at: now.toISOString(), locked_until: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', jobId)
    .execute();
}

/**
 * The receiver of these jobs did not answer one of them: the others of its kind that are due wait
 * as long as that one, instead of each holding a send place for its whole timeout meanwhile.
 */
export async function postponeDueJobs(store: Store, kind: OutboxKind, until: Date, now = new Date()): Promise<number> {
  const result = await store.db
    .updateTable('outbox')
    .set({ next_attempt_at: until.toISOString() })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The receiver refused the job itself: it stays in the outbox, not due, with the reason for staff (npm run leads -- --pending). */
export async function markRefused(store: Store, jobId: string, reason: string): Promise<void> {
  await store.db
    .updateTable('outbox')
    .set((eb) => ({ status: 'refused', last_error: reason.slice(0, 500), locked_until: null, unreachable: 0, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', jobId)
    .execute();
}

/** `unreachable`: the server could not be reached at all (see {@link makeUnreachableJobsDue}). */
export async function markFailed(store: Store, jobId: string, error: string, nextAttemptAt: Date, unreachable = false): Promise<void> {
  await store.db
    .updateTable('outbox')
    .set((eb) => ({
      last_error: error.slice(0, 500),
      next_attempt_at: nextAttemptAt.toISOString(),
      locked_until: null,
      unreachable: unreachable ? 1 : 0,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', jobId)
    .execute();
}

/** Whether jobs of these kinds wait, not yet due, because their server could not be reached. */
export async function hasUnreachableJobs(store: Store, kinds: readonly OutboxKind[], now = new Date()): Promise<boolean> {
  if (kinds.length === 0) return false;
  const row = await store.db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('unreachable', '=', 1)
    .where('kind', 'in', kinds)
    .where('next_attempt_at', '>', now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The server answers again: the jobs that waited for it are due now, not at the end of their backoff. */
export async function makeUnreachableJobsDue(store: Store, kinds: readonly OutboxKind[], now = new Date()): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await store.db
    .updateTable('outbox')
    .set({ next_attempt_at: now.toISOString() })
    .where('status', '=', 'pending')
    .where('unreachable', '=', 1)
    .where('kind', 'in', kinds)
    .where('next_attempt_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the request has a job of this kind in this state ('pending': still to deliver). */
export async function hasJob(store: Store, requestId: string, kind: OutboxKind, status: 'pending' | 'delivered'): Promise<boolean> {
  const row = await store.db.selectFrom('outbox').select('id').where('request_id', '=', requestId).where('kind', '=', kind).where('status', '=', status).executeTakeFirst();
  return row !== undefined;
}
