import { getDefaultLanguage } from '../config';
import { alertLinkState, confirmAlertSubscription, deleteSubscription, getStore, getSubscription, type AlertLinkState } from '../db';
import { backToPage, confirmLinkPost, linkPostFailure, linkPostFields, postedLanguage } from '../forms/link-post';
import { isTokenShaped, tokenDigest } from '../newsletter/token';
import { href } from '../pages';
import { subscriptionOfUnsubscribeToken } from './token';

/*
 * The posts of the alert links' page (app/[lang]/alert-link): confirm and unsubscribe, as the
 * newsletter's (lib/forms/link-post). A mail program's one-click unsubscribe (RFC 8058) posts to
 * the unsubscribe endpoint too, the token in the query.
 */

export function confirmAlertRequest(request: Request): Promise<Response> {
  return confirmLinkPost(request, {
    what: 'alerts',
    confirm: async (tokenHash, jobs) => (await confirmAlertSubscription(await getStore(), tokenHash, jobs))?.requestId,
    page: (token, language) => href({ page: 'alert-link', action: 'confirm', token }, language),
  });
}

/**
 * Unsubscribes: the token is the subscription's signed id, so the post needs no session and may
 * come from a mail program (no same-origin check: the token is the only authority).
 */
export async function unsubscribeAlertRequest(request: Request): Promise<Response> {
  const queryToken = new URL(request.url).searchParams.get('token');
  const fields = await linkPostFields(request);
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
  return backToPage(href({ page: 'alert-link', action: 'unsubscribe', token: id ? (token ?? undefined) : undefined }, language));
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
