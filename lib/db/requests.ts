import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import { documentLinkTtlDays } from '../documents/signed-link';
import { runBatch } from './dialect';
import type { Store } from './client';
import type { OutboxKind, RequestRow, UploadRow } from './schema';

export type NewUpload = Omit<UploadRow, 'id' | 'request_id'>;

export type NewRequest = {
  /** Set by a caller that derives something from the id before storing (the newsletter's link). */
  id?: string;
  form: string;
  lang: string;
  propertyId?: number;
  projectId?: number;
  email?: string;
  name?: string;
  payload: Record<string, unknown>;
  source?: string;
  uploads?: readonly NewUpload[];
  /** The deliveries to make once the request is stored. */
  jobs: readonly OutboxKind[];
};

/**
 * A booking of one appointment slot; capacity and the bookings the CRM already holds come from the
 * snapshot. One e-mail address holds at most `perEmail` places of a slot, so that one person cannot
 * take every place.
 */
export type SlotBooking = { slotId: number; capacity: number; bookedElsewhere: number; perEmail: number };

/** sign-newsletter: a confirmation link is sent unless the address is subscribed or was sent one after `since`. */
export type NewsletterConfirmation = { tokenHash: string; expiresAt: string; since: string };

/** send-to-friend: at most `perSender` requests from the sender and `perRecipient` to the friend after `since`. */
type FriendLimits = { recipient: string; perSender: number; perRecipient: number; since: string };

/**
 * A search alert or a followed listing (lib/alerts), written with its request and waiting for its
 * address to confirm. A listing is followed once per address: a second follow while the first is
 * confirmed, or was sent its link after `since`, writes nothing.
 */
export type NewAlertSubscription = {
  id: string;
  kind: 'search' | 'follow';
  criteria?: string;
  frequency: 'immediately' | 'daily' | 'weekly';
  tokenHash: string;
  expiresAt: string;
  passwordHash?: string;
  since: string;
};

export type StoreGuards = { booking?: SlotBooking; documents?: boolean; newsletter?: NewsletterConfirmation; friendLimits?: FriendLimits; alert?: NewAlertSubscription };

export type StoreResult =
  | { status: 'stored'; id: string }
  | { status: 'slot-full' }
  /** This e-mail address already holds its places of the slot. */
  | { status: 'slot-already-booked' }
  | { status: 'documents-already-requested' }
  /** The address is already subscribed, or was sent a link within the day: nothing is written. */
  | { status: 'newsletter-unchanged' }
  /** The address already follows the listing, or was sent its link within the day: nothing is written. */
  | { status: 'alert-unchanged' }
  | { status: 'friend-limit' };

const now = () => new Date().toISOString();
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Stores a request, its uploads and its delivery jobs in one transaction. A slot booking, a
 * document request, a newsletter confirmation and the send-to-friend limits are guards of that
 * transaction (one per request): when the slot is full, the documents were already asked for by
 * this address within the life of their links, the address needs no new link, or a limit is reached, nothing at all is written.
 * Each guard is checked inside the write transaction, so parallel requests cannot both pass it.
 */
