import { createHmac, randomUUID } from 'node:crypto';
import { after } from 'next/server';
import type { z } from 'zod';
import { getAppointmentSlots, getProject, getProperty } from '../catalogue';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import {
  consumeCaptcha,
  countBookings,
  countSlotBookingsOf,
  getStore,
  mailboxStanding,
  storeRequest,
  type NewUpload,
  type OutboxKind,
  type SlotBooking,
  type Store,
  type StoreGuards,
  type StoreResult,
} from '../db';
import { href } from '../pages';
import { detectLanguage } from '../i18n/detect';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { addressKey } from '../security/address-key';
import { deliverSoon } from '../outbox/deliver-soon';
import { agendaOf } from '../catalogue/crm/omnicasa-leads';
import { formatDate } from '../format';
import { crmLeadsConfigured, requestChannels } from '../outbox/channels';
import { newsletterConfirmation } from '../newsletter/token';
import { newAlertSubscription } from '../alerts/subscribe';
import { allowedOrigins, allowedOtherOrigin, isSameOrigin, preflight, withCors } from '../security/origin';
import { clientAddress } from '../security/client-address';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { deriveKey } from '../security/secret';
import { missing, missingOptions } from '../security/missing-route';
import { checkAltcha } from './altcha';
import { captchaCookie, checkCaptcha } from './captcha';
import { confirmsByMail, type FormDefinition } from '../form-kinds/definitions';
import { altchaField, honeypotField } from './field-names';
import { captchaAnswer } from '../form-kinds/fields';
import { readBody, type BodyFields, type ParsedBody } from '../security/read-body';
import { errorPage } from '../posts/error-page';
import { PlainPost } from './plain-post';
import { requestConfirmation } from './request-link';
import { formKinds, isFormName, type FormName } from '../form-kinds/table';
import { checkUpload, discardUploads, saveUpload } from './uploads';
import { brusselsNow } from './slots';

/*
 * The one path every request takes (design.md §7): same-origin check, rate limit, size limit and
 * parse, honeypot, the form's zod schema, upload, what the request is about, captcha, the form's
 * transforms, then one transaction with its guards and delivery jobs. Every form takes every step;
 * what differs between forms is read from its definition (definitions.ts). Plain HTML posts get a
 * 303 to the thank-you page, or back to the form's page with their values and errors
 * (lib/forms/plain-post.ts); JSON callers get JSON.
 */

type FieldErrors = Record<string, { code: string; message: string }>;
/** A request's checked values, as they go into the database. */
type Payload = Record<string, unknown>;
type FormResponse = { ok: true; id: string; redirect: string } | { ok: false; error: string; message: string; fieldErrors?: FieldErrors };

/** The window of the per-address mail rules and of the send-to-friend limits. */
const dayMs = 24 * 60 * 60 * 1000;

const windowMs = 10 * 60 * 1000;
let limiter: RateLimiter | undefined;
function rateLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ name: 'forms', limit: Number(process.env.FORM_RATE_LIMIT) || 10, windowMs });
  return limiter;
}
/** For tests: start the counters again. */
export function resetRateLimiter(): void {
  limiter = undefined;
}

function pickLanguage(value: unknown): Language {
  const enabled = getEnabledLanguages();
  return enabled.find((language) => language === value) ?? getDefaultLanguage();
}

function languageFromReferer(request: Request): Language | undefined {
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    const first = new URL(referer).pathname.split('/')[1];
    return getEnabledLanguages().find((language) => language === first);
  } catch {
    return undefined;
  }
}

type Reply = { status: number; body: FormResponse; headers?: Record<string, string> };

function respond(reply: Reply, html: PlainPost | undefined, language: Language, backHref: string | undefined): Response {
  if (reply.body.ok) {
    if (html) return html.succeeded(reply.body.redirect, language, reply.headers);
    return Response.json(reply.body, { status: reply.status, headers: reply.headers });
  }
  // A post from another site gets no draft of ours: only the refusal.
  if (html && reply.body.error === 'forbidden') {
    return new Response(errorPage(language, reply.body, backHref), {
      status: reply.status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...reply.headers },
    });
  }
  if (html) return html.failed(reply.body, language, reply.headers);
  return Response.json(reply.body, { status: reply.status, headers: { 'cache-control': 'no-store', ...reply.headers } });
}

function failure(language: Language, status: number, error: string, fieldErrors?: FieldErrors): Reply {
  const t = translatorFor(language, 'forms');
  const message = isMessageKey(referenceMessages.forms.status, error) ? t(`status.${error}`) : t('status.apiError');
  return { status, body: { ok: false, error, message, fieldErrors } };
}

