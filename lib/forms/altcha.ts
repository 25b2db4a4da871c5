import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { deriveKey } from '../security/secret';
import { captchaTtlMs } from '../db/retention';

/*
 * The proof-of-work challenge of visitors with JavaScript (ALTCHA, design.md §9): nothing to see,
 * read or hear. The browser fetches a challenge signed with the site secret and bound to one form,
 * derives keys until one matches, and posts the solution with the form. The handler spends the
 * challenge's nonce in the database (captcha_uses), so a solved challenge works once; it expires
 * with the picture captcha's lifetime, so housekeeping forgets spent nonces at the same age.
 */

export const altchaTtlMs = captchaTtlMs;

/**
 * PBKDF2/SHA-256 at 1,000 iterations, the solution 250 to 750 keys in: about 0.2 s on one core of
 * a laptop, and well under a second on a phone, whose widget spreads the keys over its workers.
 */
const algorithm = 'PBKDF2/SHA-256';
const cost = 1000;
const counterRange = { min: 250, max: 750 };

/** Spent challenges share the picture captcha's table; the prefix keeps the two kinds of id apart. */
const altchaUseId = (nonce: string) => `altcha:${nonce}`;

const secrets = () => ({
  hmacSignatureSecret: deriveKey('altcha-challenge').toString('hex'),
  hmacKeySignatureSecret: deriveKey('altcha-key').toString('hex'),
});

export async function newAltchaChallenge(form: string, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm,
    cost,
    counter: randomInt(counterRange.max, counterRange.min),
    deriveKey: pbkdf2,
    data: { form },
    expiresAt: new Date(now + altchaTtlMs),
    ...secrets(),
  });
}

/** The payload the widget posts, base64 of {challenge, solution}. Unknown keys are kept: the signature covers them. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function decodePayload(encoded: string): Payload | undefined {
  if (encoded.length > 4000) return undefined;
  try {
    const result = payloadSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** `id` names the challenge once it is known genuine: the caller spends it (used-ness is the caller's). */
export type AltchaCheck = { ok: true; id: string } | { ok: false; id?: undefined };

export async function checkAltcha(encoded: string | undefined, form: string, now = Date.now()): Promise<AltchaCheck> {
  const payload = encoded ? decodePayload(encoded) : undefined;
  if (!payload) return { ok: false };
  const { parameters } = payload.challenge;
  if (parameters.algorithm !== algorithm || parameters.data?.form !== form) return { ok: false };
  // The library compares expiry with the clock; `now` lets a test move it.
  if (typeof parameters.expiresAt !== 'number' || parameters.expiresAt * 1000 < now) return { ok: false };
  try {
    const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey: pbkdf2, ...secrets() });
    return result.verified ? { ok: true, id: altchaUseId(parameters.nonce) } : { ok: false };
  } catch {
    return { ok: false };
  }
}
