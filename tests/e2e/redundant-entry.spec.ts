import { expect, test } from './warm-page';
import { href } from '@/lib/pages';
import { openRequest, reachForm } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * WCAG 3.3.7 redundant entry: the name, e-mail and phone a visitor typed in one request form on a
 * listing are offered again in the next form they open on the page (components/forms/typed-identity.ts),
 * and in the tab's next listing; what they change in the next form stays theirs.
 */

test.beforeEach(async ({ page }) => storeConsent(page));

const typed = { firstName: 'Marie', lastName: 'Dubois', email: 'marie.dubois@example.be', phone: '0475 12 34 56' };

test('what was typed in the visit request is offered in the information request, and on the next listing', async ({ page }) => {
  await page.goto(href({ page: 'property', id: 4000001 }, 'fr'));
  const visit = await openRequest(page, 'request-visit');
  await reachForm(visit);
  await visit.locator('[name="title"][value="ms"]').check();
  for (const [name, value] of Object.entries(typed)) await visit.locator(`[name="${name}"]`).fill(value);

  const information = await openRequest(page, 'request-information');
  await reachForm(information);
  for (const [name, value] of Object.entries(typed)) await expect(information.locator(`[name="${name}"]`)).toHaveValue(value);
  await expect(information.locator('[name="title"][value="ms"]')).toBeChecked();

  // A field the visitor empties in this form stays empty when they close and open it again.
  await information.locator('[name="phone"]').fill('');
  await page.locator('details:has(#request-information) summary').click();
  await openRequest(page, 'request-information');
  await expect(information.locator('[name="phone"]')).toHaveValue('');
  await expect(information.locator('[name="firstName"]')).toHaveValue(typed.firstName);

  // The tab's next listing offers it too, the phone as last typed (emptied).
  await page.goto(href({ page: 'property', id: 4000002 }, 'fr'));
  const documents = await openRequest(page, 'request-documents');
  await reachForm(documents);
  await expect(documents.locator('[name="email"]')).toHaveValue(typed.email);
  await expect(documents.locator('[name="lastName"]')).toHaveValue(typed.lastName);
  await expect(documents.locator('[name="phone"]')).toHaveValue('');
});