function fieldErrorsOf(language: Language, issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const t = translatorFor(language, 'forms');
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    const code = isMessageKey(referenceMessages.forms.errors, issue.message) ? issue.message : 'invalid';
    errors[field] = { code, message: t(`errors.${code}`) };
  }
  return errors;
}

function fieldError(language: Language, field: string, code: string): FieldErrors {
  const t = translatorFor(language, 'forms');
  return { [field]: { code, message: isMessageKey(referenceMessages.forms.errors, code) ? t(`errors.${code}`) : t('errors.invalid') } };
}

/** A viewing time is for one visitor (and whoever comes along): one place per e-mail address. */
const placesPerEmail = 1;

const alreadyBooked = (language: Language) => failure(language, 409, 'slotAlreadyBooked', fieldError(language, 'slotId', 'slotAlreadyBooked'));
const slotFull = (language: Language) => failure(language, 409, 'appointmentsFull', fieldError(language, 'slotId', 'appointmentsFull'));

/** What a guard of the store's transaction answers when it refused the request (nothing was written). */
const refusals: Record<Exclude<StoreResult['status'], 'stored' | 'newsletter-unchanged' | 'alert-unchanged'>, (language: Language) => Reply> = {
  'slot-full': slotFull,
  'slot-already-booked': alreadyBooked,
  'documents-already-requested': (language) => failure(language, 409, 'documentsAlreadyRequested'),
  'friend-limit': (language) => failure(language, 429, 'friendLimit'),
  // No link can reach a mailbox that refused our mail: the visitor must know, since nothing was kept.
  'mail-refused': (language) => failure(language, 422, 'validation', fieldError(language, 'email', 'mailRefused')),
};

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export async function handleFormRequest(form: FormName, request: Request): Promise<Response> {
  const contentType = request.headers.get('content-type') ?? '';
  // A script (JSON body, or a multipart upload asking for JSON) gets JSON; a plain form post gets pages.
  const plain = !contentType.toLowerCase().startsWith('application/json') && !(request.headers.get('accept') ?? '').includes('application/json');
  const html = plain ? new PlainPost(form, request) : undefined;
  const backHref = textOf(request.headers.get('referer') ?? undefined);
  // Until the body (and its lang field) is read: the page the form was on, else the browser's language.
  const context: Context = {
    form,
    definition: formKinds[form].definition,
    request,
    html,
    backHref,
    language:
      languageFromReferer(request) ??
      detectLanguage({ query: null, cookie: undefined, acceptLanguage: request.headers.get('accept-language'), enabled: getEnabledLanguages(), fallback: getDefaultLanguage() }),
  };
  try {
    const reply = await answerRequest(context);
    return respond(reply, html, context.language, backHref);
  } catch (error) {
    // The database could not be reached or written: nothing was stored, nothing will be sent, and
    // the visitor is told so, with the form still filled in.
    console.error(`[forms] ${form}: the request could not be handled`, error);
    const language = pickLanguage(html?.language() ?? languageFromReferer(request));
    return respond(failure(language, 500, 'apiError'), html, language, undefined);
  }
}

/** One request on its way through the pipeline; `language` is the post's own once its body is read. */
type Context = { form: FormName; definition: FormDefinition; request: Request; html?: PlainPost; backHref?: string; language: Language };

/** A step either hands on what it found or stops the request with its answer. */
type Step<T> = { ok: true; value: T } | { ok: false; reply: Reply };
const next = <T>(value: T): Step<T> => ({ ok: true, value });
const stop = (reply: Reply): Step<never> => ({ ok: false, reply });

/** What a request is about, once checked: the listing or project, and the viewing time it books. */
type Subject = { propertyId?: number; projectId?: number; booking?: SlotBooking };

/**
 * The same steps for every form; what differs between forms is read from its definition
 * (definitions.ts), never from its name.
 */
