import type { SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import { issuePasswordToken, issueSearcherToken } from '../auth/owner-auth';
import { getDefaultLanguage, getEnabledLanguages } from '../config';
import {
  claimDueJobs,
  confirmationOfRequest,
  pendingConfirmationsOf,
  recordConfirmationMailed,
  mailNotSentSchema,
  eventsOfJob,
  getRequest,
  getSubscription,
  hasJob,
  deleteSubscription,
  subscriptionOfRequest,
  pendingSubscriptionsOf,
  recordLinkMailed,
  getStore,
  hasUnreachableJobs,
  makeUnreachableJobsDue,
  markDelivered,
  markFailed,
  markRefused,
  postponeDueJobs,
  noticesOfJob,
  releaseJobs,
  type CrmUnsubscribePayload,
  type MailNotSent,
  type OutboxKind,
  type OutboxRow,
  type Store,
  type StoredRequest,
} from '../db';
import { readUpload } from '../forms/uploads';
import { alertConfirmMail, alertMail, searcherResetMail, searcherSetupMail } from './alert-mail';
import { catalogueRefusalMail } from './catalogue-mail';
import { agencyMail, friendMail, newsletterConfirmMail, ownerInviteMail, ownerResetMail, requestConfirmMail, visitorMail, type Mail } from './compose';
import { webhookPayload } from './webhook-payload';
import { jobMessageId, mailFrom, mailTransport, smtpSendDeadlineMs, smtpTimeouts } from './transport';
import { postWebhook } from './webhook';
import { leadSinkFromEnv } from '../catalogue/crm/omnicasa-leads';
import { crmProfilePassword, siteLead } from './crm-lead';
import { crmLeadsConfigured, webhookConfigured } from '../outbox/channels';
import { offerImmediateDelivery, type ImmediateDelivery } from '../outbox/deliver-soon';

/*
 * The outbox: deliveries are rows written with their request (or with their own payload),
 * claimed with a lease, sent, then marked delivered. A failure is retried with exponential
 * backoff; nothing is ever dropped, so a request the server accepted reaches the agency once SMTP
 * (or the CRM) is back. While mail waits for a server that could not be reached, a probe asks the
 * server every OUTBOX_PROBE_MS whether it answers again, so the mail goes out then, not at the end
 * of an hour's backoff.
 */

const retryBaseMs = () => Number(process.env.OUTBOX_RETRY_BASE_MS) || 30_000;
const retryMaxMs = () => Number(process.env.OUTBOX_RETRY_MAX_MS) || 60 * 60 * 1000;
const pollMs = () => Number(process.env.OUTBOX_POLL_MS) || 5_000;
const probeMs = () => Number(process.env.OUTBOX_PROBE_MS) || 30_000;

/**
 * A claimed job stays ours longer than its send can last (the send is aborted at its deadline,
 * transport.ts), so no other round claims and sends it again while the server is still answering.
 */
export function outboxLeaseMs(): number {
  // OUTBOX_LEASE_MARGIN_MS: for tests that stop an instance and wait for another to take over.
  return smtpSendDeadlineMs() + (Number(process.env.OUTBOX_LEASE_MARGIN_MS) || 60_000);
}

/*
 * The jobs this process has claimed and not yet marked, with their lease, and whether it is
 * stopping (then it claims nothing more). On globalThis: the instrumentation and the routes load
 * their own copies of this module.
 */
const claims = globalThis as typeof globalThis & { __outboxHeld?: Map<string, string>; __outboxStopping?: boolean; __outboxStop?: AbortController };
const held = () => (claims.__outboxHeld ??= new Map());
/** Aborts the sends still hanging once their jobs are handed back, so that the process can end. */
const stopSignal = () => (claims.__outboxStop ??= new AbortController()).signal;

const mailKinds: readonly OutboxKind[] = [
  'agency-mail',
  'visitor-mail',
  'friend-mail',
  'owner-reset',
  'owner-invite',
  'newsletter-confirm',
  'alert-confirm',
  'alert-mail',
  'searcher-setup',
  'request-confirm',
  'catalogue-refusals',
];

export function retryDelay(attempts: number): number {
  return Math.min(retryMaxMs(), retryBaseMs() * 2 ** Math.max(0, attempts));
}

/** The kinds of job whose channel is configured; the others wait in the outbox untouched. */
function readyKinds(): OutboxKind[] {
  const kinds: OutboxKind[] = [];
  if (mailTransport()) kinds.push(...mailKinds);
  if (webhookConfigured()) kinds.push('webhook');
  if (crmLeadsConfigured()) kinds.push('crm-lead', 'crm-unsubscribe');
  return kinds;
}

/** Every attempt of a job is the same message: one Message-ID, and a deadline the lease outlasts. */
async function sendMail(job: OutboxRow, mail: Mail, headers: Record<string, string> = {}): Promise<void> {
  const transport = mailTransport();
  if (!transport) throw new Error('SMTP_URL is not set');
  // nodemailer 10 aborts a send on this signal (closing its connection); @types/nodemailer 8 predates the option.
  const options: SendMailOptions & { signal: AbortSignal } = {
    from: mailFrom(),
    ...mail,
    messageId: jobMessageId(job.id),
    headers: { ...headers, 'X-Outbox-Job': job.id },
    signal: AbortSignal.any([AbortSignal.timeout(smtpSendDeadlineMs()), stopSignal()]),
  };
  await transport.sendMail(options);
}

const ownerResetPayload = z.object({ email: z.string(), language: z.string() });

/**
 * Forgot-password: whether the address is an owner's is decided here, after the form has
 * answered, so that the answer tells nothing. An invitation: the owner staff invited, unless
 * revoked since. The token is made now, so the database only ever holds its hash, and the link is
 * valid for its full time from when it is sent.
 */
async function ownerLinkJobMail(job: OutboxRow, purpose: 'reset' | 'invite'): Promise<Mail | undefined> {
  const payload = ownerResetPayload.parse(JSON.parse(job.payload ?? 'null'));
  const issued = await issuePasswordToken(payload.email, purpose);
  const enabled = getEnabledLanguages();
  if (!issued) {
    // No owner: the address may be a searcher's (lib/alerts), who resets the same way.
    const searcher = purpose === 'reset' ? await issueSearcherToken(payload.email, 'reset') : undefined;
    const language = enabled.find((candidate) => candidate === payload.language) ?? getDefaultLanguage();
    return searcher ? searcherResetMail(searcher.email, searcher.token, language) : undefined;
  }
  const language = enabled.find((candidate) => candidate === issued.owner.Language) ?? enabled.find((candidate) => candidate === payload.language) ?? getDefaultLanguage();
  return (purpose === 'invite' ? ownerInviteMail : ownerResetMail)(issued.owner, issued.token, language);
}

const alertMailPayload = z.object({ subscriptionId: z.string() });

/**
 * An alert: its subscription as it is now (unsubscribed since the job was queued: nothing is sent)
 * and the events the job was given.
 */
async function sendAlertMail(job: OutboxRow, store: Store): Promise<void> {
  const { subscriptionId } = alertMailPayload.parse(JSON.parse(job.payload ?? 'null'));
  const subscription = await getSubscription(store, subscriptionId);
  if (!subscription || subscription.status !== 'active') return;
  if (subscription.kind === 'search' && (await profileEndedInCrm(store, subscription))) {
    // Unsubscribed in the CRM itself (an agent, Omnicasa's own page): the site's alert ends too.
    await deleteSubscription(store, subscription.id, undefined, new Date(), { crmKnows: true });
    console.log(`[alerts] search ${subscription.id} ended: its profile is unsubscribed in the CRM`);
    return;
  }
  const alert = alertMail(subscription, await eventsOfJob(store, job.id));
  if (alert) await sendMail(job, alert.mail, alert.headers);
}

/**
 * A searcher's first password: the link goes to the address of the subscription the job names,
 * while that subscription is confirmed and the address still has no account.
 */
async function sendSearcherSetup(job: OutboxRow, store: Store): Promise<void> {
  const { subscriptionId } = alertMailPayload.parse(JSON.parse(job.payload ?? 'null'));
  const subscription = await getSubscription(store, subscriptionId);
  if (!subscription || subscription.status === 'pending') return;
  const issued = await issueSearcherToken(subscription.email, 'first');
  if (issued) await sendMail(job, searcherSetupMail(subscription, issued.token));
}

const agencyNotePayload = z.object({ notSent: mailNotSentSchema });

/** Which mail to the visitor the store withheld, as its agency-mail job was given it. */
function agencyNote(job: OutboxRow): MailNotSent | undefined {
  const parsed = agencyNotePayload.safeParse(JSON.parse(job.payload ?? 'null'));
  return parsed.success ? parsed.data.notSent : undefined;
}

/** The request's files as attachments, read through the upload store, never by a path of this machine. */
const uploadAttachments = (request: StoredRequest) => Promise.all(request.uploads.map(async (upload) => ({ filename: upload.file_name, content: await readUpload(upload), contentType: upload.mime })));

async function send(job: OutboxRow, store: Store): Promise<void> {
  if (job.kind === 'owner-reset' || job.kind === 'owner-invite') {
    const mail = await ownerLinkJobMail(job, job.kind === 'owner-invite' ? 'invite' : 'reset');
    if (mail) await sendMail(job, mail); // no mail for an address that is no owner's (or revoked): the job is done
    return;
  }
  if (job.kind === 'alert-mail') return sendAlertMail(job, store);
  if (job.kind === 'searcher-setup') return sendSearcherSetup(job, store);
  if (job.kind === 'crm-unsubscribe') return sendProfileUnsubscribe(job, store);
  if (job.kind === 'catalogue-refusals') {
    // The problems as they are now: those corrected since the pull queued the job are not told.
    const mail = catalogueRefusalMail(await noticesOfJob(store, job.id));
    if (mail) await sendMail(job, mail);
    return;
  }
  if (job.kind === 'alert-confirm') {
    // One link a day per mailbox confirms all its subscriptions that wait: this job sends the link
    // of its own subscription, or of another still waiting when its own was confirmed or deleted
    // since; nothing when none waits.
    const own = job.request_id ? await subscriptionOfRequest(store, job.request_id) : undefined;
    const waiting = own?.email_key ? await pendingSubscriptionsOf(store, own.email_key) : own?.status === 'pending' ? [own] : [];
    const subscription = waiting.find((candidate) => candidate.id === own?.id) ?? waiting[0];
    if (!subscription) return;
    // The link confirms what this mail counts, and nothing posted after it. Recorded before the
    // send: the mail may be read, and its link used, before the server's answer reaches us.
    await recordLinkMailed(store, subscription.id, waiting);
    await sendMail(job, alertConfirmMail(subscription, waiting.length - 1), { 'X-Request-Id': subscription.request_id });
    return;
  }
  if (job.kind === 'request-confirm') return sendRequestConfirmation(job, store);
  const request = job.request_id ? await getRequest(store, job.request_id) : undefined;
  if (!request) throw new Error(`request ${job.request_id} is missing`);
  if (job.kind === 'webhook') return postWebhook(webhookPayload(request), job.id);
  if (job.kind === 'crm-lead') return sendLead(request, store);
  const mail: Mail | undefined =
    job.kind === 'agency-mail'
      ? agencyMail(request, await uploadAttachments(request), agencyNote(job))
      : job.kind === 'visitor-mail'
        ? visitorMail(request)
        : job.kind === 'newsletter-confirm'
          ? newsletterConfirmMail(request)
          : friendMail(request);
  if (!mail) return; // nothing to send (no address): the job is done
  await sendMail(job, mail, { 'X-Request-Id': request.id });
}

/**
 * The link of a request posted without JavaScript, one mail a day per mailbox as an alert's: this
 * job sends its own request's link, or that of another of the mailbox still waiting when its own
 * was confirmed since; nothing when none waits (confirmed, or expired and deleted).
 */
async function sendRequestConfirmation(job: OutboxRow, store: Store): Promise<void> {
  const own = job.request_id ? await confirmationOfRequest(store, job.request_id) : undefined;
  if (!own) return;
  const waiting = await pendingConfirmationsOf(store, own.email_key);
  const chosen = waiting.find((candidate) => candidate.request_id === own.request_id) ?? waiting[0];
  const request = chosen ? await getRequest(store, chosen.request_id) : undefined;
  if (!chosen || !request) return;
  const mail = requestConfirmMail(request, waiting.length - 1);
  if (!mail) return;
  await sendMail(job, mail, { 'X-Request-Id': request.id });
  // The link confirms what this mail counted, and nothing posted after it.
  await recordConfirmationMailed(store, chosen.request_id, waiting);
}

/** The receiver answered no to the job itself. */
class JobRefused extends Error {}

/**
 * The CRM's "no" carries no code that tells a rejected field from a passing fault (its one known
 * code is 600 for anything), so a refusal is asked again at the usual backoff, and only a third
 * "no" to the same call ends the job.
 */
const refusalsBeforeGivingUp = 3;

/**
 * One call to the CRM. Its answer is only true or false and the API takes no idempotency key, so a
 * lost answer is retried like any failure (the request id in the CRM's text tells staff a
 * duplicate); a job is marked delivered only after the CRM said yes.
 */
async function sendLead(request: StoredRequest, store: Store): Promise<void> {
  const sink = leadSinkFromEnv();
  if (!sink) throw new Error('the CRM is no longer configured');
  const subscription = request.form === 'demand-register' ? await subscriptionOfRequest(store, request.id) : undefined;
  // A search alert unsubscribed before its job ran is no search profile of anyone's any more.
  if (subscription && subscription.status !== 'active') return;
  const outcome = await sink.send(siteLead(request, subscription?.kind === 'search' ? subscription.criteria : undefined));
  if (outcome.status === 'refused') throw new JobRefused(outcome.reason);
  if (outcome.status === 'retry') throw new CrmUnavailable(outcome.reason);
}

/**
 * Whether the search's profile in the CRM (registered from the site, its crm-lead delivered) is
 * unsubscribed there. Asked before each of its alert mails, 3 s at most: a CRM that cannot tell
 * leaves the alert going.
 */
async function profileEndedInCrm(store: Store, subscription: { request_id: string; email: string }): Promise<boolean> {
  const sink = leadSinkFromEnv();
  if (!sink || !(await hasJob(store, subscription.request_id, 'crm-lead', 'delivered'))) return false;
  return (await sink.profileUnsubscribed({ requestId: subscription.request_id, email: subscription.email, password: crmProfilePassword(subscription.email) })) === true;
}

const unsubscribePayload: z.ZodType<CrmUnsubscribePayload> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('site'), requestId: z.string(), email: z.string(), requestKept: z.boolean().optional() }),
  z.object({ kind: z.literal('link'), personIdCrypt: z.string(), demandIdCrypt: z.string() }),
]);

