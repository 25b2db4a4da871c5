import { after } from 'next/server';
import { getDefaultLanguage } from '../config';
import { alertLinkState, confirmAlertSubscription, deleteSubscription, getStore, getSubscription, type AlertLinkState, type OutboxKind } from '../db';
import { linkPostFailure, postedLanguage } from '../forms/link-post';
import { readCapped } from '../forms/read-body';
import { deliverRequest } from '../mail/outbox-worker';
import { webhookConfigured } from '../mail/webhook';
import { isTokenShaped, tokenDigest } from '../newsletter/token';
import { href } from '../pages';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { subscriptionOfUnsubscribeToken } from './token';

/*
 * The posts of the alert links' page (app/[lang]/alert-link): confirm, unsubscribe. Opening a
 * link only shows the page (mail scanners open every link); its button is a plain form post, with
 * or without JavaScript, answered by a 303 back to the page, which reads the outcome. A mail
 * program's one-click unsubscribe (RFC 8058) posts to the same endpoint, the token in the query.
 */

/** A token and a language code: anything longer is no such post. */
const maxBody = 1024;


const backTo = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

async function formFields(request: Request): Promise<URLSearchParams | undefined> {
  const bytes = await readCapped(request, maxBody);
  return bytes ? new URLSearchParams(new TextDecoder().decode(bytes)) : undefined;
}

export async function confirmAlertRequest(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) {
    await request.body?.cancel();
    return linkPostFailure(getDefaultLanguage(), 403, 'forbidden');
  }
  const fields = await formFields(request);
  if (!fields) return linkPostFailure(getDefaultLanguage(), 413, 'tooLarge');
  const language = postedLanguage(fields.get('lang'));
  const token = fields.get('token');
  if (isTokenShaped(token)) {
    try {
      const jobs: OutboxKind[] = ['agency-mail'];
      if (webhookConfigured()) jobs.push('webhook');
      const confirmed = await confirmAlertSubscription(await getStore(), tokenDigest(token), jobs);
      if (confirmed) after(() => deliverRequest(confirmed.requestId));
    } catch (error) {
      console.error('[alerts] confirming a subscription failed', error);
      return linkPostFailure(language, 500, 'apiError');
    }
  }
  return backTo(href({ page: 'alert-link', action: 'confirm', token: isTokenShaped(token) ? token : undefined }, language));
}

/**
 * Unsubscribes: the token is the subscription's signed id, so the post needs no session and may
 * come from a mail program (no same-origin check: the token is the only authority).
 */
export async function unsubscribeAlertRequest(request: Request): Promise<Response> {
  const queryToken = new URL(request.url).searchParams.get('token');
  const fields = await formFields(request);
  if (!fields) return linkPostFailure(getDefaultLanguage(), 413, 'tooLarge');
  const oneClick = fields.get('List-Unsubscribe') === 'One-Click';
  const token = queryToken ?? fields.get('token');
  const language = postedLanguage(fields.get('lang'));
  const id = subscriptionOfUnsubscribeToken(token);
  try {
    if (id) await deleteSubscription(await getStore(), id);
  } catch (error) {
    console.error('[alerts] unsubscribing failed', error);
    return linkPostFailure(language, 500, 'apiError');
  }
  if (oneClick) return new Response(null, { status: id ? 200 : 404, headers: { 'cache-control': 'no-store' } });
  return backTo(href({ page: 'alert-link', action: 'unsubscribe', token: id ? (token ?? undefined) : undefined }, language));
}

export type UnsubscribeState = 'subscribed' | 'unsubscribed' | 'unknown';

/** What the page shows for a link: reading only, never changing anything. */
export async function alertLinkStates(action: 'confirm' | 'unsubscribe' | undefined, token: string | undefined): Promise<AlertLinkState | UnsubscribeState> {
  const store = await getStore();
  if (action === 'unsubscribe') {
    const id = subscriptionOfUnsubscribeToken(token);
    if (!id) return 'unknown';
    return (await getSubscription(store, id)) ? 'subscribed' : 'unsubscribed';
  }
  return isTokenShaped(token) ? alertLinkState(store, tokenDigest(token)) : 'unknown';
}
