import { expect, test } from './warm-page';
import { getProjects, getProperties } from '@/lib/catalogue';
import type { FormName } from '@/lib/form-kinds/table';
import { href, type Route } from '@/lib/pages';
import { captchaAnswerOf, messages, reachForm, requestsFor, uniqueEmail } from './forms-helpers';
import { languageTurns } from './language-turns';
import { storeConsent } from './stored-consent';

/*
 * Every form, sent invalid, in one of nl, fr and en in turn: the browser shows the localized errors and sends
 * nothing; the server, sent the same, answers 422 in the visitor's language and stores nothing.
 */

const sale = getProperties('en', { goal: 'sale' }).find((property) => property.availability === 'on-offer')!;
const rent = getProperties('en', { goal: 'rent' }).find((property) => property.availability === 'on-offer')!;
const project = getProjects('en')[0]!;

type Case = {
  form: FormName;
  /** The page that shows the form; the cases of one page share one page load. */
  on: Route;
  /** The anchor of the folded block that holds the form, on a listing. */
  unfold?: string;
  /** The error the empty form must show, and a field it belongs to. */
  field: string;
  error: keyof (typeof messages)['en']['forms']['errors'];
  /** What the API is sent: an address of its own plus what the form needs to be about. */
  body: Record<string, unknown>;
  captcha: boolean;
};

const onListing = (id: number, anchor: string) => ({ on: { page: 'property', id } satisfies Route, unfold: anchor });
const onMenu = (id: string) => ({ on: { page: 'menu', id } satisfies Route });

const cases: Case[] = [
  { form: 'contact-appointment', ...onListing(sale.id, 'request-visit'), field: 'firstName', error: 'firstNameRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'contact-me', ...onListing(sale.id, 'request-information'), field: 'lastName', error: 'lastNameRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'request-documents', ...onListing(sale.id, 'request-documents'), field: 'phone', error: 'phoneRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'send-to-friend', ...onListing(sale.id, 'send-to-friend'), field: 'friendEmail', error: 'friendEmailInvalid', body: { propertyId: sale.id }, captcha: true },
  { form: 'purchase-offer', ...onListing(sale.id, 'make-offer'), field: 'amount', error: 'amountRequired', body: { propertyId: sale.id }, captcha: true },
  { form: 'rental-application', ...onListing(rent.id, 'apply-to-rent'), field: 'moveDate', error: 'moveDateRequired', body: { propertyId: rent.id }, captcha: true },
  {
    form: 'contact-construction',
    on: { page: 'project', id: project.id },
    field: 'title',
    error: 'titleRequired',
    body: { projectId: project.id },
    captcha: true,
  },
  { form: 'site-contact', ...onMenu('contact'), field: 'city', error: 'cityRequired', body: {}, captcha: true },
  { form: 'contact-demand', ...onMenu('free-valuation'), field: 'propertyType', error: 'typeRequired', body: {}, captcha: true },
  { form: 'demand-register', ...onMenu('demand-register'), field: 'zones', error: 'zoneRequired', body: {}, captcha: true },
  { form: 'testimonial', ...onMenu('share-your-experience'), field: 'comment', error: 'commentRequired', body: {}, captcha: true },
  { form: 'job-application', ...onMenu('jobs'), field: 'firstName', error: 'firstNameRequired', body: {}, captcha: true },
  { form: 'sign-newsletter', ...onMenu('contact'), field: 'privacy', error: 'privacyRequired', body: {}, captcha: false },
];

/** The cases grouped by the page that shows their form, so that each page loads once. */
const byPage = new Map<string, Case[]>();
for (const item of cases) byPage.set(JSON.stringify(item.on), [...(byPage.get(JSON.stringify(item.on)) ?? []), item]);

const languages = ['nl', 'fr', 'en'] as const;
// Each page's forms are sent empty in one language, the languages taking turns (language-turns.ts).
const inTurn = languageTurns(languages);

for (const language of languages) {
  const t = messages[language].forms;
  for (const [shownOn, group] of byPage) {
    if (inTurn(language, shownOn))
      test(`${group.map((item) => item.form).join(', ')} sent empty in ${language}: localized errors, nothing sent, nothing stored`, async ({ page, request }) => {
        // Each form of the page is sent twice (browser and API).
        test.setTimeout(Math.max(30_000, group.length * 15_000));
        await storeConsent(page);
        const posts: string[] = [];
        page.on('request', (sent) => {
          if (sent.method() === 'POST' && sent.url().includes('/api/forms/')) posts.push(sent.url());
        });
        await page.goto(href(group[0]!.on, language));
        for (const item of group) {
          if (item.unfold) await page.locator(`details:has(#${item.unfold}) > summary`).click();
          const form = page.locator(`form[data-form="${item.form}"]`);
          await reachForm(form);
          await form.locator('button[type="submit"]').click();
          await expect(form.getByRole('alert')).toContainText(t.status.validation);
          await expect(form).toContainText(t.errors[item.error]);
          // A radio or checkbox group carries the error on its fieldset, a single control on itself.
          const fieldGroup = item.field === 'title' || item.field === 'zones' || item.field === 'propertyType';
          const invalid = fieldGroup ? form.locator(`fieldset[role]:has([name="${item.field}"])`) : form.locator(`[name="${item.field}"]`);
          await expect(invalid).toHaveAttribute('aria-invalid', 'true');
          expect(posts, item.form).toEqual([]);

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
          expect(response.status(), item.form).toBe(422);
          const answer = (await response.json()) as { message: string; fieldErrors: Record<string, { message: string }> };
          expect(answer.message).toBe(t.status.validation);
          expect(answer.fieldErrors[item.field]?.message).toBe(t.errors[item.error]);
          expect(await requestsFor(email)).toHaveLength(0);
        }
      });
  }
}
