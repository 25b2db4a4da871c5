import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import type { Store } from './client';
import { markMailboxConfirmed } from './mailboxes';
import { runInTransaction } from './portable';
import type { AlertEventRow, AlertSubscriptionRow, CatalogueStateRow, CrmUnsubscribePayload } from './schema';
import { pendingJob } from './outbox';

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
    queries.push(
      store.db
        .insertInto('alert_events')
        .values({ ...event, created_at: at, job_id: null })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .compile(),
    );
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
  const affected = await runInTransaction(store.db, queries);
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
  return store.db.transaction().execute(async (trx) => {
    // The update takes the events' rows: a second run waits for this one, then finds none free.
    const taken = await trx.updateTable('alert_events').set({ job_id: jobId }).where('subscription_id', '=', subscriptionId).where('job_id', 'is', null).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return undefined;
    await trx
      .insertInto('outbox')
      .values(pendingJob('alert-mail', at, { id: jobId, payload: JSON.stringify({ subscriptionId }) }))
      .execute();
    await trx.updateTable('alert_subscriptions').set({ last_sent_at: at }).where('id', '=', subscriptionId).execute();
    return jobId;
  });
}

export async function eventsOfJob(store: Store, jobId: string): Promise<AlertEventRow[]> {
  return store.db.selectFrom('alert_events').selectAll().where('job_id', '=', jobId).orderBy('created_at').orderBy('key').execute();
}

