import { createHmac } from 'node:crypto';
import { getDefaultLanguage, getEnabledLanguages } from '../config';
import type { Language } from '../config/schemas';
import { escapeHtml } from '../html/escape';
import { translatorFor } from '../i18n/messages';
import { clientAddress } from '../security/client-address';
import { captchaFramePolicy, resourcePolicy } from '../security/csp';
import { allowedOrigins } from '../security/origin';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { deriveKey } from '../security/secret';
import { captchaTtlMs } from '../db/retention';
import { captchaCookie, captchaPng, newCaptcha, openCaptcha, sealCaptcha } from './captcha';
import { captchaWav } from './captcha-audio';
import { formEndpoint } from '../form-kinds/definitions';
import { formKinds, isFormName, type FormName } from '../form-kinds/table';

/*
 * GET /api/captcha/{form}/?lang=…: the small page a form without JavaScript frames, showing a fresh
 * picture and, for a visitor who cannot see it, a player of the same token's spoken code
 * (GET /api/captcha/{form}/audio/). Both answers are sealed in a cookie that only that form's
 * handler and the audio route receive; neither is written in the page.
 */

const audioPath = (form: FormName) => `/api/captcha/${form}/audio/`;

function languageOf(request: Request): Language {
  const requested = new URL(request.url).searchParams.get('lang');
  return getEnabledLanguages().find((candidate) => candidate === requested) ?? getDefaultLanguage();
}

const captchaForm = (form: string): form is FormName => isFormName(form) && formKinds[form].definition.captcha === true;

export async function captchaResponse(request: Request, form: string): Promise<Response> {
  if (!captchaForm(form)) return new Response('Not found', { status: 404 });
  const language = languageOf(request);
  const t = translatorFor(language, 'forms');
  const token = newCaptcha(form);
  const sealed = sealCaptcha(token);
  const secure = (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
  const cookie = (path: string) => [`${captchaCookie(form)}=${sealed}`, `Path=${path}`, `Max-Age=${captchaTtlMs / 1000}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
  const png = (await captchaPng(token.answer)).toString('base64');
  const audio = `${audioPath(form)}?lang=${language}`;
  // preload="none": the spoken code is mixed when a visitor plays it, not for every framed form.
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(t('captcha.frameTitle'))}</title>
<style>body{margin:0;padding:.5rem;font:1rem/1.4 system-ui,sans-serif;color:#1f2a44;background:#fff}img{display:block}p{margin:.375rem 0}audio{display:block;width:100%;max-width:20rem;height:2.5rem}</style></head>
<body><img src="data:image/png;base64,${png}" alt="${escapeHtml(t('ui.captchaAlt'))}" width="200" height="64">
<p id="listen">${escapeHtml(t('captcha.listen'))}</p>
<audio controls preload="none" src="${escapeHtml(audio)}" aria-labelledby="listen">${escapeHtml(t('captcha.noAudio'))}</audio></body></html>`;
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    // Framed by the site's own forms, and by the exported copies that post here.
    'content-security-policy': captchaFramePolicy(allowedOrigins()),
  });
  headers.append('set-cookie', cookie(formEndpoint(form)));
  headers.append('set-cookie', cookie(audioPath(form)));
  return new Response(html, { headers });
}

/** A sealed token is about 250 characters; a longer cookie is not one, and is not decrypted. */
const maxSealedLength = 1024;

function sealedToken(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Requests per client in 10 minutes: each mixes a few seconds of audio (about 6 ms), a listener
 * needs a handful of plays, and a player may ask for a play in two or three ranges.
 */
export const captchaAudioLimit = 60;
let audioLimiter: RateLimiter | undefined;

const audioRefusal = (status: number, extra: Record<string, string> = {}) =>
  new Response(null, { status, headers: { 'cache-control': 'no-store', 'content-security-policy': resourcePolicy, ...extra } });

/**
 * GET /api/captcha/{form}/audio/?lang=…: the spoken code of the token the frame sealed in the
 * visitor's cookie. It makes no token of its own, so it never tells a code that the form would not
 * be checked against; a new code needs a new frame.
 */
export async function captchaAudioResponse(request: Request, form: string): Promise<Response> {
  if (!captchaForm(form)) return audioRefusal(404);
  audioLimiter ??= createRateLimiter({ name: 'captcha-audio', limit: captchaAudioLimit, windowMs: 10 * 60 * 1000 });
  const limit = await audioLimiter.hit(clientAddress(request.headers));
  if (!limit.allowed) return audioRefusal(429, { 'retry-after': String(limit.retryAfterSeconds) });
  const sealed = sealedToken(request, captchaCookie(form));
  if (!sealed) return audioRefusal(404);
  const token = sealed.length <= maxSealedLength ? openCaptcha(sealed) : undefined;
  if (!token || token.form !== form || token.expires < Date.now()) return audioRefusal(400);
  const language = languageOf(request);
  const seed = createHmac('sha256', deriveKey('captcha-audio')).update(`${token.id}:${language}`).digest();
  const wav = captchaWav(token.code, language, seed);
  const headers = { 'content-type': 'audio/wav', 'cache-control': 'no-store', 'content-security-policy': resourcePolicy, 'x-robots-tag': 'noindex', 'accept-ranges': 'bytes' };
  const range = byteRange(request.headers.get('range'), wav.length);
  if (range === 'unsatisfiable') return audioRefusal(416, { 'content-range': `bytes */${wav.length}` });
  if (!range) return new Response(new Uint8Array(wav), { headers });
  return new Response(new Uint8Array(wav.subarray(range.start, range.end + 1)), {
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${wav.length}` },
  });
}

/**
 * One range of a Range header (RFC 9110 §14.1.2), inclusive; undefined for the whole file (no
 * header, several ranges, another unit), which a 200 answers.
 */
function byteRange(header: string | null, length: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header !== null && header.length <= 64 ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  const start = first === '' ? Math.max(0, length - Number(last)) : Number(first);
  const end = first === '' || last === '' ? length - 1 : Math.min(Number(last), length - 1);
  return start > end || start >= length ? 'unsatisfiable' : { start, end };
}
