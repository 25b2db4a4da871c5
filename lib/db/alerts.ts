import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import type { Store } from './client';
import { runBatch } from './dialect';
import type { AlertEventRow, AlertSubscriptionRow, CatalogueStateRow } from './schema';

/*
 * The SQL of the alerts (lib/alerts): subscriptions, the catalogue state they were last matched
 * against, their events, and the outbox jobs that mail them.
 */

export type NewAlertEvent = Pick<AlertEventRow, 'key' | 'subscription_id' | 'property_id' | 'event' | 'detail'>;
export type CatalogueStateValues = Omit<CatalogueStateRow, 'seen_at'>;

export async function readCatalogueState(store: Store): Promise<CatalogueStateRow[]> {
  return store.db.selectFrom('catalogue_state').selectAll().execute();
}

export async function activeSubscriptions(store: Store): Promise<AlertSubscriptionRow[]> {
  return store.db.selectFrom('alert_subscriptions').selectAll().where('status', '=', 'active').orderBy('created_at').execute();
}

/** The keys among these that are already written (the dry run leaves them out of its plan). */
export async function existingEventKeys(store: Store, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const chunk = keys.slice(start, start + 500);
    const rows = await store.db.selectFrom('alert_events').select('key').where('key', 'in', chunk).execute();
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/**
 * Writes the events (each key once: a key already written is left as it is) and the new catalogue
 * state in one transaction, so that a run that stops half-way leaves the state it started from and
 * the next run plans the same events again, which their keys then leave out.
 */
export async function recordAlertRun(store: Store, run: { events: readonly NewAlertEvent[]; states: readonly CatalogueStateValues[]; removed: readonly number[] }, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const queries: CompiledQuery[] = [];
  for (const event of run.events) {
    queries.push(store.db.insertInto('alert_events').values({ ...event, created_at: at, job_id: null }).onConflict((conflict) => conflict.column('key').doNothing()).compile());
  }
  for (const state of run.states) {
    queries.push(
      store.db
        .insertInto('catalogue_state')
        .values({ ...state, seen_at: at })
        .onConflict((conflict) => conflict.column('property_id').doUpdateSet({ goal: state.goal, state: state.state, price: state.price, cards: state.cards, seen_at: at }))
        .compile(),
    );
  }
  if (run.removed.length > 0) queries.push(store.db.deleteFrom('catalogue_state').where('property_id', 'in', run.removed).compile());
  if (queries.length === 0) return 0;
  const affected = await runBatch(store.client, queries);
  return affected.slice(0, run.events.length).reduce((sum, count) => sum + count, 0);
}

/** The subscriptions with events no mail carries yet, and when each last had a mail. */
export async function subscriptionsWithUnsentEvents(store: Store): Promise<(Pick<AlertSubscriptionRow, 'id' | 'frequency' | 'last_sent_at' | 'email' | 'language' | 'kind'> & { events: number })[]> {
  const rows = await store.db
    .selectFrom('alert_events')
    .innerJoin('alert_subscriptions', 'alert_subscriptions.id', 'alert_events.subscription_id')
    .select(['alert_subscriptions.id', 'alert_subscriptions.frequency', 'alert_subscriptions.last_sent_at', 'alert_subscriptions.email', 'alert_subscriptions.language', 'alert_subscriptions.kind'])
    .select((eb) => eb.fn.countAll<number>().as('events'))
    .where('alert_events.job_id', 'is', null)
    .where('alert_subscriptions.status', '=', 'active')
    .groupBy('alert_subscriptions.id')
    .execute();
  return rows.map((row) => ({ ...row, events: Number(row.events) }));
}

/**
 * Queues one 'alert-mail' job for the subscription's unsent events, and gives them to it. One
 * transaction: the job is written only when this call took events, so two runs at once queue one
 * mail. Returns the job's id, or undefined when another run took the events first.
 */
export async function queueAlertMail(store: Store, subscriptionId: string, now = new Date()): Promise<string | undefined> {
  const jobId = randomUUID();
  const at = now.toISOString();
  const payload = JSON.stringify({ subscriptionId });
  const [taken] = await runBatch(store.client, [
    sql`UPDATE alert_events SET job_id = ${jobId} WHERE subscription_id = ${subscriptionId} AND job_id IS NULL`.compile(store.db),
    sql`INSERT INTO outbox (id, request_id, payload, kind, status, attempts, next_attempt_at, created_at)
        SELECT ${jobId}, NULL, ${payload}, 'alert-mail', 'pending', 0, ${at}, ${at} WHERE changes() > 0`.compile(store.db),
    sql`UPDATE alert_subscriptions SET last_sent_at = ${at} WHERE id = ${subscriptionId} AND EXISTS (SELECT 1 FROM outbox WHERE id = ${jobId})`.compile(store.db),
  ]);
  return taken !== undefined && taken > 0 ? jobId : undefined;
}

export async function eventsOfJob(store: Store, jobId: string): Promise<AlertEventRow[]> {
  return store.db.selectFrom('alert_events').selectAll().where('job_id', '=', jobId).orderBy('created_at').orderBy('key').execute();
}

export async function getSubscription(store: Store, id: string): Promise<AlertSubscriptionRow | undefined> {
  return store.db.selectFrom('alert_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}
