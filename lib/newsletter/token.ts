import { createHmac } from 'node:crypto';
import type { NewsletterConfirmation } from '../db';
import { tokenDigest } from '../security/link-token';
import { deriveKey } from '../security/secret';

/*
 * The confirmation link of a newsletter sign-up. Its token is derived from the request id with the
 * site secret, so the outbox can write the same link into every attempt of the e-mail while the
 * database keeps only the token's SHA-256: a copy of the database confirms nobody.
 */

/** How long a confirmation link works (the e-mail and the page say it in days). */
export const confirmationTtlDays = 7;
const confirmationTtlMs = confirmationTtlDays * 24 * 60 * 60 * 1000;
/** One confirmation e-mail per address within this window, however often it is typed in. */
const resendWindowMs = 24 * 60 * 60 * 1000;

export function confirmationToken(requestId: string): string {
  return createHmac('sha256', deriveKey('newsletter-confirmation')).update(requestId).digest('base64url');
}

/** The guard of storeRequest for a sign-up stored under `requestId` now. */
export function newsletterConfirmation(requestId: string, now = new Date()): Omit<NewsletterConfirmation, 'key'> {
  return {
    tokenHash: tokenDigest(confirmationToken(requestId)),
    expiresAt: new Date(now.getTime() + confirmationTtlMs).toISOString(),
    since: new Date(now.getTime() - resendWindowMs).toISOString(),
  };
}
