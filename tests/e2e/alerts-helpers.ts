import { expect, type Browser, type Page } from '@playwright/test';
import { href } from '@/lib/pages';
import { answerCaptchaByAudio, messages, sitePort, thankYouUrl, type TestLanguage } from './forms-helpers';
import type { ReceivedMail } from './mailbox';

/*
 * The alerts' forms and links as a visitor without JavaScript uses them (alerts.spec.ts,
 * confirmation-pages.spec.ts): a search registered, a listing followed, a link read from a mail.
 */

const slugOf = { nl: 'meldingen', fr: 'alertes', en: 'alerts', de: 'benachrichtigungen' } as const;

/** The link of a mail to the alerts page (confirm or unsubscribe). */
export function alertLink(mail: ReceivedMail | undefined, language: TestLanguage, action: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`http://localhost:${sitePort}/${language}/${slugOf[language]}/\\?action=${action}&token=[A-Za-z0-9_.-]+`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${action} link in: ${mail?.text}`);
  return match[0];
}

export async function withoutJavaScript<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Follows a listing with the form of its page; returns nothing (the mailbox tells the rest). */
export async function follow(page: Page, language: TestLanguage, id: number, email: string): Promise<void> {
  await page.goto(href({ page: 'property', id }, language));
  const disclosure = page.locator('details:has(#follow-listing)');
  await disclosure.locator('summary').click();
  const form = disclosure.locator('form[data-form="follow-listing"]');
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="privacy"]').check();
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(thankYouUrl('follow-listing', language));
  await expect(page.locator('main')).toContainText(messages[language].thankYou.forms['follow-listing']);
}

/** Registers a search alert for a type (WebID) in a postcode with the site's form (nothing typed but what the spec's form asks). */
export async function registerSearch(page: Page, language: TestLanguage, email: string, search: { webId: number | undefined; zip: string | undefined }): Promise<void> {
  await page.goto(href({ page: 'menu', id: 'demand-register' }, language));
  const form = page.locator('form[data-form="demand-register"]');
  await form.locator('[name="goal"][value="sale"]').check();
  await form.locator(`[name="types"][value="${search.webId}"]`).check();
  await form.locator('[name="postcodes"]').fill(search.zip ?? '');
  await form.locator('[name="title"][value="ms"]').check();
  await form.locator('[name="firstName"]').fill('Sofie');
  await form.locator('[name="lastName"]').fill('Peeters');
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="phone"]').fill('0475 12 34 56');
  await form.locator('[name="privacy"]').check();
  await answerCaptchaByAudio(form, language);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(thankYouUrl('demand-register', language));
}
