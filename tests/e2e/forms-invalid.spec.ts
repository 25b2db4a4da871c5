import { expect, test, type Page } from '@playwright/test';
import { getProjects, getProperties } from '@/lib/catalogue';
import type { FormName } from '@/lib/forms/schemas';
import { href } from '@/lib/pages';
import { captchaAnswerOf, messages, requestsFor, uniqueEmail, type TestLanguage } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * Every form, sent invalid, in nl, fr and en: the browser shows the localized errors and sends
 * nothing; the server, sent the same, answers 422 in the visitor's language and stores nothing.
 */

const sale = getProperties('en', { goal: 'sale' }).find((property) => property.availability === 'on-offer')!;
const rent = getProperties('en', { goal: 'rent' }).find((property) => property.availability === 'on-offer')!;
const project = getProjects('en')[0]!;

type Case = {
  form: FormName;
  open: (page: Page, language: TestLanguage) => Promise<void>;
  /** The error the empty form must show, and a field it belongs to. */
  field: string;
  error: keyof (typeof messages)['en']['forms']['errors'];
  /** What the API is sent: an address of its own plus what the form needs to be about. */
  body: Record<string, unknown>;
  captcha: boolean;
};

const onListing = (id: number, anchor: string) => async (page: Page, language: TestLanguage) => {
  await page.goto(href({ page: 'property', id }, language));
  await page.locator(`details:has(#${anchor}) > summary`).click();
};
const onMenu = (id: string) => async (page: Page, language: TestLanguage) => {
  await page.goto(href({ page: 'menu', id }, language));
};

const cases: Case[] = [
  { form: 'contact-appointment', open: onListing(sale.id, 'request-visit'), field: 'firstName', error: 'firstNameRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'contact-me', open: onListing(sale.id, 'request-information'), field: 'lastName', error: 'lastNameRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'request-documents', open: onListing(sale.id, 'request-documents'), field: 'phone', error: 'phoneRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'send-to-friend', open: onListing(sale.id, 'send-to-friend'), field: 'friendEmail', error: 'friendEmailInvalid', body: { propertyId: sale.id }, captcha: true },
  { form: 'purchase-offer', open: onListing(sale.id, 'make-offer'), field: 'amount', error: 'amountRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'rental-application', open: onListing(rent.id, 'apply-to-rent'), field: 'moveDate', error: 'moveDateRequired', body: { propertyId: rent.id }, captcha: true },
  {
    form: 'contact-construction',
    open: async (page, language) => {
      await page.goto(href({ page: 'project', id: project.id }, language));
    },
    field: 'title',
    error: 'titleRequired',
    body: { projectId: project.id },
    captcha: true,
  },
  { form: 'site-contact', open: onMenu('contact'), field: 'city', error: 'cityRequired', body: {}, captcha: true },
  { form: 'contact-demand', open: onMenu('free-valuation'), field: 'propertyType', error: 'typeRequired', body: {}, captcha: true },
  { form: 'demand-register', open: onMenu('demand-register'), field: 'zones', error: 'zoneRequired', body: {}, captcha: true },
  { form: 'testimonial', open: onMenu('share-your-experience'), field: 'comment', error: 'commentRequired', body: {}, captcha: true },
  { form: 'job-application', open: onMenu('jobs'), field: 'firstName', error: 'firstNameRequired', body: {}, captcha: true },
  { form: 'sign-newsletter', open: onMenu('contact'), field: 'privacy', error: 'privacyRequired', body: {}, captcha: false },
];

for (const language of ['nl', 'fr', 'en'] as const) {
  const t = messages[language].forms;
  for (const item of cases) {
    test(`${item.form} sent empty in ${language}: localized errors, nothing sent, nothing stored`, async ({ page, request }) => {
      await storeConsent(page);
      const posts: string[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().includes('/api/forms/')) posts.push(sent.url());
      });
      await item.open(page, language);
      const form = page.locator(`form[data-form="${item.form}"]`);
      await expect(form).toHaveAttribute('data-ready', 'true');
      await form.locator('button[type="submit"]').click();
      await expect(form.getByRole('alert')).toContainText(t.status.validation);
      await expect(form).toContainText(t.errors[item.error]);
      // A radio or checkbox group carries the error on its fieldset, a single control on itself.
      const group = item.field === 'title' || item.field === 'zones' || item.field === 'propertyType';
      const invalid = group ? form.locator(`fieldset[role]:has([name="${item.field}"])`) : form.locator(`[name="${item.field}"]`);
      await expect(invalid).toHaveAttribute('aria-invalid', 'true');
      expect(posts).toEqual([]);

      // The same mistakes sent to the server straight away.
      const email = uniqueEmail(`invalid-${item.form}-${language}`);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const body: Record<string, unknown> = { ...item.body, lang: language, email: item.field === 'email' ? 'x' : email };
      if (item.form === 'send-to-friend') body.friendEmail = 'not-an-address';
      if (item.captcha) {
        const { cookie, answer } = captchaAnswerOf((await request.get(`/api/captcha/${item.form}/`)).headers()['set-cookie']);
        headers.cookie = cookie;
        body.captcha = answer;
      }
      const response = await request.post(`/api/forms/${item.form}/`, { data: body, headers });
      expect(response.status()).toBe(422);
      const answer = (await response.json()) as { message: string; fieldErrors: Record<string, { message: string }> };
      expect(answer.message).toBe(t.status.validation);
      expect(answer.fieldErrors[item.field]?.message).toBe(t.errors[item.error]);
      expect(await requestsFor(email)).toHaveLength(0);
    });
  }
}
