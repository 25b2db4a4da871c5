import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Store } from './client';
import { lockKeys } from './portable';
import { mailboxConfirmed } from './mailboxes';
import type { ConfirmationPlan } from './request-confirmations';
import { documentLinkTtlDays } from './retention';
import type { Database, OutboxKind, RequestRow, UploadRow } from './schema';
import { pendingJob } from './outbox';

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
/**
 * `bookedElsewhere`: the places the CRM's agenda counts as taken, read at `crmSince` when the
 * site's requests go to the CRM: the site's own bookings that reached the CRM before then are
 * among them, and are not counted twice.
 */
export type SlotBooking = { slotId: number; capacity: number; bookedElsewhere: number; perEmail: number; crmSince?: string };

/** sign-newsletter: a confirmation link is sent unless the address is subscribed or was sent one after `since`. */
export type NewsletterConfirmation = { tokenHash: string; expiresAt: string; since: string; key: string };

/**
 * send-to-friend: at most `perSender` mails from the sending client (`sender`, a keyed hash of
 * it) and `perRecipient` to the friend's mailbox (`recipientKey`, lib/security/address-key) after `since`.
 */
type FriendLimits = { recipientKey: string; sender: string; perSender: number; perRecipient: number; since: string };

/**
 * The forms that mail the visitor a copy: at most one copy to a mailbox (`key`, lib/security/address-key)
 * after `since`, and none to a mailbox that refused them. A copy not due is no refusal: the request
 * and the agency's mail go on, without the visitor-mail job.
 */
type VisitorCopy = { key: string; since: string };

/**
 * request-documents: its mail is the delivery the visitor asked for, not a copy, so it has its own
 * count: at most `perDay` documents mails to the mailbox (`key`) after `since`, none to a mailbox
 * that refused mail, and once per address and listing within the links' life. A mail that cannot
 * go writes no document request (the visitor may ask again) and leaves the sending to the agency.
 */
type DocumentsMail = { key: string; since: string; perDay: number };

/**
 * Why a mail to the visitor (or the friend) was not queued, or the viewing time chosen without
 * JavaScript was gone when the visitor confirmed: the agency's mail says it in a line.
 */
export const mailNotSentSchema = z.union([
  z.object({ mail: z.enum(['visitor-copy', 'documents', 'friend']), reason: z.enum(['recent', 'refused']) }),
  z.object({ mail: z.literal('slot'), reason: z.literal('gone') }),
]);
export type MailNotSent = z.infer<typeof mailNotSentSchema>;

/** The deliveries a request's confirmation may queue (lib/db/request-confirmations): never a link or an alert. */
export const confirmableJobs = ['agency-mail', 'visitor-mail', 'friend-mail', 'webhook', 'crm-lead'] as const satisfies readonly OutboxKind[];

function isConfirmableJob(kind: OutboxKind): kind is (typeof confirmableJobs)[number] {
  return confirmableJobs.some((candidate) => candidate === kind);
}

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
  since: string;
  /** The mailbox (lib/security/address-key): one confirmation mail a day to it, from follows and searches together. */
  key: string;
};

/**
 * A request that passed only the no-JavaScript check: stored with its uploads, it waits for its
 * address (`key`) to use the link mailed to it (lib/db/request-confirmations). Its deliveries are
 * queued by the confirmation, which also books its viewing time (`slot`) and records its
 * documents (`documents`), so that an unconfirmed post takes nothing from anyone.
 */
type PendingConfirmation = {
  key: string;
  tokenHash: string;
  expiresAt: string;
  slot?: { slotId: number; perEmail: number };
  documents?: { perDay: number };
};

export type StoreGuards = {
  booking?: SlotBooking;
  documents?: DocumentsMail;
  newsletter?: NewsletterConfirmation;
  friendLimits?: FriendLimits;
  alert?: NewAlertSubscription;
  visitorCopy?: VisitorCopy;
  confirmation?: PendingConfirmation;
};

