import { createClient } from '@libsql/client';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AltchaWidgetElement } from 'altcha';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';

import { openCaptcha } from '@/lib/forms/captcha';
import { href } from '@/lib/pages';
import { waitForMails } from './mailbox';

// The servers under test run with this secret (playwright.config.ts), so a test can read the
// answer of the captcha cookie the browser received, as a person reads the picture. The key is
// derived on first use, after this line.
process.env.SITE_SECRET = 'e2e-site-secret-0123456789abcdef0123456789';

export const messages = { nl, fr, en, de } as const;
export type TestLanguage = keyof typeof messages;

export const sitePort = Number(process.env.E2E_PORT ?? 3100);
export const databaseFile = (port = sitePort) => `var/e2e-${port}.db`;

export type StoredRequest = { id: string; form: string; lang: string; property_id: number | null; project_id: number | null; email: string | null; payload: string };

/** What the site's database holds for an e-mail address (read-only, beside the running server). */
export async function requestsFor(email: string, port = sitePort): Promise<StoredRequest[]> {
  const client = createClient({ url: `file:${databaseFile(port)}`, timeout: 5000 });
  try {
    const result = await client.execute({ sql: 'SELECT id, form, lang, property_id, project_id, email, payload FROM requests WHERE email = ? ORDER BY created_at', args: [email.toLowerCase()] });
    return result.rows.map((row) => ({ ...row }) as unknown as StoredRequest);
  } finally {
    client.close();
  }
}

export async function queryCount(sql: string, args: (string | number)[] = [], port = sitePort): Promise<number> {
  const client = createClient({ url: `file:${databaseFile(port)}`, timeout: 5000 });
  try {
    return Number((await client.execute({ sql, args })).rows[0]?.[0] ?? 0);
  } finally {
    client.close();
  }
}

/** A fresh address per test, so that parallel tests never read each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.be`;
}

/**
 * With JavaScript, the spam check asks the visitor nothing: no picture, no question. Its widget
 * solves its challenge once a field of the form has the focus; this waits until it says so.
 */
export async function expectSpamCheckSolved(form: Locator): Promise<void> {
  const widget = form.locator('altcha-widget');
  await form.locator('[data-captcha]').evaluate((element) => element.scrollIntoView());
  await expect(widget).toBeAttached();
  await expect(form.locator('img[src*="/api/captcha/"], iframe[src*="/api/captcha/"], [name="captcha"]')).toHaveCount(0);
  // A field a visitor can be in: a full viewing time's button is disabled and takes no focus.
  await form.locator('input:not([type="hidden"]):not([tabindex="-1"]):enabled').first().focus();
  await expect.poll(() => widget.evaluate((element: AltchaWidgetElement) => element.getState()), { timeout: 15_000 }).toBe('verified');
}

/** The address of the spoken code the framed captcha page plays (its <audio> element's src). */
export async function captchaAudioUrl(form: Locator): Promise<string> {
  const frame = form.locator('iframe[src*="/api/captcha/"]');
  const src = await frame.contentFrame().locator('audio[controls]').getAttribute('src');
  return new URL(src ?? '', new URL((await frame.getAttribute('src')) ?? '', form.page().url())).toString();
}

/**
 * Without JavaScript: the spoken code of the framed captcha page, as a visitor who cannot see the
 * picture answers it. The page holds no answer: the test reads the digits from the sealed token of
 * the browser's cookie, which it can open because it knows SITE_SECRET. (spam-check.spec.ts plays
 * the WAV itself; here it is not fetched, so that the suite stays far under its rate limit.)
 */
export async function answerCaptchaByAudio(form: Locator, language: TestLanguage): Promise<void> {
  const frame = form.locator('iframe[src*="/api/captcha/"]');
  await expect(frame).toHaveAttribute('title', messages[language].forms.captcha.frameTitle);
  const inside = frame.contentFrame();
  await expect(inside.locator('#listen')).toHaveText(messages[language].forms.captcha.listen);
  await expect(inside.locator('audio[controls]')).toHaveAttribute('aria-labelledby', 'listen');
  const audioUrl = await captchaAudioUrl(form);
  const cookie = (await form.page().context().cookies(audioUrl)).find((candidate) => candidate.name.startsWith('captcha-'));
  const code = openCaptcha(cookie?.value ?? '')?.code;
  if (!code) throw new Error('no spoken code in the captcha cookie');
  await form.locator('[name="captcha"]').fill(code);
}

/** Passes the spam check as the visitor would: with JavaScript the widget solves itself; without it, the spoken code is answered. */
export async function passSpamCheck(form: Locator, language: TestLanguage): Promise<void> {
  if ((await form.locator('iframe[src*="/api/captcha/"]').count()) > 0) await answerCaptchaByAudio(form, language);
  else await expectSpamCheckSolved(form);
}