export async function getSubscription(store: Store, id: string): Promise<AlertSubscriptionRow | undefined> {
  return store.db.selectFrom('alert_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a confirmation link leads to (the newsletter's states: see lib/db/newsletter). */
export type AlertLinkState = 'pending' | 'confirmed' | 'expired' | 'unknown';

export async function alertLinkState(store: Store, tokenHash: string, now = new Date()): Promise<AlertLinkState> {
  const row = await store.db.selectFrom('alert_subscriptions').select(['status', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.status !== 'pending') return 'confirmed';
  return row.expires_at > now.toISOString() ? 'pending' : 'expired';
}

/**
 * What a confirmation link's subscription is about, for its page to name it: only what the
 * address's owner submitted (the token is theirs and cannot be guessed), never the address.
 */
export async function subscriptionOfLink(store: Store, tokenHash: string): Promise<Pick<AlertSubscriptionRow, 'kind' | 'criteria' | 'property_id' | 'frequency'> | undefined> {
  return store.db.selectFrom('alert_subscriptions').select(['kind', 'criteria', 'property_id', 'frequency']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Confirms the subscription behind a link, in one transaction: the subscription is active and the
 * request's deliveries (the agency, the CRM) are queued for a search (a follow is the visitor's
 * own). Only the call that confirms queues anything. Confirming makes no account: that is the
 * address's own choice afterwards (confirmedLinkAccount). Returns the request whose jobs it queued.
 */
export async function confirmAlertSubscription(store: Store, tokenHash: string, jobs: readonly string[], now = new Date()): Promise<{ requestId: string } | undefined> {
  const at = now.toISOString();
  return store.db.transaction().execute(async (trx) => {
    // The update takes the row: a second use of the link waits, then finds it no longer pending.
    const subscription = await trx
      .updateTable('alert_subscriptions')
      .set({ status: 'active', confirmed_at: at })
      .where('token_hash', '=', tokenHash)
      .where('status', '=', 'pending')
      .where('expires_at', '>', at)
      .returning(['request_id', 'email_key', 'kind', 'link_covers_until'])
      .executeTakeFirst();
    if (!subscription) return undefined;
    // One link a day goes to a mailbox, so it confirms the others its mail counted as waiting; not
    // one posted since, which the address never saw (a stranger's): that one gets its own link.
    const { email_key: emailKey, link_covers_until: coversUntil } = subscription;
    if (emailKey !== null) await markMailboxConfirmed(trx, emailKey, at);
    const others =
      emailKey === null || coversUntil === null
        ? []
        : await trx
            .updateTable('alert_subscriptions')
            .set({ status: 'active', confirmed_at: at })
            .where('email_key', '=', emailKey)
            .where('status', '=', 'pending')
            .where('expires_at', '>', at)
            .where('created_at', '<=', coversUntil)
            .returning(['request_id', 'kind'])
            .execute();
    for (const confirmed of [subscription, ...others]) {
      if (confirmed.kind !== 'search') continue;
      for (const kind of jobs) {
        await sql`INSERT INTO outbox (id, request_id, kind, status, attempts, next_attempt_at, created_at)
          VALUES (${randomUUID()}, ${confirmed.request_id}, ${kind}, 'pending', 0, ${at}, ${at})`.execute(trx);
      }
    }
    return { requestId: subscription.request_id };
  });
}

/**
 * A mail carrying this subscription's link went out counting these subscriptions: the link covers
 * them (a later mail of the same link counts at least as far).
 */
export async function recordLinkMailed(store: Store, subscriptionId: string, counted: readonly Pick<AlertSubscriptionRow, 'created_at'>[]): Promise<void> {
  const newest = counted.reduce((latest, row) => (row.created_at > latest ? row.created_at : latest), '');
  if (newest === '') return;
  await store.db
    .updateTable('alert_subscriptions')
    .set({ link_covers_until: newest })
    .where('id', '=', subscriptionId)
    .where((eb) => eb.or([eb('link_covers_until', 'is', null), eb('link_covers_until', '<', newest)]))
    .execute();
}

/**
 * The confirmed subscription behind a link, and whether its address has a searcher's account:
 * what the link's page offers its holder (the only one who can make the address's account).
 */
export async function confirmedLinkAccount(store: Store, tokenHash: string): Promise<{ subscriptionId: string; email: string; hasAccount: boolean } | undefined> {
  const row = await store.db
    .selectFrom('alert_subscriptions')
    .leftJoin('searcher_accounts', 'searcher_accounts.email', 'alert_subscriptions.email')
    .select(['alert_subscriptions.id', 'alert_subscriptions.email', 'searcher_accounts.email as account'])
    .where('alert_subscriptions.token_hash', '=', tokenHash)
    .where('alert_subscriptions.status', '!=', 'pending')
    .executeTakeFirst();
  return row ? { subscriptionId: row.id, email: row.email, hasAccount: row.account !== null } : undefined;
}

export async function subscriptionOfRequest(store: Store, requestId: string): Promise<AlertSubscriptionRow | undefined> {
  return store.db.selectFrom('alert_subscriptions').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/** The subscriptions of a mailbox still waiting for their link, oldest first. */
export async function pendingSubscriptionsOf(store: Store, emailKey: string, now = new Date()): Promise<AlertSubscriptionRow[]> {
  return store.db
    .selectFrom('alert_subscriptions')
    .selectAll()
    .where('email_key', '=', emailKey)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at')
    .execute();
}

/** The outbox job that unsubscribes a search profile in the CRM, as an INSERT for a transaction. */
function crmUnsubscribeJob(store: Store, payload: CrmUnsubscribePayload, now: Date, id: string = randomUUID()): CompiledQuery {
  const at = now.toISOString();
  return store.db
    .insertInto('outbox')
    .values(
      pendingJob('crm-unsubscribe', at, {
        id,
        // A search's request stays when the search ends: the job is listed with it (npm run leads).
        requestId: payload.kind === 'site' && payload.requestKept ? payload.requestId : undefined,
        payload: JSON.stringify(payload),
      }),
    )
    .compile();
}

/**
 * The CRM unsubscribes that ending these searches needs: one per search whose request went to the
 * CRM as a search profile (its crm-lead job delivered), or is being sent now (leased). A crm-lead
 * job still waiting reads the search when it is sent: gone, the request reaches the CRM as a plain
 * contact (lib/mail/outbox-worker sendLead), and no profile is made to unsubscribe.
 */
async function crmUnsubscribesOf(store: Store, rows: readonly Pick<AlertSubscriptionRow, 'kind' | 'request_id' | 'email'>[], now: Date, requestKept: boolean): Promise<CompiledQuery[]> {
  const searches = rows.filter((row) => row.kind === 'search');
  if (searches.length === 0) return [];
  const sent = await store.db
    .selectFrom('outbox')
    .select('request_id')
    .where('kind', '=', 'crm-lead')
    .where((eb) => eb.or([eb('status', '=', 'delivered'), eb.and([eb('status', '=', 'pending'), eb('locked_until', '>', now.toISOString())])]))
    .where(
      'request_id',
      'in',
      searches.map((row) => row.request_id),
    )
    .execute();
  const told = new Set(sent.map((row) => row.request_id));
  return searches.filter((row) => told.has(row.request_id)).map((row) => crmUnsubscribeJob(store, { kind: 'site', requestId: row.request_id, email: row.email, requestKept }, now));
}

/**
 * Deletes a subscription (of this address, when given) and everything told to it; a mail still
 * queued for it then sends nothing. A follow's request goes with it: it was never the agency's. A
 * search the CRM holds as a profile is unsubscribed there too (an outbox job, in the same transaction).
 */
export async function deleteSubscription(store: Store, id: string, email?: string, now = new Date(), options: { crmKnows?: boolean } = {}): Promise<boolean> {
  let query = store.db.selectFrom('alert_subscriptions').select(['kind', 'request_id', 'email']).where('id', '=', id);
  if (email !== undefined) query = query.where('email', '=', email.toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row) return false;
  const queries: CompiledQuery[] = [
    store.db.deleteFrom('alert_events').where('subscription_id', '=', id).compile(),
    store.db.deleteFrom('alert_subscriptions').where('id', '=', id).compile(),
    // `crmKnows`: the CRM ended the profile itself; it need not be told.
    ...(options.crmKnows ? [] : await crmUnsubscribesOf(store, [row], now, true)),
  ];
  if (row.kind === 'follow') {
    queries.push(
      store.db.deleteFrom('outbox').where('request_id', '=', row.request_id).compile(),
      store.db.deleteFrom('requests').where('id', '=', row.request_id).where('form', '=', 'follow-listing').compile(),
    );
  }
  const [, deleted] = await runInTransaction(store.db, queries);
  return deleted === 1;
}

/**
 * An unsubscribe link of the CRM's own alert mail was used: the site's searches it names end (with
 * what was told to them), and the CRM is told through the outbox, once, in the same transaction.
 * No search of the site's may match (a profile the agency made itself): the CRM is told all the same.
 */
export async function endSearchesFromCrmLink(
  store: Store,
  subscriptionIds: readonly string[],
  link: { personIdCrypt: string; demandIdCrypt: string },
  now = new Date(),
): Promise<{ ended: number; jobId: string }> {
  const queries: CompiledQuery[] = [];
  if (subscriptionIds.length > 0) {
    queries.push(
      store.db.deleteFrom('alert_events').where('subscription_id', 'in', subscriptionIds).compile(),
      store.db.deleteFrom('alert_subscriptions').where('id', 'in', subscriptionIds).where('kind', '=', 'search').compile(),
    );
  }
  const jobId = randomUUID();
  queries.push(crmUnsubscribeJob(store, { kind: 'link', ...link }, now, jobId));
  const affected = await runInTransaction(store.db, queries);
  return { ended: subscriptionIds.length > 0 ? (affected[1] ?? 0) : 0, jobId };
}

export type SubscriptionSummary = AlertSubscriptionRow & { told: number; waiting: number };

/** Every subscription with how many events were mailed and how many wait (npm run leads -- --alerts). */
export async function listSubscriptions(store: Store): Promise<SubscriptionSummary[]> {
  const rows = await store.db
    .selectFrom('alert_subscriptions')
    .selectAll('alert_subscriptions')
    .select((eb) => [
      eb
        .selectFrom('alert_events')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('alert_events.subscription_id', '=', 'alert_subscriptions.id')
        .where('alert_events.job_id', 'is not', null)
        .as('told'),
      eb
        .selectFrom('alert_events')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('alert_events.subscription_id', '=', 'alert_subscriptions.id')
        .where('alert_events.job_id', 'is', null)
        .as('waiting'),
    ])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, told: Number(row.told ?? 0), waiting: Number(row.waiting ?? 0) }));
}

export async function getSearcherPasswordHash(store: Store, email: string): Promise<string | undefined> {
  const row = await store.db.selectFrom('searcher_accounts').select('password_hash').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.password_hash;
}

/** A new password closes the searcher's sessions and retires their other open links. */
export async function setSearcherPassword(store: Store, email: string, passwordHash: string): Promise<void> {
  const address = email.toLowerCase();
  const at = new Date().toISOString();
  await runInTransaction(store.db, [
    store.db
      .insertInto('searcher_accounts')
      .values({ email: address, password_hash: passwordHash, updated_at: at })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ password_hash: passwordHash, updated_at: at }))
      .compile(),
    store.db.deleteFrom('owner_sessions').where('email', '=', address).where('realm', '=', 'searcher').compile(),
    store.db.updateTable('owner_tokens').set({ used_at: at }).where('email', '=', address).where('purpose', '=', 'searcher-reset').where('used_at', 'is', null).compile(),
  ]);
}

