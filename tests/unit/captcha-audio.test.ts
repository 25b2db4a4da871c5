import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Issue 35 finding 4: the no-JavaScript captcha's accessible alternative was a sum written in words
 * in the framed page, and a script that read it passed about 1,000 posts. The alternative is now a
 * spoken code whose digits are in no page: only in the sealed token, which this test can open
 * because it knows SITE_SECRET, and which a script without the secret cannot.
 */

vi.mock('next/server', () => ({ after: () => undefined }));
process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';
delete process.env.SMTP_URL;

const { openStore, setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, openCaptcha, sealCaptcha, newCaptcha } = await import('@/lib/forms/captcha');
const route = await import('@/lib/forms/captcha-route');
const { default: fr } = await import('@/messages/fr.json');

type Store = Awaited<ReturnType<typeof openStore>>;
let store: Store;
const origin = 'http://localhost:3100';
const form = 'site-contact';
const contact = { title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: 'marie.dubois@example.be', phone: '0475 12 34 56', city: 'Mons', lang: 'fr', privacy: 'on' };

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

type Frame = { html: string; cookies: string[]; cookie: string; sealed: string };

/** The framed page as a client receives it: its HTML and the cookies it sets. */
async function frame(language = 'fr', headers: Record<string, string> = {}): Promise<Frame> {
  const response = await route.captchaResponse(new Request(`${origin}/api/captcha/${form}/?lang=${language}`, { headers }), form);
  const cookies = response.headers.getSetCookie();
  const cookie = (cookies[0] ?? '').split(';')[0] ?? '';
  return { html: await response.text(), cookies, cookie, sealed: cookie.slice(cookie.indexOf('=') + 1) };
}

const plainPost = (cookie: string, answer: string) =>
  handleFormRequest(
    form,
    new Request(`${origin}/api/forms/${form}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', cookie },
      body: new URLSearchParams({ ...contact, captcha: answer }),
    }),
  );
/** A plain post's answer: 303 to the thank-you page when stored, 303 back to the form when refused. */
const accepted = (response: Response) => response.status === 303 && (response.headers.get('location') ?? '').includes('/fr/merci/');

/** Without x-forwarded-for every play counts for the client 'unknown': the plays of these tests (about 20) stay under its limit. */
const audio = (cookie: string | undefined, language = 'fr', headers: Record<string, string> = {}) =>
  route.captchaAudioResponse(new Request(`${origin}/api/captcha/${form}/audio/?lang=${language}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } }), form);

/** The page's text as a script sees it: the markup, the picture (a data: URL) left out. */
const pageText = (html: string) => html.replace(/data:image\/png;base64,[A-Za-z0-9+/=]+/g, '');

/** Number words a script would know, in the four languages the frame speaks. */
const numberWords: Record<string, number> = Object.fromEntries(
  [
    ['een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen'],
    ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'],
    ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
    ['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'],
  ].flatMap((words) => words.map((word, index) => [word, index + 1])),
);

/**
 * Every answer a script can make of the page's text, best first: the total of a written sum
 * ("vijf plus drie", what the tester's script answered), the total of every number the text names,
 * each number, and each word.
 */
function answersFoundIn(html: string): string[] {
  const text = pageText(html)
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase();
  const valueOf = (token: string) => (/^\d+$/.test(token) ? Number(token) : numberWords[token]);
  const sums = [...text.matchAll(/([\p{L}\d]+) plus ([\p{L}\d]+)/gu)].map(([, first = '', second = '']) => (valueOf(first) ?? NaN) + (valueOf(second) ?? NaN)).filter(Number.isFinite);
  const tokens = text.match(/[\p{L}\d]+/gu) ?? [];
  const numbers = tokens.map(valueOf).filter((value) => value !== undefined);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  return [...new Set([...sums.map(String), String(total), ...numbers.map(String), ...tokens.filter((token) => token.length >= 4 && token.length <= 8)])];
}

