import { randomUUID } from 'node:crypto';
import { after } from 'next/server';
import type { z } from 'zod';
import { getAppointmentSlots, getProject, getProperty, goalOf, isOnOffer } from '../catalogue';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { consumeCaptcha, countBookings, countSlotBookingsOf, getStore, storeRequest, type NewUpload, type OutboxKind, type SlotBooking, type StoreGuards } from '../db';
import { href } from '../i18n';
import { detectLanguage } from '../i18n/detect';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { deliverRequest } from '../mail/outbox-worker';
import { webhookConfigured } from '../mail/webhook';
import { newsletterConfirmation } from '../newsletter/token';
import { allowedOrigins, allowedOtherOrigin, isSameOrigin, preflight, withCors } from '../security/origin';
import { hashPassword } from '../security/password';
import { clientAddress } from '../security/client-address';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { altchaField, checkAltcha } from './altcha';
import { captchaCookie, checkCaptcha } from './captcha';
import { formDefinitions } from './definitions';
import { readBody, type ParsedBody } from './read-body';
import { errorPage } from './error-page';
import { PlainPost } from './plain-post';
import { captchaAnswer, formSchemas, type FormName } from './schemas';
import { checkUpload, discardUploads, saveUpload } from './uploads';
import { brusselsNow } from './slots';

/*
 * The one path every request takes (design.md §7): same-origin check, size limit, parse, rate
 * limit, honeypot, the form's zod schema, captcha, business rules, then one transaction with its
 * delivery jobs. Plain HTML posts get a 303 to the thank-you page, or back to the form's page with
 * their values and errors (lib/forms/plain-post.ts); JSON callers get JSON.
 */

type FieldErrors = Record<string, { code: string; message: string }>;
export type FormResponse =
  | { ok: true; id: string; redirect: string }
  | { ok: false; error: string; message: string; fieldErrors?: FieldErrors };

/** The window of the send-to-friend limits. */
const dayMs = 24 * 60 * 60 * 1000;

/** The field bots fill in and people never see. */
const honeypotField = 'fax';

const windowMs = 10 * 60 * 1000;
let limiter: RateLimiter | undefined;
function rateLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ limit: Number(process.env.FORM_RATE_LIMIT) || 10, windowMs });
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
  try {
    return await answerRequest(form, request, html);
  } catch (error) {
    // The database could not be reached or written: nothing was stored, nothing will be sent, and
    // the visitor is told so, with the form still filled in.
    console.error(`[forms] ${form}: the request could not be handled`, error);
    const language = pickLanguage(html?.language() ?? languageFromReferer(request));
    return respond(failure(language, 500, 'apiError'), html, language, undefined);
  }
}