/**
 * A search profile unsubscribed in the CRM. Asking twice is harmless (an unsubscribed profile
 * stays so), so a lost answer is retried like a lead. A site's alert whose registration is still
 * on its way waits for it: unsubscribing first would find no profile, and the registration would make one.
 */
async function sendProfileUnsubscribe(job: OutboxRow, store: Store): Promise<void> {
  const sink = leadSinkFromEnv();
  if (!sink) throw new Error('the CRM is no longer configured');
  const payload = unsubscribePayload.parse(JSON.parse(job.payload ?? 'null'));
  if (payload.kind === 'site' && (await hasJob(store, payload.requestId, 'crm-lead', 'pending'))) throw new Error(`the search profile of request ${payload.requestId} is not in the CRM yet`);
  const outcome = await sink.unsubscribe(payload.kind === 'link' ? payload : { ...payload, password: crmProfilePassword(payload.email) });
  if (outcome.status === 'refused') throw new JobRefused(outcome.reason);
  if (outcome.status === 'retry') throw new CrmUnavailable(outcome.reason);
}

/** The CRM gave no answer (or refused the credentials): its other jobs would get none either. */
class CrmUnavailable extends Error {}

/**
 * The mail server could not be reached or did not greet us: an outage, which the probe watches.
 * Not a server that answered slowly or refused the message: those keep their backoff.
 */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? error.code : undefined;
  const timeoutType = 'timeoutType' in error ? error.timeoutType : undefined;
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS') return true;
  return code === 'ETIMEDOUT' && (timeoutType === 'CONNECT_TIMEOUT' || timeoutType === 'GREETING_TIMEOUT');
}

