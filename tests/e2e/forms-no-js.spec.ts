import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { getProperties } from '@/lib/catalogue';
import { draftCookieValues } from '@/lib/forms/draft';
import { href } from '@/lib/pages';
import { getSite } from '@/lib/config';
import { formatPhone } from '@/lib/format';
import { altchaFieldFor, confirmByMail, messages, requestsFor, passSpamCheck, sitePort, uniqueEmail } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * Without JavaScript a form posts natively. When the server refuses it, the visitor lands on the
 * same page of the site (header, footer, their language) with the form filled in as they left it
 * (files aside), each error next to its field and a summary at the top that has the
 * focus. Nothing they typed travels in the URL.
 */

test.use({ javaScriptEnabled: false });

const origin = `http://localhost:${sitePort}`;

async function expectFrame(page: Page, language: 'nl' | 'fr' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('body > header, header').first()).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
}

test('the contact form comes back filled in, with each error at its field, and then sends', async ({ page, context }) => {
  await storeConsent(context);
  const t = messages.fr.forms;
  const email = uniqueEmail('nojs-draft');
  await page.goto(href({ page: 'menu', id: 'contact' }, 'fr'));
  const form = page.locator('form[data-form="site-contact"]');
  await form.locator('[name="title"][value="ms"]').check();
  await form.locator('[name="firstName"]').fill('Élodie');
  // The last name is forgotten.
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="phone"]').fill('0475 12 34 56');
  await form.locator('[name="city"]').fill('Mons');
  await form.locator('[name="remark"]').fill('Pouvez-vous me rappeler après 17 h ?');
  await form.locator('[name="contactSlots"][value="16-19"]').check();
  await form.locator('[name="privacy"]').check();
  await passSpamCheck(form, 'fr');
  await form.locator('button[type="submit"]').click();

  await page.waitForURL(/\/fr\/contact\/\?draft=[\w-]{16}#form-status$/);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain('Mons');
  await expectFrame(page, 'fr');
  const again = page.locator('form[data-form="site-contact"]');
  // The summary at the top says what went wrong, and has the focus.
  const summary = again.locator('#form-status');
  await expect(summary).toContainText(t.status.validation);
  await expect(summary).toContainText('1 champ demande votre attention');
  // The form takes a CV, which is never kept: the visitor is told to add it again.
  await expect(summary).toContainText(t.ui.reenterFile);
  await expect(summary).toBeFocused();
  // What was typed is there.
  await expect(again.locator('[name="title"][value="ms"]')).toBeChecked();
  await expect(again.locator('[name="firstName"]')).toHaveValue('Élodie');
  await expect(again.locator('[name="email"]')).toHaveValue(email);
  await expect(again.locator('[name="phone"]')).toHaveValue('0475 12 34 56');
  await expect(again.locator('[name="city"]')).toHaveValue('Mons');
  await expect(again.locator('[name="remark"]')).toHaveValue('Pouvez-vous me rappeler après 17 h ?');
  await expect(again.locator('[name="contactSlots"][value="16-19"]')).toBeChecked();
  await expect(again.locator('[name="contactSlots"][value="10-13"]')).not.toBeChecked();
  await expect(again.locator('[name="privacy"]')).toBeChecked();
  await expect(again.locator('[name="captcha"]')).toHaveValue('');
  // Each error next to its field, tied to it.
  const lastName = again.locator('[name="lastName"]');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await lastName.getAttribute('aria-describedby')}`)).toHaveText(t.errors.lastNameRequired);
  expect(await requestsFor(email)).toHaveLength(0);

  // Corrected, it is sent.
  await lastName.fill('Lambert');
  await passSpamCheck(again, 'fr');
  await again.locator('button[type="submit"]').click();
  // Passed by the spoken code, which a program can read: it waits for the link mailed to the address.
  await confirmByMail(page, email, 'fr', 'site-contact');
  const [stored] = await requestsFor(email);
  expect(JSON.parse(stored?.payload ?? '{}')).toMatchObject({ firstName: 'Élodie', lastName: 'Lambert', remark: 'Pouvez-vous me rappeler après 17 h ?', contactSlots: ['16-19'] });
  // The draft was for that page only, and is gone once the form is sent.
  expect((await context.cookies()).filter((cookie) => cookie.name.startsWith('form-draft'))).toEqual([]);
});

test('a listing form comes back open, filled in, on the listing page', async ({ page, context }) => {
  await storeConsent(context);
  const t = messages.nl.forms;
  const rent = getProperties('nl', { goal: 'rent' }).find((property) => property.availability === 'on-offer');
  if (!rent) throw new Error('no listing for rent');
  await page.goto(href({ page: 'property', id: rent.id }, 'nl'));
  const disclosure = page.locator('details:has(#apply-to-rent)');
  await disclosure.locator('summary').click();
  const form = disclosure.locator('form');
  await form.locator('[name="firstName"]').fill('Jan');
  await form.locator('[name="adults"]').fill('0');
  await form.locator('[name="moveDate"]').fill('2019-09-01');
  await form.locator('[name="pets"]').fill('een kat');
  await form.locator('button[type="submit"]').click();

  await page.waitForURL(new RegExp(`${href({ page: 'property', id: rent.id }, 'nl')}\\?draft=[\\w-]{16}#form-status$`));
  await expectFrame(page, 'nl');
  const reopened = page.locator('details:has(#apply-to-rent)');
  await expect(reopened).toHaveAttribute('open', '');
  const again = reopened.locator('form');
  await expect(again.locator('#form-status')).toBeFocused();
  await expect(again.locator('[name="firstName"]')).toHaveValue('Jan');
  await expect(again.locator('[name="pets"]')).toHaveValue('een kat');
  await expect(again.locator('[name="moveDate"]')).toHaveValue('2019-09-01');
  // Spec'd rules read as a person would: at least one adult, and a move-in date still to come.
  await expect(again).toContainText(t.errors.adultsMin);
  await expect(again).toContainText(t.errors.dateInPast);
  await expect(again).toContainText(t.errors.lastNameRequired);
  // The other forms of the page are left as they were.
  await expect(page.locator('details:has(#request-visit)')).not.toHaveAttribute('open', '');
});

