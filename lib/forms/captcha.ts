import { createCipheriv, createDecipheriv, randomBytes, randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { captchaTtlMs } from '../db/retention';
import { deriveKey } from '../security/secret';

/*
 * The captcha of plain posts (forms sent without JavaScript, design.md §9; visitors with JavaScript
 * solve lib/forms/altcha instead). The answer travels in an encrypted, expiring token held in an
 * HttpOnly cookie; the database remembers used tokens, so each one works once. The picture is drawn
 * from a dot-matrix font and rasterised. A visitor who cannot see it listens to a code of digits
 * instead (WCAG 1.1.1, lib/forms/captcha-audio): either answer passes. Neither is written in any
 * page: a script that reads the framed page finds nothing to answer with.
 */

const glyphs: Record<string, readonly string[]> = {
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
};
const alphabet = Object.keys(glyphs);

const captchaLength = 5;
export const captchaCookie = (form: string) => `captcha-${form}`;

/** `answer`: the picture's characters; `code`: the digits the audio alternative reads out. */
export type CaptchaToken = { id: string; answer: string; code: string; form: string; expires: number };

const key = () => deriveKey('captcha-token');

export function newCaptcha(form: string, now = Date.now()): CaptchaToken {
  const answer = Array.from({ length: captchaLength }, () => alphabet[randomInt(alphabet.length)]).join('');
  // Five or six digits: a length a listener keeps in mind, too many to guess (each token works once).
  const code = Array.from({ length: randomInt(5, 7) }, () => String(randomInt(10))).join('');
  return { id: randomUUID(), answer, code, form, expires: now + captchaTtlMs };
}

export function sealCaptcha(token: CaptchaToken): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(token), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openCaptcha(sealed: string): CaptchaToken | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const parsed: unknown = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const token = parsed as Partial<CaptchaToken>;
    if (typeof token.id !== 'string' || typeof token.answer !== 'string' || typeof token.form !== 'string' || typeof token.expires !== 'number') return undefined;
    if (typeof token.code !== 'string' || !/^\d{1,12}$/.test(token.code)) return undefined;
    return { id: token.id, answer: token.answer, code: token.code, form: token.form, expires: token.expires };
  } catch {
    return undefined;
  }
}

/** `id` is the token's, when the token is genuine: the caller spends it whatever the answer. */
export type CaptchaCheck = { ok: true; id: string } | { ok: false; id?: string };

/**
 * The picture's characters (without regard to case or spaces) or the spoken code's digits (spaces
 * between them allowed). Used-ness is checked by the caller.
 */
export function checkCaptcha(sealed: string | undefined, form: string, answer: string, now = Date.now()): CaptchaCheck {
  if (!sealed) return { ok: false };
  const token = openCaptcha(sealed);
  if (!token || token.form !== form || token.expires < now) return { ok: false };
  const given = answer.replace(/\s+/g, '').toUpperCase();
  const right = given === token.answer || given === token.code;
  return right ? { ok: true, id: token.id } : { ok: false, id: token.id };
}

const jitter = (amount: number) => (randomInt(2001) / 1000 - 1) * amount;

function captchaSvg(answer: string): string {
  const width = 200;
  const height = 64;
  const dot = 3.6;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#f4f1ea"/>`];
  for (let index = 0; index < 6; index += 1) {
    parts.push(`<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="#8a7f70" stroke-width="1.4" opacity="0.7"/>`);
  }
  [...answer].forEach((character, position) => {
    const glyph = glyphs[character];
    if (!glyph) return;
    const originX = 16 + position * 36 + jitter(3);
    const originY = 14 + jitter(4);
    const angle = jitter(16).toFixed(1);
    const cells: string[] = [];
    glyph.forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit === '1') cells.push(`<rect x="${(x * 5 + jitter(0.6)).toFixed(1)}" y="${(y * 5 + jitter(0.6)).toFixed(1)}" width="${dot}" height="${dot}" rx="1"/>`);
      });
    });
    parts.push(`<g fill="#1f2a44" transform="translate(${originX.toFixed(1)} ${originY.toFixed(1)}) rotate(${angle} 12 17)">${cells.join('')}</g>`);
  });
  for (let index = 0; index < 40; index += 1) {
    parts.push(`<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="#1f2a44" opacity="0.5"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export async function captchaPng(answer: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(answer)))
    .png()
    .toBuffer();
}