/** `clock`: the time a send ended, from which its backoff counts. */
async function deliver(store: Store, jobs: readonly OutboxRow[], clock: () => Date): Promise<number> {
  let delivered = 0;
  for (const job of jobs) {
    try {
      await send(job, store);
      await markDelivered(store, job.id, clock());
      delivered += 1;
      held().delete(job.id);
    } catch (error) {
      // Handed back while this send hung (the process is stopping): the job is another's now.
      if (!held().delete(job.id)) continue;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobRefused && job.attempts + 1 >= refusalsBeforeGivingUp) {
        await markRefused(store, job.id, message);
        console.warn(`[outbox] ${job.kind} for request ${job.request_id ?? job.id} refused, not tried again: ${message}`);
        continue;
      }
      const unreachable = job.kind !== 'webhook' && isUnreachable(error);
      const retryAt = new Date(clock().getTime() + retryDelay(job.attempts));
      await markFailed(store, job.id, message, retryAt, unreachable);
      // A CRM that hangs for an hour must not hold the mail's send places with each of its jobs.
      if (error instanceof CrmUnavailable) await postponeDueJobs(store, 'crm-lead', retryAt, clock());
      const subject = job.request_id ? `request ${job.request_id}` : `job ${job.id}`;
      console.warn(`[outbox] ${job.kind} for ${subject} failed (attempt ${job.attempts + 1}): ${message}`);
    }
  }
  return delivered;
}