export type StoreResult =
  | { status: 'stored'; id: string }
  | { status: 'slot-full' }
  /** This e-mail address already holds its places of the slot. */
  | { status: 'slot-already-booked' }
  | { status: 'documents-already-requested' }
  /** The address is already subscribed, was sent a link within the day, or refused mail: nothing is written. */
  | { status: 'newsletter-unchanged' }
  /** The address already follows the listing, was sent its link within the day, or refused mail: nothing is written. */
  | { status: 'alert-unchanged' }
  | { status: 'friend-limit' }
  /** A request to confirm by mail, for a mailbox that refused the agency's mail: nothing is written. */
  | { status: 'mail-refused' };

const now = () => new Date().toISOString();
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Stores a request, its uploads and its delivery jobs in one transaction. A slot booking, a
 * document request, a newsletter confirmation and the send-to-friend limits are guards of that
 * transaction (one per request): when the slot is full, the documents were already asked for by
 * this address within the life of their links, the address needs no new link, or a limit is
 * reached, nothing at all is written. Each guard reads and writes under the lock of what it
 * guards (lockKeys), so parallel requests cannot both pass it.
 */
export async function storeRequest(store: Store, request: NewRequest, guards: StoreGuards = {}): Promise<StoreResult> {
  const id = request.id ?? randomUUID();
  const createdAt = now();
  return store.db.transaction().execute(async (trx) => {
    const checked = await checkGuards(store, trx, request, guards, id, createdAt);
    if ('status' in checked) return checked;
    await trx
      .insertInto('requests')
      .values({
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
      })
      .execute();
    const { alert } = guards;
    if (alert) {
      if (!request.email) throw new Error('an alert needs an e-mail');
      await trx
        .insertInto('alert_subscriptions')
        .values({
          id: alert.id,
          request_id: id,
          kind: alert.kind,
          email: request.email.toLowerCase(),
          email_key: alert.key,
          language: request.lang,
          criteria: alert.criteria ?? null,
          property_id: request.propertyId ?? null,
          frequency: alert.frequency,
          status: 'pending',
          token_hash: alert.tokenHash,
          expires_at: alert.expiresAt,
          password_hash: null,
          created_at: createdAt,
          confirmed_at: null,
          last_sent_at: null,
        })
        .execute();
    }
    const uploads = request.uploads ?? [];
    if (uploads.length > 0)
      await trx
        .insertInto('uploads')
        .values(uploads.map((upload) => ({ ...upload, id: randomUUID(), request_id: id })))
        .execute();
    const deliveries = request.jobs.filter((kind) => !checked.withheld.has(kind));
    const { confirmation } = guards;
    if (confirmation) {
      const plan: ConfirmationPlan = { jobs: deliveries.filter(isConfirmableJob), note: checked.notSent, slot: confirmation.slot, documents: confirmation.documents };
      await trx
        .insertInto('request_confirmations')
        .values({
          request_id: id,
          email_key: confirmation.key,
          token_hash: confirmation.tokenHash,
          status: 'pending',
          plan: JSON.stringify(plan),
          outcome: null,
          created_at: createdAt,
          expires_at: confirmation.expiresAt,
          confirmed_at: null,
          link_covers_until: null,
        })
        .execute();
    }
    // A request to confirm queues only its link (none when a link of its mailbox is waiting for its day).
    const jobs = confirmation ? (checked.withheld.has('request-confirm') ? [] : (['request-confirm'] as const)) : deliveries;
    if (jobs.length > 0) {
      await trx
        .insertInto('outbox')
        .values(
          jobs.map((kind) =>
            pendingJob(kind, createdAt, {
              requestId: id,
              payload: kind === 'agency-mail' && checked.notSent ? JSON.stringify({ notSent: checked.notSent }) : null,
              due: kind === 'alert-confirm' || kind === 'request-confirm' || kind === 'newsletter-confirm' ? (checked.confirmationDue ?? createdAt) : createdAt,
            }),
          ),
        )
        .execute();
    }
    return { status: 'stored', id };
  });
}

const countOf = async (query: Promise<{ count: number | string | bigint } | undefined>) => Number((await query)?.count ?? 0);