async function answerRequest(context: Context): Promise<Reply> {
  const { form, definition, request } = context;
  if (!isSameOrigin(request, allowedOrigins())) return failure(context.language, 403, 'forbidden');

  // The limit comes before the body is read, so a client over it costs no parsing at all.
  const limit = await rateLimiter().hit(`${form}:${clientAddress(request.headers)}`);
  if (!limit.allowed) {
    await request.body?.cancel();
    return { ...failure(context.language, 429, 'rateLimited'), headers: { 'retry-after': String(limit.retryAfterSeconds) } };
  }

  const parsed: ParsedBody = await readBody(request, { withFiles: definition.upload !== undefined });
  if (!parsed.ok) {
    if (parsed.reason === 'timeout') return failure(context.language, 408, 'bodyTimeout');
    const tooLarge = parsed.reason === 'too-large' || parsed.reason === 'too-many-fields';
    return failure(context.language, tooLarge ? 413 : 400, tooLarge ? 'tooLarge' : 'invalidRequest');
  }
  const { fields, files } = parsed;
  context.html?.remember(fields);
  const language = pickLanguage(fields.lang ?? context.language);
  context.language = language;

  /*
   * A post that passed only the no-JavaScript check (a picture or a spoken code, which a program
   * can read) waits for its address to confirm it by mail; a search alert does already. The
   * proof of work of a browser with JavaScript needs no such step.
   */
  const plainPost = confirmsByMail(definition) && textOf(fields[altchaField]) === undefined;
  // A plain post from an exported copy of the site (ALLOWED_ORIGINS) lands on that copy's page.
  const thankYouOf = (byMail: boolean, about: { listing?: number; project?: number; slot?: number } = {}) =>
    `${allowedOtherOrigin(request) ?? ''}${href({ page: 'thank-you', form, byMail: byMail || undefined, ...about }, language)}`;
  // A bot that filled the invisible field is told "thank you" and nothing is kept.
  if (textOf(fields[honeypotField])) return { status: 200, body: { ok: true, id: 'ignored', redirect: thankYouOf(plainPost) } };

  const checked = validate(context, fields);
  if (!checked.ok) return checked.reply;
  const values = checked.value;

  const upload = definition.upload ? await checkUpload(files[definition.upload.field], definition.upload) : { ok: true as const };
  if (!upload.ok) return failure(language, 422, 'validation', fieldError(language, definition.upload?.field ?? 'file', upload.error));

  const subject = checkSubject(context, values);
  if (!subject.ok) return subject.reply;
  const { propertyId, projectId } = subject.value;
  const agenda = subject.value.booking && propertyId !== undefined ? await agendaCheck(language, propertyId, subject.value.booking) : undefined;
  if (agenda && !agenda.ok) return agenda.reply;
  const booking = agenda?.value ?? subject.value.booking;

  const store = await getStore();
  if (booking) {
    // Tell a full slot before spending the captcha; the booking itself re-checks atomically.
    const taken = (await countBookings(store, [booking.slotId], booking.crmSince)).get(booking.slotId) ?? 0;
    if (taken + booking.bookedElsewhere >= booking.capacity) return slotFull(language);
    if ((await countSlotBookingsOf(store, booking.slotId, String(values.email))) >= booking.perEmail) return alreadyBooked(language);
  }

  if (definition.captcha && !(await captchaPassed(context, fields, store))) return failure(language, 422, 'validation', fieldError(language, 'captcha', 'captchaInvalid'));
  // The documents are mailed to a mailbox that is its owner's: one that never used a link of ours
  // (perhaps a stranger's, typed by someone else) first gets one, as after a plain post. A mailbox
  // that refused our mail gets neither, and the agency is told (storeRequest's documents guard).
  const byMail = plainPost || (definition.sendsDocuments === true && (await mailboxStanding(store, addressKey(textOf(values.email) ?? ''))) === 'unknown');
  // The thank-you page sums the request up from ids alone: the listing or project, the viewing time.
  const thankYou = thankYouOf(byMail, { listing: propertyId, project: projectId, slot: booking?.slotId });

  const requestId = randomUUID();
  const uploads: NewUpload[] = upload.upload ? [await saveUpload(upload.upload)] : [];
  const name = [textOf(values.firstName), textOf(values.lastName)].filter(Boolean).join(' ') || textOf(values.name);
  try {
    const stored = await storeRequest(
      store,
      {
        id: requestId,
        form,
        lang: language,
        propertyId,
        projectId,
        email: textOf(values.email)?.toLowerCase(),
        name,
        payload: values,
        source: textOf(fields.source)?.slice(0, 300) ?? context.backHref?.slice(0, 300),
        uploads,
        jobs: jobsOf(definition, byMail),
      },
      storeGuards(definition, values, booking, requestId, clientAddress(request.headers), byMail),
    );
    if (stored.status === 'newsletter-unchanged' || stored.status === 'alert-unchanged') {
      // Subscribed already, or sent a link within the day: nothing is sent, and the answer is the
      // same thanks as for a first sign-up, so that it tells nobody whether the address is known.
      return { status: 201, body: { ok: true, id: requestId, redirect: thankYou } };
    }
    if (stored.status !== 'stored') {
      await discardUploads(uploads);
      return refusals[stored.status](language);
    }
    after(() => deliverSoon({ requestId: stored.id }));
    return { status: 201, body: { ok: true, id: stored.id, redirect: thankYou } };
  } catch (error) {
    await discardUploads(uploads);
    console.error(`[forms] ${form}: storing the request failed`, error);
    return failure(language, 500, 'apiError');
  }
}

