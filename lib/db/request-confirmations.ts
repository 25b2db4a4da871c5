import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Store } from './client';
import { markMailboxConfirmed } from './mailboxes';
import { lockKeys } from './portable';
import { confirmableJobs, documentRequestWritten, mailboxLock, mailNotSentSchema, recordSend, type SlotBooking } from './requests';
import { documentLinkTtlDays } from './retention';
import type { Database, OutboxKind, RequestConfirmationRow, RequestRow } from './schema';
import { deleteUploadContents } from './uploads';
import { pendingJob } from './outbox';

/*
 * Requests posted without JavaScript wait for their address (issue 35): the picture and the spoken
 * code are a first barrier a program can pass, so such a request reaches the agency, the CRM and
 * the leads only once someone who reads the address's mail used the link mailed to it. The link
 * works as an alert's (lib/db/alerts): one mail a day per mailbox, whose link confirms the requests
 * of that mailbox it counted, never one posted after it went out.
 */

/** What confirming a request queues and takes, decided when it was posted. */
const planSchema = z.object({
  jobs: z.array(z.enum(confirmableJobs)),
  /** The line of the agency's mail about a mail to the visitor that was not sent. */
  note: mailNotSentSchema.optional(),
  /** contact-appointment: the viewing time chosen, booked at confirmation if a place is left. */
  slot: z.object({ slotId: z.number(), perEmail: z.number() }).optional(),
  /** request-documents: recorded at confirmation, at most `perDay` documents mails a day to the mailbox. */
  documents: z.object({ perDay: z.number() }).optional(),
});
export type ConfirmationPlan = z.infer<typeof planSchema>;

export type RequestLinkState = 'pending' | 'confirmed' | 'expired' | 'unknown';

const dayMs = 24 * 60 * 60 * 1000;

const planOf = (row: Pick<RequestConfirmationRow, 'plan'>): ConfirmationPlan => planSchema.parse(JSON.parse(row.plan));