/*
 * The sends this process has under way, at most OUTBOX_CONCURRENCY (2) at a time. A process killed
 * outright (kill -9, out of memory) cannot mark the job it was sending: the mail server may have
 * queued it, and once the lease ends another round sends it again. So the duplicates such a kill
 * can make are the sends in flight at that moment; without this bound every request's immediate
 * delivery sent at once (a burst of posts: dozens in flight, 1-2 of 124-244 mails twice per kill).
 * A job is claimed only once a place is free, so the waiting ones stay due for any instance.
 */
const sendPlaces = () => Math.max(1, Math.floor(Number(process.env.OUTBOX_CONCURRENCY)) || 2);
const places = globalThis as typeof globalThis & { __outboxPlaces?: { busy: number; waiting: (() => void)[] } };
const placeState = () => (places.__outboxPlaces ??= { busy: 0, waiting: [] });

async function takePlace(): Promise<void> {
  const state = placeState();
  if (state.busy < sendPlaces()) {
    state.busy += 1;
    return;
  }
  // The place is handed over by the send that frees it (busy stays counted).
  await new Promise<void>((resolve) => state.waiting.push(resolve));
}

function freePlace(): void {
  const state = placeState();
  const next = state.waiting.shift();
  if (next) next();
  else state.busy -= 1;
}