/**
 * What a browser with JavaScript posts in the `altcha` field: the server's challenge for the form,
 * solved here. A post passed by the picture's answer instead waits for a mailed link.
 */
export async function altchaFieldFor(request: APIRequestContext, form: string): Promise<string> {
  const challenge = (await (await request.get(`/api/altcha/${form}/`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * After a post without JavaScript: the thank-you page says a mail was sent; the request is kept
 * and waits; the visitor opens the mailed link and presses its button (a plain form), and the page
 * says the request is confirmed. `mails`: how many mails the address has had by then.
 */
/** A form's thank-you page, with or without the summary's ids in its query (the listing, the viewing time). */
export function thankYouUrl(form: keyof (typeof en)['thankYou']['forms'], language: TestLanguage, byMail = false): RegExp {
  const path = href({ page: 'thank-you', form, byMail: byMail || undefined }, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${path}(\\?[^#]*)?$`);
}

export async function confirmByMail(page: Page, email: string, language: TestLanguage, thankYou: keyof (typeof en)['thankYou']['forms'], mails = 1): Promise<void> {
  await page.waitForURL(thankYouUrl(thankYou, language, true));
  await expect(page.locator('[data-thank-you="by-mail"]')).toBeVisible();
  expect(await requestsFor(email)).toHaveLength(1);
  const received = await waitForMails(email, mails);
  const link = /https?:\/\/\S+\?token=[\w-]{43}/.exec(received[mails - 1]?.text ?? '')?.[0];
  if (!link) throw new Error('no confirmation link in the mail');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[language].requestConfirm.pendingTitle);
  await page.getByRole('button', { name: messages[language].requestConfirm.confirmButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[language].requestConfirm.confirmedTitle);
}

export function captchaAnswerOf(setCookie: string | undefined): { cookie: string; answer: string } {
  const pair = (setCookie ?? '').split(';')[0] ?? '';
  const value = pair.slice(pair.indexOf('=') + 1);
  const token = openCaptcha(value);
  if (!token) throw new Error('no captcha token in the response');
  return { cookie: pair, answer: token.answer };
}

export type Visitor = { email: string; firstName: string; lastName: string };

/** The contact block of spec §3, as a visitor fills it. */
export async function fillIdentity(form: Locator, visitor: Visitor, options: { phone?: boolean; title?: boolean } = {}): Promise<void> {
  if (options.title !== false) await form.locator('[name="title"][value="ms"]').check();
  await form.locator('[name="firstName"]').fill(visitor.firstName);
  await form.locator('[name="lastName"]').fill(visitor.lastName);
  await form.locator('[name="email"]').fill(visitor.email);
  if (options.phone !== false) await form.locator('[name="phone"]').fill('0475 12 34 56');
}

export async function acceptPrivacy(form: Locator): Promise<void> {
  await form.locator('[name="privacy"]').check();
}

/**
 * A form as a visitor with JavaScript uses it: on screen, its code loaded. Its code is not among
 * the page's first scripts (components/forms/lazy-form.tsx fetches it as the form comes near);
 * a visitor quicker than that sends the form as without JavaScript.
 */
export async function reachForm(form: Locator): Promise<void> {
  // In one step in the page: the browser's own form is replaced by React's as it comes on screen.
  await form.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(form).toHaveAttribute('data-ready', 'true');
}

/** Opens the request disclosure of a listing page ("#request-visit" and friends). */
export async function openRequest(page: Page, anchor: string): Promise<Locator> {
  const disclosure = page.locator(`details:has(#${anchor})`);
  await disclosure.locator('summary').click();
  await expect(disclosure).toHaveAttribute('open', '');
  return disclosure.locator('form');
}

export async function submitAndExpectThanks(page: Page, form: Locator, language: TestLanguage, thankYou: keyof (typeof en)['thankYou']['forms']): Promise<void> {
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(thankYouUrl(thankYou, language));
  // A viewing booked at a time is booked: the page says so (issue 39 item 15).
  const booked = thankYou === 'contact-appointment' && new URL(page.url()).searchParams.has('slot');
  await expect(page.locator('main')).toContainText(booked ? messages[language].thankYou.appointmentBooked : messages[language].thankYou.forms[thankYou]);
}

/**
 * Pastes `text` into a field as a visitor does from a password manager or a note (WCAG 3.3.8): the
 * clipboard, then Ctrl+V (Cmd+V on a Mac). A page that blocked pasting would leave the field empty.
 */
export async function pasteInto(field: Locator, text: string): Promise<void> {
  const page = field.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(text);
}
