import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '../config';
import { documentLinkTtlDays } from '../db/retention';
import { deriveKey } from '../security/secret';

/*
 * The link that hands one document of one listing to a visitor who asked for it: the listing, the
 * document, the language of the pages it falls back on and an expiry, signed with HMAC-SHA256 under
 * a key derived from the site secret. Changing any part breaks the signature; nothing in the link
 * names a file.
 */

const ttlSeconds = documentLinkTtlDays * 24 * 60 * 60;
/** A mail that goes out late (a long SMTP outage) still gives the visitor this long. */
const minimumSecondsLeft = 2 * 24 * 60 * 60;

const documentEndpoint = (listingId: number, documentId: number) => `/api/documents/${listingId}/${documentId}/`;

export type DocumentGrant = { listingId: number; documentId: number; language: Language; expires: number };

const key = () => deriveKey('document-link');
const signatureOf = (grant: DocumentGrant) => createHmac('sha256', key()).update(`${grant.listingId}.${grant.documentId}.${grant.language}.${grant.expires}`).digest('base64url');

/**
 * When the links of a request expire: a week after it came in, so that every attempt of its
 * e-mail carries the same links, unless the mail leaves so late that less than two days remain.
 */
export function documentLinkExpiry(requestedAt: string, now = new Date()): number {
  const fromRequest = Math.floor(new Date(requestedAt).getTime() / 1000) + ttlSeconds;
  const latest = Math.floor(now.getTime() / 1000) + minimumSecondsLeft;
  return Number.isFinite(fromRequest) ? Math.max(fromRequest, latest) : latest;
}

/** The path and query of a signed document link (the mail puts the site's origin in front). */
export function signedDocumentPath(grant: DocumentGrant): string {
  const query = new URLSearchParams({ lang: grant.language, expires: String(grant.expires), signature: signatureOf(grant) });
  return `${documentEndpoint(grant.listingId, grant.documentId)}?${query.toString()}`;
}

export type LinkCheck = { ok: true; grant: DocumentGrant } | { ok: false; reason: 'invalid' | 'expired'; language?: Language };

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/**
 * Checks a link's parts as they came in (route parameters and query): shapes first, then the
 * signature in constant time, then the expiry. A forged link is 'invalid', whatever else it says.
 */
export function checkDocumentLink(parts: { listing: string; document: string; query: URLSearchParams }, isLanguage: (value: string) => value is Language, now = Date.now()): LinkCheck {
  const language = parts.query.get('lang') ?? '';
  const expiresText = parts.query.get('expires') ?? '';
  const signature = parts.query.get('signature') ?? '';
  if (!isLanguage(language)) return { ok: false, reason: 'invalid' };
  // The language of a refused link only chooses the words of the refusal.
  if (!isId(parts.listing) || !isId(parts.document) || !/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
    return { ok: false, reason: 'invalid', language };
  }
  const grant: DocumentGrant = { listingId: Number(parts.listing), documentId: Number(parts.document), language, expires: Number(expiresText) };
  const expected = Buffer.from(signatureOf(grant));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid', language };
  if (grant.expires * 1000 <= now) return { ok: false, reason: 'expired', language };
  return { ok: true, grant };
}
