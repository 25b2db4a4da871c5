import { randomBytes, hkdfSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The site's signing secret: SITE_SECRET. A production server refuses to start without one (see
 * {@link siteSecretProblem}): two instances with different secrets would refuse each other's
 * captchas and count a visitor twice. `npm start` (scripts/start.mjs) gives the embedded default
 * the secret kept in var/site-secret; other runs without SITE_SECRET (next dev, the npm scripts)
 * read or create that same file, so a restart keeps captchas and links valid.
 */
let cached: Buffer | undefined;

/** Long enough that guessing it is out of reach: 32 characters, `openssl rand -hex 32` gives 64. */
const minimumSecretLength = 32;

/** Why a production server must not start with this environment, in one line; undefined when it may. */
export function siteSecretProblem(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  if (env.NODE_ENV !== 'production') return undefined;
  const secret = env.SITE_SECRET ?? '';
  if (secret.length >= minimumSecretLength) return undefined;
  const what = secret === '' ? 'SITE_SECRET is not set' : `SITE_SECRET is too short (${secret.length} characters, at least ${minimumSecretLength})`;
  return `${what}: set SITE_SECRET to the same random value on every instance, for example the output of \`openssl rand -hex 32\`, and start the server again.`;
}

// The file holds the secret as SITE_SECRET would: scripts/start.mjs passes its content as is.
// Runtime data: turbopackIgnore keeps the build's file tracer from listing the secret among the routes' files.
const secretFile = () => path.resolve(/* turbopackIgnore: true */ 'var', 'site-secret');

function rootSecret(): Buffer {
  if (cached) return cached;
  const problem = siteSecretProblem();
  if (problem) throw new Error(problem);
  const fromEnv = process.env.SITE_SECRET;
  if (fromEnv) {
    cached = Buffer.from(fromEnv, 'utf8');
    return cached;
  }
  const file = secretFile();
  try {
    cached = Buffer.from(readFileSync(/* turbopackIgnore: true */ file, 'utf8').trim(), 'utf8');
  } catch {
    mkdirSync(/* turbopackIgnore: true */ path.dirname(file), { recursive: true });
    const generated = randomBytes(32).toString('hex');
    writeFileSync(/* turbopackIgnore: true */ file, generated, { mode: 0o600, flag: 'wx' });
    cached = Buffer.from(generated, 'utf8');
  }
  return cached;
}

/** A key for one purpose, so that a captcha token can never pass as a webhook signature. */
export function deriveKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret(), Buffer.alloc(0), purpose, 32));
}