test('the footer newsletter comes back at the top of the page with the address typed', async ({ page, context }) => {
  await storeConsent(context);
  await page.goto(href({ page: 'home' }, 'en'));
  const footerForm = page.locator('footer form[data-form="sign-newsletter"]');
  await footerForm.locator('[name="email"]').fill('reader@example.be');
  // The consent box is left unticked.
  await footerForm.locator('button[type="submit"]').click();
  await page.waitForURL(/\/en\/\?draft=[\w-]{16}#form-status$/);
  await expectFrame(page, 'en');
  const again = page.locator('main form[data-form="sign-newsletter"]');
  await expect(again.locator('[name="email"]')).toHaveValue('reader@example.be');
  await expect(again).toContainText(messages.en.forms.errors.privacyRequired);
  await expect(again.locator('#form-status')).toBeFocused();
});

test('after a failure to store, the page says honestly that nothing was stored or sent, and keeps the form filled in', async ({ page, context }) => {
  await storeConsent(context);
  // The draft a failed write leaves (lib/forms/plain-post.ts), sealed with the server's secret:
  // a database cannot be broken from here, its answer can be reproduced exactly.
  const path = href({ page: 'menu', id: 'contact' }, 'en');
  const id = 'StoreFailedDraft';
  const [value = ''] = draftCookieValues({ id, form: 'site-contact', values: { firstName: 'Ann', lastName: 'Peeters', remark: 'Call me back' }, errors: {}, status: 'apiError' });
  await context.addCookies([{ name: 'form-draft', value, url: `${origin}${path}` }]);
  await page.goto(`${path}?draft=${id}`);
  await expectFrame(page, 'en');
  const form = page.locator('form[data-form="site-contact"]');
  await expect(form.locator('#form-status')).toContainText(messages.en.forms.status.notStored);
  await expect(form.locator('#form-status')).not.toContainText(messages.en.forms.status.apiError);
  await expect(form.locator('#form-status').getByRole('link', { name: formatPhone(getSite().siteInfo.phone) })).toBeVisible();
  await expect(form.locator('[name="lastName"]')).toHaveValue('Peeters');
  await expect(form.locator('[name="remark"]')).toHaveValue('Call me back');

  // A draft id without its cookie (a shared or guessed link) shows the plain page.
  await context.clearCookies();
  await storeConsent(context);
  await page.goto(`${path}?draft=${id}`);
  await expect(page.locator('form[data-form="site-contact"] [name="lastName"]')).toHaveValue('');
  await expect(page.locator('#form-status')).toHaveCount(0);
});

/**
 * no-js and js: the last place goes to someone else after the visitor ticked it, and the server
 * refuses. late-refresh: the places left the form asks for come back only after the visitor
 * ticked the time and it filled up; the ticked time must still be posted and refused, not dropped.
 */
async function visitTooLate({ page, context, request }: { page: Page; context: BrowserContext; request: APIRequestContext }, mode: 'no-js' | 'js' | 'late-refresh') {
  const javaScript = mode !== 'no-js';
  await storeConsent(context);
  // A listing with a viewing time of which places are left: all but one are taken by others.
  let target: { propertyId: number; slotId: number; remaining: number } | undefined;
  // The runs of this test may run at once: each takes its own part of the list.
  const listings = getProperties('en').filter((candidate) => candidate.availability === 'on-offer');
  const own = { 'no-js': listings, js: [...listings].reverse(), 'late-refresh': listings.slice(Math.floor(listings.length / 2)) }[mode];
  for (const property of own) {
    const { slots } = (await (await request.get(`/api/slots/${property.id}/`)).json()) as { slots: { id: number; start: string; remaining: number }[] };
    const slot = slots.find((candidate) => candidate.remaining >= 1);
    if (slot) {
      target = { propertyId: property.id, slotId: slot.id, remaining: slot.remaining };
      break;
    }
  }
  if (!target) throw new Error('no viewing time with places left');
  const book = async (email: string) => {
    // Others book with JavaScript: their places are taken at once (a post without waits for its mailed link).
    const altcha = await altchaFieldFor(request, 'contact-appointment');
    const data = { lang: 'en', propertyId: target.propertyId, slotId: target.slotId, title: 'mr', firstName: 'Other', lastName: 'Visitor', email, phone: '0475 12 34 56', privacy: true, altcha };
    return request.post('/api/forms/contact-appointment/', { data, headers: { 'content-type': 'application/json' } });
  };
  for (let index = 1; index < target.remaining; index += 1) expect((await book(uniqueEmail(`other-${index}`))).status()).toBe(201);

  let lastPlaceTaken: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (lastPlaceTaken = resolve));
  if (mode === 'late-refresh') {
    await page.route(`**/api/slots/${target.propertyId}/`, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(href({ page: 'property', id: target.propertyId }, 'en'));
  const disclosure = page.locator('details:has(#request-visit)');
  await disclosure.locator('summary').click();
  const form = disclosure.locator('form');
  if (javaScript) await expect(form).toHaveAttribute('data-ready', 'true');
  const option = form.locator(`[name="slotId"][value="${target.slotId}"]`);
  if (javaScript) await expect(option.locator('xpath=..')).toContainText(messages.en.forms.ui.placesLeft.replace(/.*one \{# ([^}]*)\}.*/, '1 $1'));
  await option.check();
  // The last place goes to someone else before this visitor sends.
  expect((await book(uniqueEmail('last-place'))).status()).toBe(201);
  lastPlaceTaken();
  if (mode === 'late-refresh') {
    // The form now knows the time is full, and keeps it ticked and sendable.
    await expect(option.locator('xpath=..')).toContainText(`(${messages.en.forms.ui.full})`);
    await expect(option).toBeChecked();
    await expect(option).toBeEnabled();
  }
  const email = uniqueEmail('too-late');
  await form.locator('[name="title"][value="ms"]').check();
  await form.locator('[name="firstName"]').fill('Sara');
  await form.locator('[name="lastName"]').fill('Claes');
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="phone"]').fill('0475 12 34 56');
  await form.locator('[name="privacy"]').check();
  await passSpamCheck(form, 'en');
  await form.locator('button[type="submit"]').click();
  if (!javaScript) await page.waitForURL(/\?draft=/);
  const again = page.locator('details:has(#request-visit) form');
  await expect(again.getByRole('alert')).toContainText(messages.en.forms.status.appointmentsFull);
  const label = again.locator('label', { has: page.locator(`[name="slotId"][value="${target.slotId}"]`) });
  await expect(label).toContainText(`(${messages.en.forms.ui.full})`);
  await expect(again.locator(`[name="slotId"][value="${target.slotId}"]`)).toBeDisabled();
  // Never shown ticked while it cannot be sent.
  await expect(again.locator(`[name="slotId"][value="${target.slotId}"]`)).not.toBeChecked();
  await expect(again.locator('[name="firstName"]')).toHaveValue('Sara');
  expect(await requestsFor(email)).toHaveLength(0);
}

test('a visit time that filled up meanwhile shows as full when the form comes back', async ({ page, context, request }) => {
  await visitTooLate({ page, context, request }, 'no-js');
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });
  test('a refused visit refreshes the places left: "full", not "1 place left"', async ({ page, context, request }) => {
    await visitTooLate({ page, context, request }, 'js');
  });
  test('a time that fills up before the places left come back is still sent, and refused with a message', async ({ page, context, request }) => {
    await visitTooLate({ page, context, request }, 'late-refresh');
  });
});
