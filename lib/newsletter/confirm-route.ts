import { after } from 'next/server';
import { getDefaultLanguage } from '../config';
import { confirmNewsletterSignup, getStore, type OutboxKind } from '../db';
import { linkPostFailure, postedLanguage } from '../forms/link-post';
import { readCapped } from '../forms/read-body';
import { href } from '../pages';
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


export async function confirmNewsletterRequest(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) {
    await request.body?.cancel();
    return linkPostFailure(getDefaultLanguage(), 403, 'forbidden');
  }
  const bytes = await readCapped(request, maxBody);
  if (!bytes) return linkPostFailure(getDefaultLanguage(), 413, 'tooLarge');
  const fields = new URLSearchParams(new TextDecoder().decode(bytes));
  const language = postedLanguage(fields.get('lang'));
  const token = fields.get('token');
  if (isTokenShaped(token)) {
    try {
      const jobs: OutboxKind[] = ['agency-mail'];
      if (webhookConfigured()) jobs.push('webhook');
      const result = await confirmNewsletterSignup(await getStore(), tokenDigest(token), jobs);
      if (result.status === 'confirmed') after(() => deliverRequest(result.requestId));
    } catch (error) {
      console.error('[newsletter] confirming a sign-up failed', error);
      return linkPostFailure(language, 500, 'apiError');
    }
  }
  // The page reads the outcome from the database: confirmed, expired, or a link it does not know.
  const location = href({ page: 'newsletter-confirm', token: isTokenShaped(token) ? token : undefined }, language);
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
