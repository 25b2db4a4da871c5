import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/*
 * The spam check of issue 13 item 14. With JavaScript: an ALTCHA proof-of-work challenge, signed
 * with the site secret, bound to one form, expiring, and spent on use. Without JavaScript: the
 * picture, whose framed page also plays a spoken code (tests/unit/captcha-audio.test.ts).
 */

vi.mock('next/server', () => ({ after: () => undefined }));
process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';
delete process.env.SMTP_URL;

const { openStore, setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { altchaTtlMs, checkAltcha, newAltchaChallenge } = await import('@/lib/forms/altcha');
const { checkCaptcha, captchaCookie, openCaptcha } = await import('@/lib/forms/captcha');
const { captchaResponse } = await import('@/lib/forms/captcha-route');
const { altchaResponse } = await import('@/lib/forms/altcha-route');
const { default: fr } = await import('@/messages/fr.json');

type Store = Awaited<ReturnType<typeof openStore>>;
let store: Store;
const origin = 'http://localhost:3100';

/** What the widget posts: the challenge and its solution, base64 JSON. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('unsolved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const contact = { title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: 'marie.dubois@example.be', phone: '0475 12 34 56', privacy: true, city: 'Mons', lang: 'fr' };

function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new Request(`${origin}/api/forms/site-contact/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, host: 'localhost:3100', ...headers },
    body: JSON.stringify(body),
  });
}

const count = async () =>
  Number(
    (
      await store.db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirst()
    )?.rows ?? 0,
  );

beforeEach(async () => {
  store = await openStore('file::memory:');
  setStore(store);
  resetRateLimiter();
});
afterAll(() => setStore(undefined));

describe('the ALTCHA challenge', () => {
  it('is signed, bound to its form, expires with the captcha lifetime, and is cheap to solve', async () => {
    const now = Date.now();
    const challenge = await newAltchaChallenge('site-contact', now);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { form: 'site-contact' }, expiresAt: Math.floor((now + altchaTtlMs) / 1000) });
    const started = performance.now();
    const payload = await solved(challenge);
    // One core of this machine, shared with other work: a phone's several workers do this well under a second.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await checkAltcha(payload, 'site-contact', now)).toEqual({ ok: true, id: `altcha:${challenge.parameters.nonce}` });
  });

  it('is refused for another form, after it expires, when altered, and when it is not a payload', async () => {
    const now = Date.now();
    const challenge = await newAltchaChallenge('contact-me', now);
    const payload = await solved(challenge);
    expect(await checkAltcha(payload, 'site-contact', now)).toEqual({ ok: false });
    expect(await checkAltcha(payload, 'contact-me', now + altchaTtlMs + 1000)).toEqual({ ok: false });
    // The form named in the data is signed: renaming it breaks the signature.
    const renamed = { ...challenge, parameters: { ...challenge.parameters, data: { form: 'site-contact' } } };
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(await checkAltcha(Buffer.from(JSON.stringify({ challenge: renamed, solution })).toString('base64'), 'site-contact', now)).toEqual({ ok: false });
    // A wrong key for a genuine challenge.
    const wrongKey = { ...solution, derivedKey: '00'.repeat(32) };
    expect(await checkAltcha(Buffer.from(JSON.stringify({ challenge, solution: wrongKey })).toString('base64'), 'contact-me', now)).toEqual({ ok: false });
    for (const junk of ['', 'not base64 at all', Buffer.from('{"challenge":1}').toString('base64'), 'x'.repeat(10_000)]) {
      expect(await checkAltcha(junk, 'contact-me', now)).toEqual({ ok: false });
    }
  });

  it('is served per form, never the same twice, and not for the newsletter', async () => {
    const first = await altchaResponse('site-contact');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const second = await altchaResponse('site-contact');
    const nonce = async (response: Response) => ((await response.json()) as Challenge).parameters.nonce;
    expect(await nonce(first)).not.toBe(await nonce(second));
    expect((await altchaResponse('sign-newsletter')).status).toBe(404);
    expect((await altchaResponse('nope')).status).toBe(404);
  });
});

describe('a form sent with a solved challenge', () => {
  it('is stored once: the same solution replayed is refused with the captcha message, and nothing more is stored', async () => {
    const altcha = await solved(await newAltchaChallenge('site-contact'));
    const first = await handleFormRequest('site-contact', post({ ...contact, altcha }));
    expect(first.status).toBe(201);
    const replay = await handleFormRequest('site-contact', post({ ...contact, altcha }));
    expect(replay.status).toBe(422);
    const answer = (await replay.json()) as { fieldErrors: Record<string, { message: string }> };
    expect(answer.fieldErrors.captcha?.message).toBe(fr.forms.errors.captchaInvalid);
    expect(await count()).toBe(1);
  });

  it('is refused when the challenge was made for another form', async () => {
    const altcha = await solved(await newAltchaChallenge('contact-me'));
    expect((await handleFormRequest('site-contact', post({ ...contact, altcha }))).status).toBe(422);
    expect(await count()).toBe(0);
  });
});

describe('the picture captcha of plain posts', () => {
  it('frames a picture whose characters or spoken code pass, for this form only', async () => {
    const response = await captchaResponse(new Request(`${origin}/api/captcha/site-contact/?lang=fr`), 'site-contact');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Only the site and its exported copies may frame it; it runs nothing.
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`alt="${fr.forms.ui.captchaAlt.replace(/'/g, '&#39;')}"`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie.startsWith(`${captchaCookie('site-contact')}=`)).toBe(true);
    const sealed = cookie.slice(cookie.indexOf('=') + 1);
    const token = openCaptcha(sealed);
    if (!token) throw new Error('no token');
    expect(checkCaptcha(sealed, 'site-contact', ` ${token.code} `)).toEqual({ ok: true, id: token.id });
    expect(checkCaptcha(sealed, 'site-contact', token.answer.toLowerCase())).toEqual({ ok: true, id: token.id });
    expect(checkCaptcha(sealed, 'site-contact', `${token.code}1`).ok).toBe(false);
    expect(checkCaptcha(sealed, 'contact-me', token.code).ok).toBe(false);
  });

  it('a plain post answering the picture is stored once', async () => {
    const response = await captchaResponse(new Request(`${origin}/api/captcha/site-contact/?lang=fr`), 'site-contact');
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const token = openCaptcha(cookie.slice(cookie.indexOf('=') + 1));
    if (!token) throw new Error('no token');
    const form = new URLSearchParams({ ...contact, privacy: 'on', captcha: token.answer });
    const plain = (body: URLSearchParams) =>
      handleFormRequest(
        'site-contact',
        new Request(`${origin}/api/forms/site-contact/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', cookie }, body }),
      );
    const first = await plain(form);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toContain('/fr/merci/');
    // The same answer again is refused: without JavaScript the form comes back with its error.
    const replay = await plain(form);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/\?draft=[\w-]+#form-status$/);
    expect(await count()).toBe(1);
  });
});