export async function requestLinkState(store: Store, tokenHash: string, now = new Date()): Promise<RequestLinkState> {
  const row = await store.db.selectFrom('request_confirmations').select(['status', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.status === 'confirmed') return 'confirmed';
  return row.expires_at > now.toISOString() ? 'pending' : 'expired';
}

/**
 * The request behind a link and what its confirmation did, for the page to name it: the form, the
 * listing or project, when it came, and whether its viewing time was gone. Never the address nor
 * anything typed (the page may be opened by whoever the mail was forwarded to).
 */
export async function requestOfLink(
  store: Store,
  tokenHash: string,
): Promise<(Pick<RequestRow, 'id' | 'form' | 'property_id' | 'project_id' | 'created_at'> & { outcome: string | null }) | undefined> {
  return store.db
    .selectFrom('request_confirmations')
    .innerJoin('requests', 'requests.id', 'request_confirmations.request_id')
    .select(['requests.id', 'requests.form', 'requests.property_id', 'requests.project_id', 'requests.created_at', 'request_confirmations.outcome'])
    .where('request_confirmations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function confirmationOfRequest(store: Store, requestId: string): Promise<RequestConfirmationRow | undefined> {
  return store.db.selectFrom('request_confirmations').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/** The requests of a mailbox still waiting for their link, oldest first. */
export async function pendingConfirmationsOf(store: Store, emailKey: string, now = new Date()): Promise<RequestConfirmationRow[]> {
  return store.db
    .selectFrom('request_confirmations')
    .selectAll()
    .where('email_key', '=', emailKey)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at')
    .execute();
}

/** A mail carrying this request's link went out counting these requests: the link confirms them. */
export async function recordConfirmationMailed(store: Store, requestId: string, counted: readonly Pick<RequestConfirmationRow, 'created_at'>[]): Promise<void> {
  const newest = counted.reduce((latest, row) => (row.created_at > latest ? row.created_at : latest), '');
  if (newest === '') return;
  await store.db
    .updateTable('request_confirmations')
    .set({ link_covers_until: newest })
    .where('request_id', '=', requestId)
    .where((eb) => eb.or([eb('link_covers_until', 'is', null), eb('link_covers_until', '<', newest)]))
    .execute();
}

/** The viewing time a request chose as the catalogue has it now (capacity, the CRM's bookings), if still to come. */
export type SlotLookup = (propertyId: number, slotId: number) => Omit<SlotBooking, 'perEmail'> | undefined;

/**
 * Confirms the request behind a link and those of its mailbox that the link's mail counted, in one
 * transaction, queuing each one's deliveries. Only the call that confirms queues anything (a second
 * use of the link finds nothing pending). A chosen viewing time is booked now, under the slot's
 * lock: taken meanwhile, the request goes on without it and says so ('slot-gone'). Returns the
 * requests whose deliveries it queued.
 */
export async function confirmPendingRequests(store: Store, tokenHash: string, slotOf: SlotLookup, now = new Date()): Promise<string[]> {
  const at = now.toISOString();
  return store.db.transaction().execute(async (trx) => {
    const own = await trx
      .updateTable('request_confirmations')
      .set({ status: 'confirmed', confirmed_at: at })
      .where('token_hash', '=', tokenHash)
      .where('status', '=', 'pending')
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    if (!own) return [];
    await markMailboxConfirmed(trx, own.email_key, at);
    const others =
      own.link_covers_until === null
        ? []
        : await trx
            .updateTable('request_confirmations')
            .set({ status: 'confirmed', confirmed_at: at })
            .where('email_key', '=', own.email_key)
            .where('status', '=', 'pending')
            .where('expires_at', '>', at)
            .where('created_at', '<=', own.link_covers_until)
            .returningAll()
            .execute();
    const confirmed = [own, ...others];
    for (const row of confirmed) await queueDeliveries(store, trx, row, slotOf, at);
    return confirmed.map((row) => row.request_id);
  });
}

async function queueDeliveries(store: Store, trx: Transaction<Database>, row: RequestConfirmationRow, slotOf: SlotLookup, at: string): Promise<void> {
  const plan = planOf(row);
  const request = await trx.selectFrom('requests').select(['email', 'property_id']).where('id', '=', row.request_id).executeTakeFirstOrThrow();
  const email = request.email?.toLowerCase();
  let jobs: OutboxKind[] = plan.jobs;
  let note = plan.note;
  let outcome: string | null = null;
  if (plan.slot && email && request.property_id !== null) {
    const slot = slotOf(request.property_id, plan.slot.slotId);
    const booked = slot ? await bookSlot(store, trx, { ...slot, perEmail: plan.slot.perEmail }, { email, propertyId: request.property_id, requestId: row.request_id, at }) : false;
    if (!booked) {
      outcome = 'slot-gone';
      note = { mail: 'slot', reason: 'gone' };
    }
  }
  if (plan.documents && email && request.property_id !== null) {
    const since = new Date(new Date(at).getTime() - dayMs).toISOString();
    await lockKeys(store, trx, mailboxLock(row.email_key));
    const sent = Number(
      (
        await trx
          .selectFrom('mail_sends')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('address_key', '=', row.email_key)
          .where('kind', '=', 'documents')
          .where('sent_at', '>', since)
          .executeTakeFirst()
      )?.count ?? 0,
    );
    const linksAlive = new Date(new Date(at).getTime() - documentLinkTtlDays * dayMs).toISOString();
    const written = sent < plan.documents.perDay && (await documentRequestWritten(trx, { email, propertyId: request.property_id, id: row.request_id, createdAt: at, linksAlive }));
    if (written) await recordSend(trx, { key: row.email_key, kind: 'documents', requestId: row.request_id, at });
    else {
      jobs = jobs.filter((kind) => kind !== 'visitor-mail');
      note = { mail: 'documents', reason: 'recent' };
    }
  }
  if (outcome !== null) await trx.updateTable('request_confirmations').set({ outcome }).where('request_id', '=', row.request_id).execute();
  if (jobs.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(jobs.map((kind) => pendingJob(kind, at, { requestId: row.request_id, payload: kind === 'agency-mail' && note ? JSON.stringify({ notSent: note }) : null })))
    .execute();
}

/** One place of the slot for this request, as storeRequest books one: false when none is left for it. */
async function bookSlot(store: Store, trx: Transaction<Database>, slot: SlotBooking, request: { email: string; propertyId: number; requestId: string; at: string }): Promise<boolean> {
  await lockKeys(store, trx, `slot:${slot.slotId}`);
  const count = async (query: Promise<{ count: number | string | bigint } | undefined>) => Number((await query)?.count ?? 0);
  const own = await count(
    trx
      .selectFrom('bookings')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('bookings.slot_id', '=', slot.slotId)
      .where('bookings.status', '=', 'confirmed')
      .where('requests.email', '=', request.email)
      .executeTakeFirst(),
  );
  if (own >= slot.perEmail) return false;
  const booked = await count(
    trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('slot_id', '=', slot.slotId)
      .where('status', '=', 'confirmed')
      .executeTakeFirst(),
  );
  if (booked + slot.bookedElsewhere >= slot.capacity) return false;
  await trx
    .insertInto('bookings')
    .values({ id: randomUUID(), slot_id: slot.slotId, property_id: request.propertyId, request_id: request.requestId, status: 'confirmed', created_at: request.at })
    .execute();
  return true;
}

/**
 * A request nobody confirmed within its link's life is someone's address (and maybe their CV)
 * kept without their consent: its request, jobs, uploads (rows and bytes) and row go. A link
 * used meanwhile keeps its request (the status is checked again in the transaction).
 */
export async function pruneUnconfirmedRequests(store: Store, now: Date): Promise<number> {
  const expired = await store.db.selectFrom('request_confirmations').select('request_id').where('status', '=', 'pending').where('expires_at', '<=', now.toISOString()).execute();
  if (expired.length === 0) return 0;
  const ids = expired.map((row) => row.request_id);
  const removed = await store.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('request_confirmations').where('request_id', 'in', ids).where('status', '=', 'pending').returning('request_id').execute();
    const requests = gone.map((row) => row.request_id);
    if (requests.length === 0) return { count: 0, paths: [] };
    const uploads = await trx.deleteFrom('uploads').where('request_id', 'in', requests).returning('path').execute();
    await trx.deleteFrom('outbox').where('request_id', 'in', requests).execute();
    await trx.deleteFrom('requests').where('id', 'in', requests).execute();
    return { count: requests.length, paths: uploads.map((upload) => upload.path) };
  });
  await removeUploadBytes(store, removed.paths);
  return removed.count;
}

/** An upload's bytes live in the database (`database:` locations, lib/forms/uploads) or in a file. */
async function removeUploadBytes(store: Store, paths: readonly string[]): Promise<void> {
  const inDatabase = paths.filter((path) => path.startsWith('database:'));
  await deleteUploadContents(store, inDatabase);
  await Promise.all(paths.filter((path) => !path.startsWith('database:')).map((path) => rm(/* turbopackIgnore: true */ path, { force: true })));
}