/**
 * What the guards let through: the jobs they withhold (a mail the mailbox is not due), why (for
 * the agency's mail), and when a confirmation link may go.
 */
type Passed = { withheld: Set<OutboxKind>; notSent?: MailNotSent; confirmationDue?: string };

/** The guard's refusal, or what it let through once its rows are written (a booking, a document request, a sign-up). */
async function checkGuards(
  store: Store,
  trx: Transaction<Database>,
  request: NewRequest,
  guards: StoreGuards,
  id: string,
  createdAt: string,
): Promise<Exclude<StoreResult, { status: 'stored' }> | Passed> {
  const passed: Passed = { withheld: new Set() };
  if (guards.booking) {
    const { slotId, capacity, bookedElsewhere, perEmail } = guards.booking;
    if (!request.email || request.propertyId === undefined) throw new Error('a booking needs an e-mail and a listing');
    // The slot lives in the CRM's snapshot, not in a table with a row to lock: the lock is the slot's id.
    await lockKeys(store, trx, `slot:${slotId}`);
    // The answer names the condition the visitor can act on: their own places first.
    if ((await bookingsOfEmail(trx, slotId, request.email)) >= perEmail) return { status: 'slot-already-booked' };
    const booked = await countOf(
      siteBookings(trx, [slotId], guards.booking.crmSince)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
    );
    if (booked + bookedElsewhere >= capacity) return { status: 'slot-full' };
    await trx.insertInto('bookings').values({ id: randomUUID(), slot_id: slotId, property_id: request.propertyId, request_id: id, status: 'confirmed', created_at: createdAt }).execute();
  }
  if (guards.documents) {
    if (!request.email || request.propertyId === undefined) throw new Error('a document request needs an e-mail and a listing');
    const { key, since, perDay } = guards.documents;
    const email = request.email.toLowerCase();
    const linksAlive = new Date(Date.now() - documentLinkTtlDays * dayMs).toISOString();
    await lockKeys(store, trx, mailboxLock(key));
    const requested = await trx
      .selectFrom('document_requests')
      .select('request_id')
      .where('email', '=', email)
      .where('property_id', '=', request.propertyId)
      .where('created_at', '>=', linksAlive)
      .executeTakeFirst();
    if (requested) return { status: 'documents-already-requested' };
    const sent = await countOf(
      trx
        .selectFrom('mail_sends')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('address_key', '=', key)
        .where('kind', '=', 'documents')
        .where('sent_at', '>', since)
        .executeTakeFirst(),
    );
    const reason = (await refusedMail(trx, key)) ? 'refused' : sent >= perDay ? 'recent' : undefined;
    if (reason) {
      passed.withheld.add('visitor-mail');
      passed.notSent = { mail: 'documents', reason };
    } else if (!(await documentRequestWritten(trx, { email, propertyId: request.propertyId, id, createdAt, linksAlive }))) return { status: 'documents-already-requested' };
    else await recordSend(trx, { key, kind: 'documents', requestId: id, at: createdAt });
  }
  if (guards.newsletter) {
    if (!request.email) throw new Error('a newsletter sign-up needs an e-mail');
    const { tokenHash, expiresAt, since } = guards.newsletter;
    const email = request.email.toLowerCase();
    await lockKeys(store, trx, `newsletter:${email}`, mailboxLock(guards.newsletter.key));
    if (await refusedMail(trx, guards.newsletter.key)) return { status: 'newsletter-unchanged' };
    // A link to the same mailbox under another spelling (a +tag, a dot) counts as well.
    if (await sentSince(trx, guards.newsletter.key, 'newsletter', since)) return { status: 'newsletter-unchanged' };
    const known = await trx
      .selectFrom('newsletter_signups')
      .select('request_id')
      .where('email', '=', email)
      .where((eb) => eb.or([eb('confirmed_at', 'is not', null), eb('created_at', '>', since)]))
      .executeTakeFirst();
    if (known) return { status: 'newsletter-unchanged' };
    // The sign-up is kept; its link waits for the mailbox's day when another form mailed it today.
    const due = await confirmationDue(trx, guards.newsletter.key, createdAt, ['newsletter'], await mailCounted(trx, guards.newsletter.key, ['newsletter']));
    const at = due === 'covered' ? createdAt : due;
    passed.confirmationDue = at;
    await trx
      .insertInto('newsletter_signups')
      .values({ request_id: id, email, email_key: guards.newsletter.key, token_hash: tokenHash, expires_at: expiresAt, confirmed_at: null, created_at: createdAt })
      .execute();
    await recordSend(trx, { key: guards.newsletter.key, kind: 'newsletter', requestId: id, at });
  }
  if (guards.friendLimits) {
    if (!request.email) throw new Error('a send-to-friend request needs the sender e-mail');
    const { recipientKey, sender, perSender, perRecipient, since } = guards.friendLimits;
    await lockKeys(store, trx, `friend-sender:${sender}`, mailboxLock(recipientKey));
    const recent = trx
      .selectFrom('mail_sends')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('kind', '=', 'friend')
      .where('sent_at', '>', since);
    const bySender = await countOf(recent.where('sender', '=', sender).executeTakeFirst());
    const toFriend = await countOf(recent.where('address_key', '=', recipientKey).executeTakeFirst());
    if (bySender >= perSender || toFriend >= perRecipient) return { status: 'friend-limit' };
    // A friend who never used a link of ours gets one mail a day from all the forms together.
    if (!(await mailboxConfirmed(trx, recipientKey)) && (await sentSince(trx, recipientKey, everyFormMailKind, since))) return { status: 'friend-limit' };
    await recordSend(trx, { key: recipientKey, kind: 'friend', sender, requestId: id, at: createdAt });
    if (await refusedMail(trx, recipientKey)) {
      passed.withheld.add('friend-mail');
      passed.notSent = { mail: 'friend', reason: 'refused' };
    }
  }
  if (guards.visitorCopy) {
    const { key, since } = guards.visitorCopy;
    await lockKeys(store, trx, mailboxLock(key));
    const reason = (await refusedMail(trx, key)) ? 'refused' : (await sentSince(trx, key, await mailCounted(trx, key, formMailKinds), since)) ? 'recent' : undefined;
    if (reason) {
      passed.withheld.add('visitor-mail');
      passed.notSent = { mail: 'visitor-copy', reason };
    } else await recordSend(trx, { key, kind: 'visitor-copy', requestId: id, at: createdAt });
  }
  if (guards.confirmation) {
    if (!request.email) throw new Error('a request to confirm needs an e-mail');
    const { key } = guards.confirmation;
    await lockKeys(store, trx, mailboxLock(key));
    // No link can reach a mailbox that refused our mail, so the request could never be confirmed.
    if (await refusedMail(trx, key)) return { status: 'mail-refused' };
    if (guards.confirmation.documents && request.propertyId !== undefined) {
      const linksAlive = new Date(Date.now() - documentLinkTtlDays * dayMs).toISOString();
      const requested = await trx
        .selectFrom('document_requests')
        .select('request_id')
        .where('email', '=', request.email.toLowerCase())
        .where('property_id', '=', request.propertyId)
        .where('created_at', '>=', linksAlive)
        .executeTakeFirst();
      if (requested) return { status: 'documents-already-requested' };
      // The same documents asked again while the first request waits for its link: that link will bring them.
      const waiting = await trx
        .selectFrom('request_confirmations')
        .innerJoin('requests', 'requests.id', 'request_confirmations.request_id')
        .select('requests.id')
        .where('request_confirmations.email_key', '=', key)
        .where('request_confirmations.status', '=', 'pending')
        .where('request_confirmations.expires_at', '>', createdAt)
        .where('requests.form', '=', request.form)
        .where('requests.property_id', '=', request.propertyId)
        .executeTakeFirst();
      if (waiting) return { status: 'documents-already-requested' };
    }
    const due = await confirmationDue(trx, key, createdAt, ['request-confirmation'], await mailCounted(trx, key, formMailKinds));
    if (due === 'covered') passed.withheld.add('request-confirm');
    else {
      passed.confirmationDue = due;
      await recordSend(trx, { key, kind: 'request-confirmation', requestId: id, at: due });
    }
  }
  const { alert } = guards;
  if (alert?.kind === 'follow') {
    if (!request.email || request.propertyId === undefined) throw new Error('following a listing needs an e-mail and a listing');
    const email = request.email.toLowerCase();
    await lockKeys(store, trx, `follow:${email}:${request.propertyId}`, mailboxLock(alert.key));
    const following = await trx
      .selectFrom('alert_subscriptions')
      .select('id')
      .where('kind', '=', 'follow')
      .where('email', '=', email)
      .where('property_id', '=', request.propertyId)
      .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('created_at', '>', alert.since)]))
      .executeTakeFirst();
    if (following) return { status: 'alert-unchanged' };
  }
  if (alert) {
    await lockKeys(store, trx, mailboxLock(alert.key));
    if (await refusedMail(trx, alert.key)) return { status: 'alert-unchanged' };
    const due = await confirmationDue(trx, alert.key, createdAt, ['confirmation'], await mailCounted(trx, alert.key, ['confirmation']));
    if (due === 'covered') passed.withheld.add('alert-confirm');
    else {
      passed.confirmationDue = due;
      await recordSend(trx, { key: alert.key, kind: 'confirmation', requestId: id, at: due });
    }
  }
  return passed;
}

