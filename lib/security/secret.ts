import { randomBytes, hkdfSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The site's signing secret: SITE_SECRET in production. Without it, a random secret is created
 * once under var/ so that a restart keeps captchas and links valid on the embedded default.
 */
let cached: Buffer | undefined;

function rootSecret(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.SITE_SECRET;
  if (fromEnv) {
    cached = Buffer.from(fromEnv, 'utf8');
    return cached;
  }
  const file = path.resolve('var', 'site-secret');
  try {
    cached = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const generated = randomBytes(32);
    writeFileSync(file, generated.toString('hex'), { mode: 0o600, flag: 'wx' });
    cached = generated;
  }
  return cached;
}

/** A key for one purpose, so that a captcha token can never pass as a webhook signature. */
export function deriveKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret(), Buffer.alloc(0), purpose, 32));
}
