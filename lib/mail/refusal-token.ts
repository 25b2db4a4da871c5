import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '../config';
import { deriveKey } from '../security/secret';
import { addressKey } from '../security/address-key';
import { siteOrigin } from './transport';

/*
 * The "I did not ask for this" link of every mail to a visitor: it names the mailbox (its
 * address key) and carries its signature, so it works without a row per link, for as long as the
 * site secret stays the same, and nobody can make one for an address they were not mailed at.
 */

/** The longest key a token may carry: an address is at most 254 characters. */
const maxKeyLength = 320;

const signature = (key: string) => createHmac('sha256', deriveKey('mail-refusal')).update(key).digest('base64url');

function refusalToken(email: string): string {
  const key = addressKey(email);
  return `${Buffer.from(key, 'utf8').toString('base64url')}.${signature(key)}`;
}

/** The address key a token names, when its signature is right. */
export function keyOfRefusalToken(token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 600) return undefined;
  const match = /^([A-Za-z0-9_-]{1,430})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const key = Buffer.from(match[1], 'base64url').toString('utf8');
  if (key.length === 0 || key.length > maxKeyLength) return undefined;
  const expected = Buffer.from(signature(key));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? key : undefined;
}

/** The route of the link's page (app/api/mail/refuse). */
export const refusalPath = '/api/mail/refuse/';

export function refusalUrl(email: string, language: Language): string {
  return `${siteOrigin()}${refusalPath}?token=${refusalToken(email)}&lang=${language}`;
}