/**
 * Delivers what is due now (of one request or one job, when given); returns how many deliveries
 * succeeded. Jobs are claimed one at a time, each once a send place is free, so a lease starts
 * when its job's send starts and is not used up by the sends before it. `now` fixes the round's
 * clock (the tests step through backoffs with it instead of sleeping); without it, every claim
 * and failure reads the time anew.
 */
export async function deliverDueJobs(options: { requestId?: string; jobId?: string; now?: Date } = {}): Promise<number> {
  const kinds = readyKinds();
  if (kinds.length === 0) return 0;
  const { now } = options;
  const clock = () => now ?? new Date();
  const store = await getStore();
  let total = 0;
  for (;;) {
    await takePlace();
    try {
      if (claims.__outboxStopping) return total;
      const claimed = await claimDueJobs(store, { limit: 1, leaseMs: outboxLeaseMs(), now: clock(), requestId: options.requestId, jobId: options.jobId, kinds });
      if (claimed.length === 0) return total;
      for (const job of claimed) if (job.locked_until) held().set(job.id, job.locked_until);
      // A failed job is not due again before its backoff, so this ends.
      total += await deliver(store, claimed, clock);
    } finally {
      freePlace();
    }
  }
}

/** Right after a job is queued on its own (forgot-password): try it at once. */
export async function deliverJob(jobId: string): Promise<void> {
  try {
    await deliverDueJobs({ jobId });
  } catch (error) {
    console.error('[outbox] immediate delivery failed; the worker will retry', error);
  }
}

