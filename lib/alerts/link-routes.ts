import { after } from 'next/server';
import { getListing } from '../catalogue';
import type { Language } from '../config';
import { alertLinkState, confirmAlertSubscription, confirmedLinkAccount, deleteSubscription, enqueueJob, getStore, getSubscription, subscriptionOfLink, type AlertLinkState } from '../db';
import { backToPage, confirmLinkPost, linkPostFailure, linkPostFields, postedLanguage, readLinkButtonPost } from '../posts/link-post';
import { translatorFor } from '../i18n/messages';
import { deliverSoon } from '../outbox/deliver-soon';
import { isTokenShaped, tokenDigest } from '../security/link-token';
import { href } from '../pages';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { parseCriteria } from './criteria';
import { criteriaLines } from './criteria-text';
import { subscriptionOfUnsubscribeToken } from './token';

/*
 * The posts of the alert links' page (app/[lang]/alert-link): confirm and unsubscribe, as the
 * newsletter's (lib/posts/link-post). A mail program's one-click unsubscribe (RFC 8058) posts to
 * the unsubscribe endpoint too, the token in the query.
 */

export function confirmAlertRequest(request: Request): Promise<Response> {
  return confirmLinkPost(request, {
    what: 'alerts',
    confirm: async (tokenHash, jobs) => (await confirmAlertSubscription(await getStore(), tokenHash, jobs))?.requestId,
    page: (token, language) => href({ page: 'alert-link', action: 'confirm', token }, language),
  });
}

let setupLimiter: RateLimiter | undefined;
/** However often a page is posted, an address gets at most so many first-password links a day. */
const setupLinksPerDay = 3;

/**
 * Asks for a searcher's account from the page of a confirmed link. The only proof asked is the
 * link's token, which was mailed to the address; and even that only gets a set-password link
 * mailed to the same address (an outbox job naming the subscription), so the account is made by
 * whoever reads that mailbox, not by whoever opened the page (a forwarded link, a shared
 * browser's history). Nothing is queued for an address that has an account: its password changes
 * only by its own reset link or its own space.
 */
export async function requestAlertAccount(request: Request): Promise<Response> {
  const post = await readLinkButtonPost(request);
  if (!post.ok) return post.response;
  const { language, token } = post;
  if (token === undefined) return backToPage(href({ page: 'alert-link', action: 'confirm' }, language));
  try {
    const store = await getStore();
    const link = await confirmedLinkAccount(store, tokenDigest(token));
    setupLimiter ??= createRateLimiter({ name: 'searcher-setup', limit: setupLinksPerDay, windowMs: 24 * 60 * 60 * 1000 });
    if (link && !link.hasAccount && (await setupLimiter.hit(link.email)).allowed) {
      const jobId = await enqueueJob(store, 'searcher-setup', { subscriptionId: link.subscriptionId });
      after(() => deliverSoon({ jobId }));
    }
  } catch (error) {
    console.error('[alerts] asking for an account failed', error);
    return linkPostFailure(language, 500, 'apiError');
  }
  return backToPage(href({ page: 'alert-link', action: 'confirm', token, account: 'sent' }, language));
}

/** Whether the page of a link offers an account: a confirmed link whose address has none. */
export async function alertLinkAccountOffer(action: 'confirm' | 'unsubscribe' | undefined, token: string | undefined): Promise<boolean> {
  if (action === 'unsubscribe' || !isTokenShaped(token)) return false;
  const link = await confirmedLinkAccount(await getStore(), tokenDigest(token));
  return link !== undefined && !link.hasAccount;
}

/**
 * Unsubscribes: the token is the subscription's signed id, so the post needs no session and may
 * come from a mail program (no same-origin check: the token is the only authority).
 */
export async function unsubscribeAlertRequest(request: Request): Promise<Response> {
  const queryToken = new URL(request.url).searchParams.get('token');
  const fields = await linkPostFields(request);
  if (fields instanceof Response) return fields;
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

/** What a link's subscription is about, in the page's language: a search's criteria, or the followed listing (undefined once it left the catalogue). */
export type AlertLinkSubject = { kind: 'search'; lines: { label: string; value: string }[] } | { kind: 'follow'; listing: { title: string; path: string } | undefined };

/**
 * What the page of a link names, read with the same token as its state: the person who holds the
 * token submitted it, and nobody can guess a token, so the page shows them their own search or
 * listing and nothing of anyone else's (never the address).
 */
export async function alertLinkSubject(action: 'confirm' | 'unsubscribe' | undefined, token: string | undefined, language: Language): Promise<AlertLinkSubject | undefined> {
  const store = await getStore();
  const id = action === 'unsubscribe' ? subscriptionOfUnsubscribeToken(token) : undefined;
  const subscription = id ? await getSubscription(store, id) : action !== 'unsubscribe' && isTokenShaped(token) ? await subscriptionOfLink(store, tokenDigest(token)) : undefined;
  if (!subscription) return undefined;
  if (subscription.kind === 'follow') {
    const listing = subscription.property_id === null ? undefined : getListing(subscription.property_id, language);
    return { kind: 'follow', listing: listing ? { title: listing.title, path: href({ page: 'property', id: listing.id }, language) } : undefined };
  }
  const criteria = parseCriteria(subscription.criteria);
  if (!criteria) return undefined;
  const t = translatorFor(language, 'forms');
  return { kind: 'search', lines: [...criteriaLines(criteria, language), { label: t('fields.frequency'), value: t(`options.frequency.${subscription.frequency}`) }] };
}