/** The form's zod schema, and the shape of the captcha answer where the form asks for one. */
function validate({ form, definition, language }: Context, fields: BodyFields): Step<Payload> {
  const result = formKinds[form].schema.safeParse(fields);
  // A browser with JavaScript sends the solved proof-of-work challenge; a plain post the picture's answer.
  const answerNeeded = definition.captcha && textOf(fields[altchaField]) === undefined;
  const answer = answerNeeded ? captchaAnswer.safeParse(fields.captcha) : undefined;
  if (result.success && (answer === undefined || answer.success)) return next(result.data);
  const errors = result.success ? {} : fieldErrorsOf(language, result.error.issues);
  if (answer && !answer.success) Object.assign(errors, fieldError(language, 'captcha', 'captchaInvalid'));
  return stop(failure(language, 422, 'validation', errors));
}

/** The request must be about something that exists and is still on offer; a chosen viewing time must be open. */
function checkSubject({ definition, language }: Context, values: Payload): Step<Subject> {
  const unavailable = stop(failure(language, 422, 'propertyUnavailable'));
  if (definition.about === 'project') {
    const projectId = Number(values.projectId);
    return getProject(projectId, language) ? next({ projectId }) : unavailable;
  }
  if (definition.about !== 'property') return next({});
  const propertyId = Number(values.propertyId);
  const property = getProperty(propertyId, language);
  if (!property || property.availability !== 'on-offer' || (definition.goal !== undefined && property.goal !== definition.goal)) return unavailable;
  if (!definition.booksSlot || values.slotId === undefined) return next({ propertyId });
  const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.ID === values.slotId);
  if (!slot || slot.Start <= brusselsNow()) return stop(failure(language, 422, 'validation', fieldError(language, 'slotId', 'slotUnavailable')));
  return next({ propertyId, booking: { slotId: slot.ID, capacity: slot.Capacity, bookedElsewhere: slot.Booked, perEmail: placesPerEmail } });
}

/**
 * With the site's requests going to the CRM, a chosen viewing time is checked in the CRM's agenda
 * as it is now, not only as the last pull saw it: one the agency filled meanwhile is told to the
 * visitor with the next free ones. The CRM's count of taken places then replaces the pulled one.
 * A CRM that does not answer in time leaves the pulled figures.
 */
async function agendaCheck(language: Language, propertyId: number, booking: SlotBooking): Promise<Step<SlotBooking>> {
  if (!crmLeadsConfigured()) return next(booking);
  const readAt = new Date().toISOString();
  const agenda = await agendaOf(propertyId);
  if (!agenda) return next(booking);
  const slot = agenda.find((candidate) => candidate.id === booking.slotId);
  if (slot && slot.booked < slot.capacity) return next({ ...booking, capacity: slot.capacity, bookedElsewhere: slot.booked, crmSince: readAt });
  const now = brusselsNow();
  const free = agenda
    .filter((candidate) => candidate.start > now && candidate.booked < candidate.capacity)
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, 3);
  if (free.length === 0) return stop(slotFull(language));
  const t = translatorFor(language, 'forms');
  const times = free.map((candidate) => `${formatDate(candidate.start.slice(0, 10))} ${candidate.start.slice(11, 16)}`).join(', ');
  return stop({
    status: 409,
    body: {
      ok: false,
      error: 'slotTakenInAgenda',
      message: t('status.slotTakenInAgenda', { times }),
      fieldErrors: { slotId: { code: 'slotTakenInAgenda', message: t('errors.slotTakenInAgenda', { times }) } },
    },
  });
}

/**
 * Every answer spends the token, so that a picture cannot be guessed at again and again; a solved
 * challenge is spent too, so that it cannot be replayed.
 */