/** One statement on the primary key: the database lets one of two parallel requests write it. */
export async function documentRequestWritten(trx: Transaction<Database>, row: { email: string; propertyId: number; id: string; createdAt: string; linksAlive: string }): Promise<boolean> {
  const result = await trx
    .insertInto('document_requests')
    .values({ email: row.email, property_id: row.propertyId, request_id: row.id, created_at: row.createdAt })
    // Once the links mailed for the earlier request have expired, the visitor may ask again.
    .onConflict((conflict) => conflict.columns(['email', 'property_id']).doUpdateSet({ request_id: row.id, created_at: row.createdAt }).where('document_requests.created_at', '<', row.linksAlive))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** One lock per mailbox for every mail rule of it, so that parallel posts cannot both pass one. */
export const mailboxLock = (key: string) => `mailbox:${key}`;

type MailSendKind = 'visitor-copy' | 'documents' | 'confirmation' | 'friend' | 'newsletter' | 'request-confirmation';

/**
 * The mails the nine forms send a visitor's mailbox for a request: a copy (a post with JavaScript)
 * or the link that confirms a post without. One of either a day per mailbox.
 */
const formMailKinds: readonly MailSendKind[] = ['visitor-copy', 'request-confirmation'];

/** Every mail a form may send a visitor's or a friend's mailbox. */
const everyFormMailKind: readonly MailSendKind[] = ['visitor-copy', 'request-confirmation', 'confirmation', 'newsletter', 'documents', 'friend'];

/**
 * The mails that count against a mailbox's day: for a mailbox that used one of our links (its
 * owner's), those of its own kind; for any other, which may be a stranger's, every form's mail, so
 * that all the forms together send it at most one a day.
 */
async function mailCounted(trx: Transaction<Database>, key: string, own: readonly MailSendKind[]): Promise<readonly MailSendKind[]> {
  return (await mailboxConfirmed(trx, key)) ? own : everyFormMailKind;
}

async function refusedMail(trx: Transaction<Database>, key: string): Promise<boolean> {
  return (await trx.selectFrom('mail_refusals').select('address_key').where('address_key', '=', key).executeTakeFirst()) !== undefined;
}

async function sentSince(trx: Transaction<Database>, key: string, kind: MailSendKind | readonly MailSendKind[], since: string): Promise<boolean> {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  return (await trx.selectFrom('mail_sends').select('id').where('address_key', '=', key).where('kind', 'in', kinds).where('sent_at', '>', since).executeTakeFirst()) !== undefined;
}

export async function recordSend(trx: Transaction<Database>, send: { key: string; kind: MailSendKind; requestId: string; at: string; sender?: string }): Promise<void> {
  await trx
    .insertInto('mail_sends')
    .values({ id: randomUUID(), address_key: send.key, kind: send.kind, sender: send.sender ?? null, request_id: send.requestId, sent_at: send.at })
    .execute();
}

/**
 * When a new confirmation link may be mailed: now when the mailbox had no mail of the `counted`
 * kinds within a day; a day after the last one otherwise; or 'covered' when a link of its own kind
 * (`own`) is already waiting for its time, since that link confirms every request of the mailbox
 * of its kind that waits.
 */
async function confirmationDue(trx: Transaction<Database>, key: string, now: string, own: readonly MailSendKind[], counted: readonly MailSendKind[]): Promise<string | 'covered'> {
  const ownLast = await lastSend(trx, key, own);
  if (ownLast !== undefined && ownLast > now) return 'covered';
  const at = await lastSend(trx, key, counted);
  if (at === undefined) return now;
  const reopens = new Date(new Date(at).getTime() + dayMs).toISOString();
  return reopens > now ? reopens : now;
}

async function lastSend(trx: Transaction<Database>, key: string, kinds: readonly MailSendKind[]): Promise<string | undefined> {
  const last = await trx
    .selectFrom('mail_sends')
    .select((eb) => eb.fn.max('sent_at').as('at'))
    .where('address_key', '=', key)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return typeof last?.at === 'string' ? last.at : undefined;
}

export type StoredRequest = RequestRow & { uploads: UploadRow[] };

const storedAnswers = z.record(z.string(), z.unknown());

/** The answers a request was stored with (its `payload` column, a JSON object the site wrote), by field name. */
export function requestAnswers(request: Pick<RequestRow, 'payload'>): Record<string, unknown> {
  return storedAnswers.parse(JSON.parse(request.payload));
}

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
    // A search alert or a follow waits for its address as a sign-up does, and so does a post without JavaScript.
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('alert_subscriptions').select('id').whereRef('alert_subscriptions.request_id', '=', 'requests.id').where('alert_subscriptions.status', '=', 'pending'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('request_confirmations').select('request_id').whereRef('request_confirmations.request_id', '=', 'requests.id').where('request_confirmations.status', '=', 'pending')),
      ),
    )
    .orderBy('created_at', 'asc');
  if (options.since) query = query.where('created_at', '>=', options.since);
  if (options.form) query = query.where('form', '=', options.form);
  return query.execute();
}