export async function storeRequest(store: Store, request: NewRequest, guards: StoreGuards = {}): Promise<StoreResult> {
  const { db, client } = store;
  const id = request.id ?? randomUUID();
  const createdAt = now();
  const queries: CompiledQuery[] = [];
  let guard = sql<boolean>`1`;
  let refused: Exclude<StoreResult, { status: 'stored' }> | undefined;

  if (guards.booking) {
    const { slotId, capacity, bookedElsewhere, perEmail } = guards.booking;
    if (!request.email) throw new Error('a booking needs an e-mail');
    const bookingId = randomUUID();
    // One statement: SQLite runs it under the write lock, so two bookings never both see room,
    // and two bookings of one address never both see it had none.
    queries.push(
      sql`INSERT INTO bookings (id, slot_id, property_id, request_id, status, created_at)
          SELECT ${bookingId}, ${slotId}, ${request.propertyId ?? null}, ${id}, 'confirmed', ${createdAt}
          WHERE (SELECT COUNT(*) FROM bookings WHERE slot_id = ${slotId} AND status = 'confirmed') + ${bookedElsewhere} < ${capacity}
            AND (${bookingsOfEmail(slotId, request.email)}) < ${perEmail}`.compile(db),
    );
    guard = sql<boolean>`EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`;
    refused = { status: 'slot-full' };
  }
  if (guards.documents) {
    if (!request.email || request.propertyId === undefined) throw new Error('a document request needs an e-mail and a listing');
    queries.push(
      db
        .insertInto('document_requests')
        .values({ email: request.email.toLowerCase(), property_id: request.propertyId, request_id: id, created_at: createdAt })
        // Once the links mailed for the earlier request have expired, the visitor may ask again.
        .onConflict((conflict) =>
          conflict
            .columns(['email', 'property_id'])
            .doUpdateSet({ request_id: id, created_at: createdAt })
            .where('document_requests.created_at', '<', new Date(Date.now() - documentLinkTtlDays * dayMs).toISOString()),
        )
        .compile(),
    );
    guard = sql<boolean>`EXISTS (SELECT 1 FROM document_requests WHERE request_id = ${id})`;
    refused = { status: 'documents-already-requested' };
  }
  if (guards.newsletter) {
    if (!request.email) throw new Error('a newsletter sign-up needs an e-mail');
    const { tokenHash, expiresAt, since } = guards.newsletter;
    const email = request.email.toLowerCase();
    queries.push(
      sql`INSERT INTO newsletter_signups (request_id, email, token_hash, expires_at, confirmed_at, created_at)
          SELECT ${id}, ${email}, ${tokenHash}, ${expiresAt}, NULL, ${createdAt}
          WHERE NOT EXISTS (SELECT 1 FROM newsletter_signups WHERE email = ${email} AND (confirmed_at IS NOT NULL OR created_at > ${since}))`.compile(db),
    );
    guard = sql<boolean>`EXISTS (SELECT 1 FROM newsletter_signups WHERE request_id = ${id})`;
    refused = { status: 'newsletter-unchanged' };
  }
  if (guards.friendLimits) {
    if (!request.email) throw new Error('a send-to-friend request needs the sender e-mail');
    const { recipient, perSender, perRecipient, since } = guards.friendLimits;
    // The friend's address lives in the payload (payload.friendEmail), the sender's in its column.
    guard = sql<boolean>`(SELECT COUNT(*) FROM requests WHERE form = ${request.form} AND created_at > ${since} AND email = ${request.email.toLowerCase()}) < ${perSender}
      AND (SELECT COUNT(*) FROM requests WHERE form = ${request.form} AND created_at > ${since} AND lower(json_extract(payload, '$.friendEmail')) = ${recipient.toLowerCase()}) < ${perRecipient}`;
    refused = { status: 'friend-limit' };
  }

  const { alert } = guards;
  if (alert?.kind === 'follow') {
    if (!request.email || request.propertyId === undefined) throw new Error('following a listing needs an e-mail and a listing');
    guard = sql<boolean>`NOT EXISTS (SELECT 1 FROM alert_subscriptions WHERE kind = 'follow' AND email = ${request.email.toLowerCase()} AND property_id = ${request.propertyId}
      AND (status != 'pending' OR created_at > ${alert.since}))`;
    refused = { status: 'alert-unchanged' };
  }

  const row: RequestRow = {
    id,
    form: request.form,
    lang: request.lang,
    property_id: request.propertyId ?? null,
    project_id: request.projectId ?? null,
    email: request.email ?? null,
    name: request.name ?? null,
    payload: JSON.stringify(request.payload),
    source: request.source ?? null,
    created_at: createdAt,
  };
  queries.push(
    sql`INSERT INTO requests (id, form, lang, property_id, project_id, email, name, payload, source, created_at)
        SELECT ${row.id}, ${row.form}, ${row.lang}, ${row.property_id}, ${row.project_id}, ${row.email}, ${row.name}, ${row.payload}, ${row.source}, ${row.created_at}
        WHERE ${guard}`.compile(db),
  );
  // Uploads and jobs are written only alongside their request, so a failed guard leaves no trace.
  const requestWritten = sql<boolean>`EXISTS (SELECT 1 FROM requests WHERE id = ${id})`;
  if (alert) {
    if (!request.email) throw new Error('an alert needs an e-mail');
    queries.push(
      sql`INSERT INTO alert_subscriptions (id, request_id, kind, email, language, criteria, property_id, frequency, status, token_hash, expires_at, password_hash, created_at)
          SELECT ${alert.id}, ${id}, ${alert.kind}, ${request.email.toLowerCase()}, ${request.lang}, ${alert.criteria ?? null}, ${request.propertyId ?? null}, ${alert.frequency}, 'pending',
            ${alert.tokenHash}, ${alert.expiresAt}, ${alert.passwordHash ?? null}, ${createdAt}
          WHERE ${requestWritten}`.compile(db),
    );
  }
  for (const upload of request.uploads ?? []) {
    const uploadId = randomUUID();
    queries.push(
      sql`INSERT INTO uploads (id, request_id, field, file_name, mime, size, path)
          SELECT ${uploadId}, ${id}, ${upload.field}, ${upload.file_name}, ${upload.mime}, ${upload.size}, ${upload.path}
          WHERE ${requestWritten}`.compile(db),
    );
  }
  for (const kind of request.jobs) {
    queries.push(
      sql`INSERT INTO outbox (id, request_id, kind, status, attempts, next_attempt_at, created_at)
          SELECT ${randomUUID()}, ${id}, ${kind}, 'pending', 0, ${createdAt}, ${createdAt}
          WHERE ${requestWritten}`.compile(db),
    );
  }

  const affected = await runBatch(client, queries);
  const requestIndex = queries.length - (request.uploads?.length ?? 0) - request.jobs.length - (alert ? 1 : 0) - 1;
  if (affected[requestIndex] === 1) return { status: 'stored', id };
  if (!refused) throw new Error('the request was not written');
  // Which of the booking's two conditions refused it: the answer names the one the visitor can act on.
  if (guards.booking && request.email && (await countSlotBookingsOf(store, guards.booking.slotId, request.email)) >= guards.booking.perEmail) return { status: 'slot-already-booked' };
  return refused;
}

