import { after } from 'next/server';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { confirmNewsletterSignup, getStore, type OutboxKind } from '../db';
import { errorPage } from '../forms/error-page';
import { readCapped } from '../forms/read-body';
import { href } from '../pages';
import { translatorFor } from '../i18n/messages';
import { deliverRequest } from '../mail/outbox-worker';
import { webhookConfigured } from '../mail/webhook';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { isTokenShaped, tokenDigest } from './token';

/*
 * POST /api/newsletter/confirm/: the button of the confirmation page. Opening the link only shows
 * that page (mail scanners open every link); this plain form post is what confirms, with or
 * without JavaScript. It answers with a 303 back to the page, which then says how it went.
 */

/** A token and a language code: anything longer is not a confirmation. */
const maxBody = 1024;

function languageOf(value: string | null): Language {
  return getEnabledLanguages().find((language) => language === value) ?? getDefaultLanguage();
}

function failure(language: Language, status: number, error: 'forbidden' | 'tooLarge' | 'apiError'): Response {
  const message = translatorFor(language, 'forms')(`status.${error}`);
  return new Response(errorPage(language, { ok: false, error, message }, undefined), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function confirmNewsletterRequest(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) {
    await request.body?.cancel();
    return failure(getDefaultLanguage(), 403, 'forbidden');
  }
  const bytes = await readCapped(request, maxBody);
  if (!bytes) return failure(getDefaultLanguage(), 413, 'tooLarge');
  const fields = new URLSearchParams(new TextDecoder().decode(bytes));
  const language = languageOf(fields.get('lang'));
  const token = fields.get('token');
  if (isTokenShaped(token)) {
    try {
      const jobs: OutboxKind[] = ['agency-mail'];
      if (webhookConfigured()) jobs.push('webhook');
      const result = await confirmNewsletterSignup(await getStore(), tokenDigest(token), jobs);
      if (result.status === 'confirmed') after(() => deliverRequest(result.requestId));
    } catch (error) {
      console.error('[newsletter] confirming a sign-up failed', error);
      return failure(language, 500, 'apiError');
    }
  }
  // The page reads the outcome from the database: confirmed, expired, or a link it does not know.
  const location = href({ page: 'newsletter-confirm', token: isTokenShaped(token) ? token : undefined }, language);
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
