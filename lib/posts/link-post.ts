import { after } from 'next/server';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import type { OutboxKind } from '../db';
import { translatorFor } from '../i18n/messages';
import { deliverSoon } from '../outbox/deliver-soon';
import { requestChannels } from '../outbox/channels';
import { isTokenShaped, tokenDigest } from '../security/link-token';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { errorPage } from './error-page';
import { bodyFailure, readCapped } from '../security/read-body';

/*
 * What the posts of a mailed link's page share (the newsletter's and the alerts' confirmations,
 * the alerts' unsubscribe). Opening a link only shows its page (mail scanners open every link);
 * the page's button is a plain form post, with or without JavaScript, answered by a 303 back to
 * the page, which then reads the outcome from the database.
 */

/** A token and a language code: anything longer is no such post. */
const maxBody = 1024;

export function postedLanguage(value: string | null | undefined): Language {
  return getEnabledLanguages().find((language) => language === value) ?? getDefaultLanguage();
}

export function linkPostFailure(language: Language, status: number, error: 'forbidden' | 'tooLarge' | 'bodyTimeout' | 'invalidRequest' | 'apiError'): Response {
  const message = translatorFor(language, 'forms')(`status.${error}`);
  return new Response(errorPage(language, { ok: false, error, message }, undefined), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The post's form fields, or the answer to a body that is no link's post: larger than one can be
 * (413), too slow to arrive (408, lib/security/read-body's deadline) or cut off by its client (400).
 * `language`: the refusal's, since the body that would say it was not read.
 */
export async function linkPostFields(request: Request, language: Language = getDefaultLanguage()): Promise<URLSearchParams | Response> {
  try {
    const bytes = await readCapped(request, maxBody);
    return bytes ? new URLSearchParams(new TextDecoder().decode(bytes)) : linkPostFailure(language, 413, 'tooLarge');
  } catch (error) {
    const failure = bodyFailure(error);
    if (failure === undefined) throw error;
    return failure === 'timeout' ? linkPostFailure(language, 408, 'bodyTimeout') : linkPostFailure(language, 400, 'invalidRequest');
  }
}

export const backToPage = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

type ConfirmLink = {
  /** For the log: what a failed confirmation was about. */
  what: string;
  /** Confirms by the token's SHA-256, queuing these deliveries; the request whose jobs it queued, if this call confirmed. */
  confirm: (tokenHash: string, jobs: readonly OutboxKind[]) => Promise<string | undefined>;
  /** The page of the link, for the token (undefined when it is no token at all). */
  page: (token: string | undefined, language: Language) => string;
};

/**
 * A button's post on a link's page: same origin only, its bounded fields read, and the link's
 * token and the page's language taken from them; or the refusal to answer.
 */
export async function readLinkButtonPost(request: Request): Promise<{ ok: true; language: Language; token: string | undefined } | { ok: false; response: Response }> {
  if (!isSameOrigin(request, allowedOrigins())) {
    await request.body?.cancel();
    return { ok: false, response: linkPostFailure(getDefaultLanguage(), 403, 'forbidden') };
  }
  const fields = await linkPostFields(request);
  if (fields instanceof Response) return { ok: false, response: fields };
  const token = fields.get('token');
  return { ok: true, language: postedLanguage(fields.get('lang')), token: isTokenShaped(token) ? token : undefined };
}

/**
 * The confirm button's post: same origin only; the agency's e-mail (and the webhook and the CRM when
 * configured) are queued by the confirmation itself and tried at once.
 */
export async function confirmLinkPost(request: Request, link: ConfirmLink): Promise<Response> {
  const post = await readLinkButtonPost(request);
  if (!post.ok) return post.response;
  const { language, token } = post;
  if (token !== undefined) {
    try {
      const jobs: OutboxKind[] = ['agency-mail', ...requestChannels()];
      const requestId = await link.confirm(tokenDigest(token), jobs);
      if (requestId) after(() => deliverSoon({ requestId }));
    } catch (error) {
      console.error(`[${link.what}] confirming failed`, error);
      return linkPostFailure(language, 500, 'apiError');
    }
  }
  return backToPage(link.page(token, language));
}