const probeState = globalThis as typeof globalThis & { __outboxLastProbe?: number };

/**
 * While mail waits because the server could not be reached, asks the server whether it answers
 * again (EHLO and, when configured, AUTH; nothing is sent), at most every OUTBOX_PROBE_MS. When it
 * does, the waiting mail is due now. Returns how many jobs were made due.
 */
async function probeMailServer(now = new Date()): Promise<number> {
  const transport = mailTransport();
  if (!transport) return 0;
  if (now.getTime() - (probeState.__outboxLastProbe ?? 0) < probeMs()) return 0;
  const store = await getStore();
  if (!(await hasUnreachableJobs(store, mailKinds, now))) return 0;
  probeState.__outboxLastProbe = now.getTime();
  // A server that accepts the connection and then says nothing must not hold up the round for
  // the long socket timeout: the probe wants a prompt answer, and an abandoned one sends nothing.
  const { connectionTimeout, greetingTimeout } = smtpTimeouts();
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    transport.verify().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), connectionTimeout + 2 * greetingTimeout))),
  ]);
  clearTimeout(timer);
  return answered ? makeUnreachableJobsDue(store, mailKinds, now) : 0;
}

/** One round of the worker: the probe, then what is due (`now`: as for {@link deliverDueJobs}). */
export async function runOutboxRound(now?: Date): Promise<number> {
  await probeMailServer(now);
  return deliverDueJobs({ now });
}

/** Right after a request is stored: try its deliveries at once. */
export async function deliverRequest(requestId: string): Promise<void> {
  try {
    await deliverDueJobs({ requestId });
  } catch (error) {
    console.error('[outbox] immediate delivery failed; the worker will retry', error);
  }
}

/** What this worker offers the features that queue a job (lib/outbox/deliver-soon). */
export const immediateDelivery: ImmediateDelivery = { job: deliverJob, request: deliverRequest };

const workerState = globalThis as typeof globalThis & { __outboxTimer?: NodeJS.Timeout };

/** Polls the outbox for the life of the server process, and delivers a job queued by a request at once. */
export function startOutboxWorker(): void {
  if (workerState.__outboxTimer) return;
  offerImmediateDelivery(immediateDelivery);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runOutboxRound();
    } catch (error) {
      console.error('[outbox] delivery round failed', error);
    } finally {
      running = false;
    }
  };
  workerState.__outboxTimer = setInterval(tick, pollMs());
  workerState.__outboxTimer.unref();
  void tick();
}

const stopGraceMs = 5_000;

/**
 * The process is stopping (a deploy): claim nothing more, give the sends under way a moment to
 * finish, then hand back the jobs still held, so that another instance sends them now and not
 * after the lease (over a minute). Returns how many were handed back. A send still under way after
 * the grace is most likely waiting for a server that does not answer; one waiting for the answer
 * to its end of DATA may be sent again, with the same Message-ID, which is what the lease would do.
 */
export async function releaseClaimedJobs(graceMs = stopGraceMs): Promise<number> {
  claims.__outboxStopping = true;
  clearInterval(workerState.__outboxTimer);
  const end = Date.now() + graceMs;
  while (held().size > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  if (held().size === 0) return 0;
  const released = await releaseJobs(
    await getStore(),
    [...held()].map(([id, lease]) => ({ id, lease })),
  );
  held().clear();
  // Next.js waits for the deliveries begun after a request (after()) before it exits.
  claims.__outboxStop ??= new AbortController();
  claims.__outboxStop.abort();
  return released;
}

/**
 * On SIGTERM or SIGINT, hands back the claimed jobs before Next.js closes the server and exits:
 * its own handlers (registered before ours) run once ours is done.
 */
export function releaseClaimsOnStop(): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    // A second signal (Ctrl+C reaches both npm start and the server) changes nothing.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void releaseClaimedJobs()
        .then((released) => {
          if (released > 0) console.log(`[outbox] ${released} claimed job(s) handed back before stopping`);
        })
        .catch((error: unknown) => console.error('[outbox] could not hand back the claimed jobs; they wait for their lease', error))
        .finally(() => {
          for (const listener of others) listener(signal);
        });
    });
  }
}