/** As upgradeOwnerPasswordHash: the same password at today's cost, unless it changed meanwhile. */
export async function upgradeSearcherPasswordHash(store: Store, email: string, previousHash: string, passwordHash: string): Promise<void> {
  await store.db
    .updateTable('searcher_accounts')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('email', '=', email.toLowerCase())
    .where('password_hash', '=', previousHash)
    .execute();
}

/** A searcher's confirmed searches and follows (a pending one is no one's until its link is used). */
export async function subscriptionsOf(store: Store, email: string): Promise<AlertSubscriptionRow[]> {
  return store.db.selectFrom('alert_subscriptions').selectAll().where('email', '=', email.toLowerCase()).where('status', '!=', 'pending').orderBy('created_at').execute();
}

export type SubscriptionChange = { status?: 'active' | 'paused'; frequency?: AlertSubscriptionRow['frequency']; criteria?: string };

/** Changes a confirmed subscription of this address; false when it is not theirs (nothing changed). */
export async function updateSubscription(store: Store, id: string, email: string, change: SubscriptionChange): Promise<boolean> {
  const result = await store.db.updateTable('alert_subscriptions').set(change).where('id', '=', id).where('email', '=', email.toLowerCase()).where('status', '!=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes a searcher's account and data in one transaction: the account, its sessions, links and favourites,
 * every search and follow of the address with what was told to them, and the requests they came
 * from with those requests' jobs.
 */
export async function deleteSearcherAccount(store: Store, email: string, now = new Date()): Promise<void> {
  const address = email.toLowerCase();
  const rows = await store.db.selectFrom('alert_subscriptions').select(['id', 'request_id', 'kind', 'email']).where('email', '=', address).execute();
  const ids = rows.map((row) => row.id);
  const requests = rows.map((row) => row.request_id);
  // Read before the request's jobs are deleted below: the profiles the CRM holds are unsubscribed there.
  const queries: CompiledQuery[] = await crmUnsubscribesOf(store, rows, now, false);
  if (rows.length > 0) {
    queries.push(
      store.db.deleteFrom('alert_events').where('subscription_id', 'in', ids).compile(),
      store.db.deleteFrom('outbox').where('request_id', 'in', requests).compile(),
      store.db.deleteFrom('alert_subscriptions').where('id', 'in', ids).compile(),
      store.db.deleteFrom('requests').where('id', 'in', requests).compile(),
    );
  }
  // A search or follow confirmed between the read and this transaction is deleted too; then every
  // request of the alert forms from this address that no subscription holds any more (one deleted
  // earlier from the space), with its jobs.
  const orphanRequests = store.db
    .selectFrom('requests')
    .select('id')
    .where('email', '=', address)
    .where('form', 'in', ['demand-register', 'follow-listing'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('alert_subscriptions').select('id').whereRef('alert_subscriptions.request_id', '=', 'requests.id'))));
  queries.push(
    store.db
      .deleteFrom('alert_events')
      .where('subscription_id', 'in', (eb) => eb.selectFrom('alert_subscriptions').select('id').where('email', '=', address).where('status', '!=', 'pending'))
      .compile(),
    store.db.deleteFrom('alert_subscriptions').where('email', '=', address).where('status', '!=', 'pending').compile(),
    store.db.deleteFrom('outbox').where('request_id', 'in', orphanRequests).compile(),
    store.db.deleteFrom('requests').where('id', 'in', orphanRequests).compile(),
    store.db.deleteFrom('searcher_accounts').where('email', '=', address).compile(),
    store.db.deleteFrom('searcher_favourites').where('email', '=', address).compile(),
    store.db.deleteFrom('owner_sessions').where('email', '=', address).where('realm', '=', 'searcher').compile(),
    store.db.deleteFrom('owner_tokens').where('email', '=', address).where('purpose', '=', 'searcher-reset').compile(),
  );
  await runInTransaction(store.db, queries);
}
