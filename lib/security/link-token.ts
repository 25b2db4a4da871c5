import { createHash } from 'node:crypto';

/*
 * The tokens of mailed links (newsletter, alert and request confirmations): the database keeps a
 * token's SHA-256 only, so a copy of it confirms nobody, and a post looks up only what has a
 * token's shape.
 */

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as it may appear in a link: base64url of 32 bytes. Anything else is not looked up. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