async function answerRequest(form: FormName, request: Request, html: PlainPost | undefined): Promise<Response> {
  const definition = formDefinitions[form];
  const backHref = textOf(request.headers.get('referer') ?? undefined);
  // Until the body (and its lang field) is read: the page the form was on, else the browser's language.
  let language =
    languageFromReferer(request) ??
    detectLanguage({ query: null, cookie: undefined, acceptLanguage: request.headers.get('accept-language'), enabled: getEnabledLanguages(), fallback: getDefaultLanguage() });

  if (!isSameOrigin(request, allowedOrigins())) return respond(failure(language, 403, 'forbidden'), html, language, backHref);

  // The limit comes before the body is read, so a client over it costs no parsing at all.
  const limit = rateLimiter().hit(`${form}:${clientAddress(request.headers)}`);
  if (!limit.allowed) {
    await request.body?.cancel();
    return respond({ ...failure(language, 429, 'rateLimited'), headers: { 'retry-after': String(limit.retryAfterSeconds) } }, html, language, backHref);
  }

  const parsed: ParsedBody = await readBody(request, { withFiles: definition.upload !== undefined });
  if (!parsed.ok) {
    const tooLarge = parsed.reason === 'too-large' || parsed.reason === 'too-many-fields';
    return respond(failure(language, tooLarge ? 413 : 400, tooLarge ? 'tooLarge' : 'invalidRequest'), html, language, backHref);
  }
  const { fields, files } = parsed;
  html?.remember(fields);
  language = pickLanguage(fields.lang ?? language);

  // A plain post from an exported copy of the site (ALLOWED_ORIGINS) lands on that copy's page.
  const thankYou = `${allowedOtherOrigin(request) ?? ''}${href({ page: 'thank-you', form: definition.thankYou }, language)}`;
  // A bot that filled the invisible field is told "thank you" and nothing is kept.
  if (textOf(fields[honeypotField])) return respond({ status: 200, body: { ok: true, id: 'ignored', redirect: thankYou } }, html, language, backHref);

  const result = formSchemas[form].safeParse(fields);
  // A browser with JavaScript sends the solved proof-of-work challenge; a plain post the picture's answer.
  const altcha = definition.captcha ? textOf(fields[altchaField]) : undefined;
  const captchaResult = definition.captcha && altcha === undefined ? captchaAnswer.safeParse(fields.captcha) : undefined;
  if (!result.success || (captchaResult && !captchaResult.success)) {
    const errors = result.success ? {} : fieldErrorsOf(language, result.error.issues);
    if (captchaResult && !captchaResult.success) Object.assign(errors, fieldError(language, 'captcha', 'captchaInvalid'));
    return respond(failure(language, 422, 'validation', errors), html, language, backHref);
  }
  const values = result.data as Record<string, unknown>;

  const upload = definition.upload ? await checkUpload(files[definition.upload.field], definition.upload) : { ok: true as const };
  if (!upload.ok) return respond(failure(language, 422, 'validation', fieldError(language, definition.upload?.field ?? 'file', upload.error)), html, language, backHref);

  // Business rules: the request must be about something that exists and is still on offer.
  let propertyId: number | undefined;
  let projectId: number | undefined;
  let booking: SlotBooking | undefined;
  if (definition.about === 'property') {
    propertyId = Number(values.propertyId);
    const property = getProperty(propertyId, language);
    const goalMismatch = property && ((form === 'purchase-offer' && goalOf(property) !== 'sale') || (form === 'rental-application' && goalOf(property) !== 'rent'));
    if (!property || !isOnOffer(property) || goalMismatch) return respond(failure(language, 422, 'propertyUnavailable'), html, language, backHref);
    if (form === 'contact-appointment' && values.slotId !== undefined) {
      const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.ID === values.slotId);
      if (!slot || slot.Start <= brusselsNow()) return respond(failure(language, 422, 'validation', fieldError(language, 'slotId', 'slotUnavailable')), html, language, backHref);
      booking = { slotId: slot.ID, capacity: slot.Capacity, bookedElsewhere: slot.Booked, perEmail: placesPerEmail };
    }
  } else if (definition.about === 'project') {
    projectId = Number(values.projectId);
    if (!getProject(projectId, language)) return respond(failure(language, 422, 'propertyUnavailable'), html, language, backHref);
  }

  const store = await getStore();
  if (booking) {
    // Tell a full slot before spending the captcha; the booking itself re-checks atomically.
    const taken = (await countBookings(store, [booking.slotId])).get(booking.slotId) ?? 0;
    if (taken + booking.bookedElsewhere >= booking.capacity) return respond(failure(language, 409, 'appointmentsFull', fieldError(language, 'slotId', 'appointmentsFull')), html, language, backHref);
    if ((await countSlotBookingsOf(store, booking.slotId, String(values.email))) >= booking.perEmail) return respond(alreadyBooked(language), html, language, backHref);
  }

  if (definition.captcha) {
    const check = altcha !== undefined ? await checkAltcha(altcha, form) : checkCaptcha(cookieValue(request, captchaCookie(form)), form, String(fields.captcha));
    // Every answer spends the token, so that a picture cannot be guessed at again and again;
    // a solved challenge is spent too, so that it cannot be replayed.
    const fresh = check.id !== undefined && (await consumeCaptcha(store, check.id));
    if (!check.ok || !fresh) {
      return respond(failure(language, 422, 'validation', fieldError(language, 'captcha', 'captchaInvalid')), html, language, backHref);
    }
  }

  const payload: Record<string, unknown> = { ...values };
  if (form === 'demand-register') {
    payload.passwordHash = await hashPassword(String(values.password));
    delete payload.password;
    delete payload.passwordConfirm;
  }
  // A newsletter sign-up is at first only a link mailed to the address: the agency and the CRM
  // hear of it when the address confirms (lib/newsletter).
  const jobs: OutboxKind[] = definition.doubleOptIn ? ['newsletter-confirm'] : ['agency-mail'];
  if (definition.visitorMail) jobs.push('visitor-mail');
  if (definition.friendMail) jobs.push('friend-mail');
  if (webhookConfigured() && !definition.doubleOptIn) jobs.push('webhook');
  const requestId = randomUUID();
  const guards: StoreGuards = {
    booking,
    documents: form === 'request-documents',
    newsletter: definition.doubleOptIn ? newsletterConfirmation(requestId) : undefined,
    friendLimits: definition.friendMail
      ? {
          recipient: textOf(values.friendEmail) ?? '',
          perSender: definition.friendMail.perSenderPerDay,
          perRecipient: definition.friendMail.perRecipientPerDay,
          since: new Date(Date.now() - dayMs).toISOString(),
        }
      : undefined,
  };

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
        payload,
        source: textOf(fields.source)?.slice(0, 300) ?? backHref?.slice(0, 300),
        uploads,
        jobs,
      },
      guards,
    );
    if (stored.status === 'slot-full') {
      await discardUploads(uploads);
      return respond(failure(language, 409, 'appointmentsFull', fieldError(language, 'slotId', 'appointmentsFull')), html, language, backHref);
    }
    if (stored.status === 'slot-already-booked') {
      await discardUploads(uploads);
      return respond(alreadyBooked(language), html, language, backHref);
    }
    if (stored.status === 'documents-already-requested') return respond(failure(language, 409, 'documentsAlreadyRequested'), html, language, backHref);
    if (stored.status === 'friend-limit') return respond(failure(language, 429, 'friendLimit'), html, language, backHref);
    if (stored.status === 'newsletter-unchanged') {
      // Subscribed already, or sent a link within the day: nothing is sent, and the answer is the
      // same thanks as for a first sign-up, so that it tells nobody whether the address is known.
      return respond({ status: 201, body: { ok: true, id: requestId, redirect: thankYou } }, html, language, backHref);
    }
    after(() => deliverRequest(stored.id));
    return respond({ status: 201, body: { ok: true, id: stored.id, redirect: thankYou } }, html, language, backHref);
  } catch (error) {
    await discardUploads(uploads);
    console.error(`[forms] ${form}: storing the request failed`, error);
    return respond(failure(language, 500, 'apiError'), html, language, backHref);
  }
}

/**
 * The route handlers of one form: `export const { POST, OPTIONS } = formRoute('contact-me')`.
 * OPTIONS and the CORS headers serve exported copies of the site named in ALLOWED_ORIGINS.
 */
export function formRoute(form: FormName) {
  return {
    POST: async (request: Request) => withCors(request, await handleFormRequest(form, request)),
    OPTIONS: (request: Request) => preflight(request, 'POST'),
  };
}
