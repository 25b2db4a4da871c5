import { expect, test } from './warm-page';
import { href } from '@/lib/pages';
import { waitForMails } from './mailbox';
import { acceptPrivacy, fillIdentity, messages, reachForm, requestsFor, expectSpamCheckSolved, submitAndExpectThanks, uniqueEmail } from './forms-helpers';
import { storeConsent } from './stored-consent';

const germanPort = Number(process.env.E2E_PORT ?? 3100) + 1;
const de = messages.de;

test('the contact form works in German, with German errors', async ({ page }) => {
  await storeConsent(page);
  await page.goto(href({ page: 'menu', id: 'contact' }, 'de'));
  const form = page.locator('form[data-form="site-contact"]');
  await reachForm(form);
  await form.locator('button[type="submit"]').click();
  await expect(form).toContainText(de.forms.errors.firstNameRequired);
  const visitor = { email: uniqueEmail('de-contact'), firstName: 'Jürgen', lastName: 'Schmitz' };
  await fillIdentity(form, visitor);
  await form.locator('[name="city"]').fill('Eupen');
  await acceptPrivacy(form);
  await expectSpamCheckSolved(form);
  await submitAndExpectThanks(page, form, 'de', 'site-contact');
  const stored = await requestsFor(visitor.email, germanPort);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ form: 'site-contact', lang: 'de' });
  const [mail] = await waitForMails(visitor.email);
  expect(mail?.subject).toBe(de.mail.visitorSubject.replace('{form}', de.forms.names['site-contact']).replace('{agency}', 'Immo Hainaut'));
});

test('a client that sends one form too often is slowed down (429, in German)', async ({ request }) => {
  const statuses: number[] = [];
  let last = '';
  for (let index = 0; index < 11; index += 1) {
    const response = await request.post('/api/forms/sign-newsletter/', {
      data: { email: uniqueEmail(`de-rate-${index}`), privacy: true, lang: 'de' },
      // The limit answers before the body (and its lang) is read: the browser's language tells.
      headers: { 'content-type': 'application/json', 'accept-language': 'de-BE,de;q=0.9', 'x-forwarded-for': '198.51.100.77' },
    });
    statuses.push(response.status());
    last = await response.text();
  }
  expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
  expect(statuses[10]).toBe(429);
  expect(last).toContain(de.forms.status.rateLimited);
});
