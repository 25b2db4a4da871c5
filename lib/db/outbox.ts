import type { Store } from './client';
import type { OutboxKind, OutboxRow } from './schema';

/**
 * Claims up to `limit` due jobs for `leaseMs`. The claim is one UPDATE, so two workers (or the
 * worker and the immediate delivery after a request) never send the same job twice.
 */
export async function claimDueJobs(store: Store, options: { limit: number; leaseMs: number; now?: Date; requestId?: string; kinds?: readonly OutboxKind[] }): Promise<OutboxRow[]> {
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
      if (options.kinds) due = due.where('kind', 'in', options.kinds);
      return due.orderBy('next_attempt_at').limit(options.limit);
    })
    .returningAll()
    .execute();
}

export async function markDelivered(store: Store, jobId: string): Promise<void> {
  await store.db
    .updateTable('outbox')
    .set((eb) => ({ status: 'delivered', delivered_at: new Date().toISOString(), locked_until: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', jobId)
    .execute();
}

export async function markFailed(store: Store, jobId: string, error: string, nextAttemptAt: Date): Promise<void> {
  await store.db
    .updateTable('outbox')
    .set((eb) => ({ last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt.toISOString(), locked_until: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', jobId)
    .execute();
}

export async function outboxCounts(store: Store): Promise<{ pending: number; delivered: number }> {
  const rows = await store.db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { pending: count('pending'), delivered: count('delivered') };
}
