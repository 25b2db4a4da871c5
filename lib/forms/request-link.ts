import { createHmac } from 'node:crypto';
import { tokenDigest } from '../security/link-token';
import { deriveKey } from '../security/secret';

/*
 * The link that confirms a request posted without JavaScript (issue 35). As the newsletter's, its
 * token is derived from the request id with the site secret, so every attempt of the mail carries
 * the same link, and the database keeps only the token's SHA-256.
 */

/** How long the link works; an unconfirmed request is deleted then, with its uploads (housekeeping). */
export const requestLinkTtlDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

export function requestConfirmationToken(requestId: string): string {
  return createHmac('sha256', deriveKey('request-confirmation')).update(requestId).digest('base64url');
}

/** The columns of a request to confirm stored now: its link's hash and when the link expires. */
export function requestConfirmation(requestId: string, now = new Date()): { tokenHash: string; expiresAt: string } {
  return { tokenHash: tokenDigest(requestConfirmationToken(requestId)), expiresAt: new Date(now.getTime() + requestLinkTtlDays * dayMs).toISOString() };
}
