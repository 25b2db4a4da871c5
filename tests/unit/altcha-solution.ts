import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey } from '@/lib/security/secret';

/*
 * What a browser with JavaScript posts in the `altcha` field: a challenge signed as the site signs
 * its own (lib/forms/altcha), but with its answer at the first key, so that tests of what a
 * request does once it passed the spam check spend no time on the proof of work. A post with it
 * takes the JavaScript path: no confirmation by mail (a post with the picture's answer waits for one).
 */
let counter = 0;

export async function altchaSolution(form: string): Promise<string> {
  counter += 1;
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: counter % 2,
    deriveKey: pbkdf2,
    data: { form },
    expiresAt: new Date(Date.now() + 10 * 60_000),
    hmacSignatureSecret: deriveKey('altcha-challenge').toString('hex'),
    hmacKeySignatureSecret: deriveKey('altcha-key').toString('hex'),
  });
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