describe('the no-JavaScript captcha page', () => {
  it('holds neither answer: not the picture’s characters, not the spoken code, no sum', async () => {
    const { html, sealed } = await frame();
    const token = openCaptcha(sealed);
    if (!token) throw new Error('no token');
    const text = pageText(html);
    expect(text, 'a sum in the page').not.toMatch(/\bplus\b|combien/);
    expect(text).not.toContain(token.answer);
    expect(text).not.toContain(token.answer.toLowerCase());
    expect(String(token.code)).toMatch(/^\d{5,6}$/);
    expect(text).not.toContain(String(token.code));
  });

  it('offers the spoken code as a native player of its own server, labelled in the page’s language', async () => {
    const response = await route.captchaResponse(new Request(`${origin}/api/captcha/${form}/?lang=fr`), form);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("media-src 'self'");
    expect(policy).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain(`<audio controls preload="none" src="/api/captcha/${form}/audio/?lang=fr" aria-labelledby="listen">`);
    expect(html).toContain(`<p id="listen">${fr.forms.captcha.listen.replace(/'/g, '&#39;')}</p>`);
    expect(html).toContain(`alt="${fr.forms.ui.captchaAlt.replace(/'/g, '&#39;')}"`);
  });

  it('sends the token to the form’s handler and to the audio route only', async () => {
    const { cookies } = await frame();
    expect(cookies.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([`/api/forms/${form}/`, `/api/captcha/${form}/audio/`]);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; SameSite=Lax/);
    // Both carry the same token: the code heard is the code the form checks.
    expect(new Set(cookies.map((cookie) => cookie.split(';')[0])).size).toBe(1);
  });

  it('refuses a script that answers from the page: 0 of 40 posts stored', async () => {
    let tried = 0;
    for (let round = 0; round < 40; round += 1) {
      const { html, cookie } = await frame(['nl', 'fr', 'en', 'de'][round % 4]);
      const [guess = ''] = answersFoundIn(html);
      tried += 1;
      expect(accepted(await plainPost(cookie, guess)), `round ${round}: ${guess}`).toBe(false);
    }
    expect(tried).toBe(40);
    expect(await count()).toBe(0);
  });

  it('refuses every answer found in the page, each tried on the token of the page it was found in', async () => {
    const { html } = await frame('en');
    const candidates = answersFoundIn(html).length;
    expect(candidates).toBeGreaterThan(5);
    for (let index = 0; index < Math.min(candidates, 30); index += 1) {
      // Each answer spends its token, so each candidate is taken from a fresh page.
      const fresh = await frame('en');
      const guess = answersFoundIn(fresh.html)[index] ?? '';
      expect(accepted(await plainPost(fresh.cookie, guess)), guess).toBe(false);
    }
    expect(await count()).toBe(0);
  });
});