async function bookingsOfEmail(db: Kysely<Database>, slotId: number, email: string): Promise<number> {
  return countOf(
    db
      .selectFrom('bookings')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('bookings.slot_id', '=', slotId)
      .where('bookings.status', '=', 'confirmed')
      .where('requests.email', '=', email.toLowerCase())
      .executeTakeFirst(),
  );
}

/** The places of a slot one e-mail address holds. */
export async function countSlotBookingsOf(store: Store, slotId: number, email: string): Promise<number> {
  return bookingsOfEmail(store.db, slotId, email);
}

/**
 * The site's confirmed bookings of these slots; with `crmSince`, only those the CRM had not been
 * told of by then (their crm-lead job delivered later, or not yet), the others being in the
 * CRM's own count read at that time.
 */
function siteBookings(db: Kysely<Database> | Transaction<Database>, slotIds: readonly number[], crmSince?: string) {
  const query = db.selectFrom('bookings').where('slot_id', 'in', slotIds).where('status', '=', 'confirmed');
  if (crmSince === undefined) return query;
  return query.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('outbox')
          .select('outbox.id')
          .whereRef('outbox.request_id', '=', 'bookings.request_id')
          .where('outbox.kind', '=', 'crm-lead')
          .where('outbox.status', '=', 'delivered')
          .where('outbox.delivered_at', '<=', crmSince),
      ),
    ),
  );
}

/** Bookings made through the site, per slot (see {@link siteBookings} for `crmSince`). */
export async function countBookings(store: Store, slotIds: readonly number[], crmSince?: string): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await siteBookings(store.db, slotIds, crmSince)
    .select(['slot_id', (eb) => eb.fn.countAll<number>().as('count')])
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
