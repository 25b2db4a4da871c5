import { expect, test } from '@playwright/test';
import { fullListings } from '../full-listings';
import { href } from '@/lib/pages';
import { waitForMails } from './mailbox';
import { acceptPrivacy, confirmByMail, fillIdentity, messages, openRequest, passSpamCheck, uniqueEmail, type TestLanguage } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * A listing's documents are private (issue 13, item 18): the page names them, the request form
 * sends the visitor signed links by e-mail, those links download the PDF, and no public path does.
 */

const listing = fullListings('en', { goal: 'sale' }).find((property) => property.availability === 'on-offer' && property.documents.length > 1)!;
const documentLink = /https?:\/\/\S+\/api\/documents\/\d+\/\d+\/\?\S+/g;

test.beforeEach(async ({ page }) => storeConsent(page));

test('the listing page names its documents but links to no file', async ({ page }) => {
  await page.goto(href({ page: 'property', id: listing.id }, 'nl'));
  const section = page.locator('section[aria-labelledby="documents"]');
  const names = fullListings('nl')
    .find((property) => property.id === listing.id)!
    .documents.map((document) => document.name);
  for (const name of names) await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(section.getByRole('link', { name: messages.nl.property.requestDocuments })).toHaveAttribute('href', '#request-documents');
  expect(await page.locator('a[href*=".pdf"], a[href*="/api/documents/"]').count()).toBe(0);
  expect(await page.content()).not.toContain('/catalogue/documents/');
});

test('the public addresses of the documents answer 404', async ({ request }) => {
  for (const document of listing.documents) {
    const response = await request.get(document.url, { maxRedirects: 0 });
    expect(response.status(), document.url).toBe(404);
    expect(response.headers()['content-type'] ?? '').not.toContain('application/pdf');
  }
  expect((await request.get('/catalogue/documents/')).status()).toBe(404);
});

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['en'] as TestLanguage[]) {
  test(`in ${language}, the documents request mails signed links that download the PDFs, and a changed link is refused`, async ({ page, request }) => {
    // A form, the outbox and two downloads: more than the default on a busy two-core machine.
    test.setTimeout(90_000);
    const visitor = { email: uniqueEmail(`documents-${language}`), firstName: 'Élise', lastName: 'Documents' };
    await page.goto(href({ page: 'property', id: listing.id }, language));
    const form = await openRequest(page, 'request-documents');
    await fillIdentity(form, visitor);
    await acceptPrivacy(form);
    await passSpamCheck(form, language);
    // A mailbox that never used a link of ours first gets one (issue 35): the documents follow it.
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('main')).toContainText(messages[language].thankYou.byMailDocuments);
    await confirmByMail(page, visitor.email, language, 'request-documents');

    const [, mail] = await waitForMails(visitor.email, 2);
    const t = messages[language];
    expect(mail?.text).toContain(t.mail.documentsIntro.replace('{days}', '7'));
    const links = [...new Set(mail?.text.match(documentLink) ?? [])];
    expect(links).toHaveLength(listing.documents.length);
    for (const link of links) {
      const response = await request.get(link);
      expect(response.status(), link).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const genuine = new URL(links[0]!);
    const tampered = new URL(genuine);
    tampered.searchParams.set('expires', String(Number(genuine.searchParams.get('expires')) + 365 * 86400));
    const refused = await request.get(tampered.href);
    expect([403, 404]).toContain(refused.status());
    expect((await refused.body()).subarray(0, 5).toString('latin1')).not.toBe('%PDF-');

    // A visitor who opens a changed link reads why, in their language.
    await page.goto(tampered.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.documents.invalidTitle);
  });
}
