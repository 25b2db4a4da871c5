import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../security/secret';
import { tokenDigest } from '../security/link-token';

/*
 * The links of an alert. The confirmation link works as the newsletter's: its token is derived
 * from the subscription id with the site secret (the same link in every attempt of the mail) and
 * the database keeps only its SHA-256. The unsubscribe link names the subscription and carries its
 * signature: it works without signing in, for as long as the subscription exists.
 */

/** How long a confirmation link works; an unconfirmed search is deleted then (housekeeping). */
export const alertConfirmationTtlDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

export function alertConfirmationToken(subscriptionId: string): string {
  return createHmac('sha256', deriveKey('alert-confirmation')).update(subscriptionId).digest('base64url');
}

/** The columns of a subscription made now: its link's hash and when the link expires. */
export function alertConfirmation(subscriptionId: string, now = new Date()): { tokenHash: string; expiresAt: string } {
  return { tokenHash: tokenDigest(alertConfirmationToken(subscriptionId)), expiresAt: new Date(now.getTime() + alertConfirmationTtlDays * dayMs).toISOString() };
}

const signature = (subscriptionId: string) => createHmac('sha256', deriveKey('alert-unsubscribe')).update(subscriptionId).digest('base64url');

export function unsubscribeToken(subscriptionId: string): string {
  return `${subscriptionId}.${signature(subscriptionId)}`;
}

/** The subscription an unsubscribe token names, when its signature is right. */
export function subscriptionOfUnsubscribeToken(token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 120) return undefined;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const expected = Buffer.from(signature(match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}