export type StoredRequest = RequestRow & { uploads: UploadRow[] };

export async function getRequest(store: Store, id: string): Promise<StoredRequest | undefined> {
  const row = await store.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const uploads = await store.db.selectFrom('uploads').selectAll().where('request_id', '=', id).execute();
  return { ...row, uploads };
}

/**
 * The requests staff read (npm run leads). A newsletter sign-up, a search alert or a follow counts
 * once its address confirmed it: until then it is no request of anyone's, only an address someone typed.
 */
export async function listRequests(store: Store, options: { since?: string; form?: string } = {}): Promise<RequestRow[]> {
  let query = store.db
    .selectFrom('requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('form', '!=', 'sign-newsletter'),
        eb.exists(eb.selectFrom('newsletter_signups').select('request_id').whereRef('newsletter_signups.request_id', '=', 'requests.id').where('newsletter_signups.confirmed_at', 'is not', null)),
      ]),
    )
    // A search alert or a follow waits for its address as a sign-up does.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('alert_subscriptions').select('id').whereRef('alert_subscriptions.request_id', '=', 'requests.id').where('alert_subscriptions.status', '=', 'pending'))))
    .orderBy('created_at', 'asc');
  if (options.since) query = query.where('created_at', '>=', options.since);
  if (options.form) query = query.where('form', '=', options.form);
  return query.execute();
}

const bookingsOfEmail = (slotId: number, email: string) =>
  sql<number>`SELECT COUNT(*) FROM bookings JOIN requests ON requests.id = bookings.request_id
    WHERE bookings.slot_id = ${slotId} AND bookings.status = 'confirmed' AND requests.email = ${email.toLowerCase()}`;

/** The places of a slot one e-mail address holds. */
export async function countSlotBookingsOf(store: Store, slotId: number, email: string): Promise<number> {
  const row = await sql<{ count: number }>`SELECT (${bookingsOfEmail(slotId, email)}) AS count`.execute(store.db);
  return Number(row.rows[0]?.count ?? 0);
}

/** Bookings made through the site, per slot. */
export async function countBookings(store: Store, slotIds: readonly number[]): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await store.db
    .selectFrom('bookings')
    .select(['slot_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('slot_id', 'in', slotIds)
    .where('status', '=', 'confirmed')
    .groupBy('slot_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.slot_id), Number(row.count)]));
}

/** Marks a captcha as used; false when it was used before. */
export async function consumeCaptcha(store: Store, captchaId: string): Promise<boolean> {
  const result = await store.db
    .insertInto('captcha_uses')
    .values({ id: captchaId, used_at: now() })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
