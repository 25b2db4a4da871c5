import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../security/secret';

/*
 * Proof that a browser once signed into an account with the right password (OWASP's device
 * cookie): an HMAC under the site secret of the address, the time and a random nonce. The
 * account-wide lockout, which many addresses together can bring about, does not apply to a
 * browser holding one; such a browser has a lockout of its own instead, so that a stolen cookie
 * buys no more guesses than one client has.
 */

export const deviceCookie = 'login_device';
export const deviceTtlMs = 180 * 24 * 60 * 60 * 1000;
/** Two timestamps, a nonce and a MAC: far below this. */
const maxTokenLength = 200;

const mac = (address: string, issuedAt: string, nonce: string) => createHmac('sha256', deriveKey('login-device')).update(`${address}\n${issuedAt}\n${nonce}`).digest();

/** A new proof for the address, after a right password. */
export function issueDeviceToken(address: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  const nonce = randomBytes(16).toString('base64url');
  return `${issuedAt}.${nonce}.${mac(address, issuedAt, nonce).toString('base64url')}`;
}

/**
 * The device's identity (a hash of its nonce, what the failures are counted by) when the token is
 * a live proof for this very address, else undefined. The MAC is computed for any well-formed
 * token, whether or not the address has an account, so the time tells nothing.
 */
export function deviceOf(token: string | undefined, address: string, now = Date.now()): string | undefined {
  if (!token || token.length > maxTokenLength) return undefined;
  const [issuedAt = '', nonce = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issuedAt) || nonce === '') return undefined;
  const expected = mac(address, issuedAt, nonce);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now - Number.parseInt(issuedAt, 36);
  if (age < 0 || age > deviceTtlMs) return undefined;
  return createHash('sha256').update(nonce).digest('hex');
}