describe('the spoken code', () => {
  it('passes the form exactly once, spaces between digits allowed', async () => {
    const { cookie, sealed } = await frame();
    const token = openCaptcha(sealed);
    if (!token) throw new Error('no token');
    expect(accepted(await plainPost(cookie, [...String(token.code)].join(' ')))).toBe(true);
    expect(accepted(await plainPost(cookie, String(token.code)))).toBe(false);
    expect(await count()).toBe(1);
  });

  it('fails when wrong, and a wrong answer spends the token', async () => {
    const wrongOf = [
      (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`,
      (code: string) => code.slice(0, -1),
      (code: string) => `${code}0`,
      (code: string) => [...code].reverse().join(''),
    ];
    for (const wrong of wrongOf) {
      const { cookie, sealed } = await frame();
      const code = String(openCaptcha(sealed)?.code);
      if (wrong(code) === code) continue;
      expect(accepted(await plainPost(cookie, wrong(code))), wrong(code)).toBe(false);
      expect(accepted(await plainPost(cookie, code)), 'the right code after a wrong answer on the same token').toBe(false);
    }
    // A blank field is a missing field: refused before the check, so it leaves the token unspent.
    const { cookie } = await frame();
    expect(accepted(await plainPost(cookie, ''))).toBe(false);
    expect(await count()).toBe(0);
  });

  it('is a WAV of the sealed token for a valid cookie, and makes no token of its own', async () => {
    const { cookies, sealed } = await frame();
    const audioCookie = (cookies[1] ?? '').split(';')[0] ?? '';
    const response = await audio(audioCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    // 8 kHz mono 16-bit: five or six digits with their gaps last a few seconds.
    expect(wav.readUInt32LE(24)).toBe(8000);
    const seconds = wav.readUInt32LE(40) / 16000;
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThan(12);
    expect(openCaptcha(sealed)?.code).toMatch(/^\d{5,6}$/);
  });

  it('differs from token to token for the same code, and from the stored clips byte for byte', async () => {
    const name = captchaCookie(form);
    const sameCode = (id: string) => `${name}=${sealCaptcha({ ...newCaptcha(form), id, code: '123456' })}`;
    const first = Buffer.from(await (await audio(sameCode('first'))).arrayBuffer());
    const second = Buffer.from(await (await audio(sameCode('second'))).arrayBuffer());
    expect(first.equals(second)).toBe(false);
    // The same token plays the same file, so a player may fetch it in ranges.
    expect(Buffer.from(await (await audio(sameCode('first'))).arrayBuffer()).equals(first)).toBe(true);
    const dir = path.join(process.cwd(), 'assets', 'captcha-digits', 'fr');
    for (const file of readdirSync(dir)) {
      const clip = readFileSync(path.join(dir, file));
      // 64 bytes (32 samples) from the clip's speech.
      const middle = 44 + Math.floor((clip.length - 44) / 4) * 2;
      expect(first.includes(clip.subarray(middle, middle + 64)), file).toBe(false);
    }
  });

  it('answers byte ranges, as Safari asks for them', async () => {
    const { cookie } = await frame();
    const whole = Buffer.from(await (await audio(cookie)).arrayBuffer());
    const probe = await audio(cookie, 'fr', { range: 'bytes=0-1' });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toBe(`bytes 0-1/${whole.length}`);
    expect(Buffer.from(await probe.arrayBuffer()).toString('latin1')).toBe('RI');
    const rest = await audio(cookie, 'fr', { range: 'bytes=100-' });
    expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(100))).toBe(true);
    const tail = await audio(cookie, 'fr', { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(-10))).toBe(true);
    expect((await audio(cookie, 'fr', { range: `bytes=${whole.length}-` })).status).toBe(416);
    expect((await audio(cookie, 'fr', { range: 'bytes=0-1,5-9' })).status).toBe(200);
  });

  it('answers 404 without a token and 400 for a forged, overlong, expired or other form’s token', async () => {
    const name = captchaCookie(form);
    expect((await audio(undefined)).status).toBe(404);
    expect((await audio(`${name}=forged-token`)).status).toBe(400);
    expect((await audio(`${name}=${'A'.repeat(5000)}`)).status).toBe(400);
    const expired = sealCaptcha({ ...newCaptcha(form), expires: Date.now() - 1000 });
    expect((await audio(`${name}=${expired}`)).status).toBe(400);
    const otherForm = sealCaptcha(newCaptcha('contact-me'));
    expect((await audio(`${name}=${otherForm}`)).status).toBe(400);
    expect((await route.captchaAudioResponse(new Request(`${origin}/api/captcha/sign-newsletter/audio/`), 'sign-newsletter')).status).toBe(404);
  });

  it('is rate limited per client: 429 over the limit, another client still served', async () => {
    const { cookie } = await frame();
    const statuses: number[] = [];
    for (let play = 0; play < route.captchaAudioLimit; play += 1) statuses.push((await audio(cookie, 'fr', { 'x-forwarded-for': '203.0.113.7' })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const over = await audio(cookie, 'fr', { 'x-forwarded-for': '203.0.113.7' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await audio(cookie, 'fr', { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
  });
});