async function captchaPassed({ form, request }: Context, fields: BodyFields, store: Store): Promise<boolean> {
  const altcha = textOf(fields[altchaField]);
  const check = altcha !== undefined ? await checkAltcha(altcha, form) : checkCaptcha(cookieValue(request, captchaCookie(form)), form, String(fields.captcha));
  const fresh = check.id !== undefined && (await consumeCaptcha(store, check.id));
  return check.ok && fresh;
}

/**
 * The deliveries of a stored request. A newsletter sign-up is at first only a link mailed to the
 * address: the agency and the CRM hear of it when the address confirms (lib/newsletter).
 */
function jobsOf(definition: FormDefinition, byMail: boolean): OutboxKind[] {
  // An alert's deliveries wait for its address too (lib/alerts/confirm-route).
  if (definition.alert) return ['alert-confirm'];
  const jobs: OutboxKind[] = definition.doubleOptIn ? ['newsletter-confirm'] : ['agency-mail'];
  // A request confirmed by mail gets no copy (the link's mail was one), only the documents it asked for.
  if (definition.visitorMail && (!byMail || definition.sendsDocuments)) jobs.push('visitor-mail');
  if (definition.friendMail) jobs.push('friend-mail');
  // A sign-up reaches the webhook and the CRM when it is confirmed (lib/posts/link-post).
  if (!definition.doubleOptIn) jobs.push(...requestChannels());
  return jobs;
}

/**
 * The checks the store makes inside its write transaction, so that parallel requests cannot both
 * pass them. Every rule about mail to an address counts its mailbox (addressKey), and
 * send-to-friend's sender is the client, not the address it typed.
 */
function storeGuards(definition: FormDefinition, values: Payload, booking: SlotBooking | undefined, requestId: string, client: string, byMail: boolean): StoreGuards {
  const { friendMail } = definition;
  const key = addressKey(textOf(values.email) ?? '');
  const since = new Date(Date.now() - dayMs).toISOString();
  const friendLimits = friendMail
    ? { recipientKey: addressKey(textOf(values.friendEmail) ?? ''), sender: senderKey(client), perSender: friendMail.perSenderPerDay, perRecipient: friendMail.perRecipientPerDay, since }
    : undefined;
  // The viewing time and the documents are taken when the address confirms (lib/db/request-confirmations).
  if (byMail) {
    return {
      friendLimits,
      confirmation: {
        key,
        ...requestConfirmation(requestId),
        slot: booking ? { slotId: booking.slotId, perEmail: booking.perEmail } : undefined,
        documents: definition.sendsDocuments ? { perDay: documentsPerMailboxPerDay } : undefined,
      },
    };
  }
  return {
    booking,
    documents: definition.sendsDocuments ? { key, since, perDay: documentsPerMailboxPerDay } : undefined,
    newsletter: definition.doubleOptIn ? { ...newsletterConfirmation(requestId), key } : undefined,
    alert: definition.alert ? { ...newAlertSubscription(definition.alert, values), key } : undefined,
    visitorCopy: definition.visitorMail && !definition.sendsDocuments && textOf(values.email) ? { key, since } : undefined,
    friendLimits,
  };
}

/** A visitor may ask for the documents of a few listings a day; more is someone filling a stranger's mailbox. */
const documentsPerMailboxPerDay = 3;

/** The sending client as send-to-friend stores it: a keyed hash, so that no client address is kept. */
const senderKey = (client: string) => createHmac('sha256', deriveKey('friend-sender')).update(client).digest('base64url');

/**
 * The route handlers of one form. OPTIONS and the CORS headers serve exported copies of the site
 * named in ALLOWED_ORIGINS.
 */
export function formRoute(form: FormName) {
  return {
    POST: async (request: Request) => withCors(request, await handleFormRequest(form, request)),
    OPTIONS: (request: Request) => preflight(request, 'POST'),
  };
}

/** Next.js's answer to a method a route does not export, which a form's route gave before it had GET. */
const methodNotAllowed = () => new Response(null, { status: 405 });

/**
 * The one route of every form (app/api/forms/[form]/route.ts), guarded by the form table: a name
 * it lacks answers as a missing path does (lib/security/missing-route.ts). GET and HEAD are here
 * only for those names, a form's own answering 405 as it did.
 */
export const formsRoute = {
  POST: (request: Request, name: string) => (isFormName(name) ? formRoute(name).POST(request) : missing()),
  OPTIONS: (request: Request, name: string) => (isFormName(name) ? formRoute(name).OPTIONS(request) : missingOptions()),
  GET: (name: string) => (isFormName(name) ? methodNotAllowed() : missing()),
};
