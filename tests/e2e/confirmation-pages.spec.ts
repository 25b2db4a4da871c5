import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getProperties } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { alertLink, follow, registerSearch, withoutJavaScript } from './alerts-helpers';
import { messages, sitePort, uniqueEmail, type TestLanguage } from './forms-helpers';
import { waitForMails } from './mailbox';

/*
 * The pages of the double opt-in links say what they confirm, before and after the button, without
 * JavaScript: a search alert its criteria in words, a followed listing the listing and a link to
 * it, the newsletter the address. A link that does not work names nothing.
 */

const listing = getProperties('nl', { goal: 'sale', availability: 'on-offer' }).find((candidate) => candidate.price.kind === 'amount');
if (!listing) throw new Error('the demo catalogue has no listing for sale');

/** Opens the link of the mail and checks the page before and after its button. */
async function confirmAndSee(page: Page, link: string, title: { pending: string; confirmed: string }, button: string, see: () => Promise<void>): Promise<void> {
  await page.goto(link);
  await expect(page.locator('h1')).toHaveText(title.pending);
  await see();
  await page.getByRole('button', { name: button }).click();
  await expect(page.locator('h1')).toHaveText(title.confirmed);
  await see();
}

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['nl'] as const satisfies readonly TestLanguage[]) {
  const t = messages[language];
  const alertTitles = { pending: t.alerts.page.confirmTitle, confirmed: t.alerts.page.confirmedTitle };

  test(`the confirmation of a search alert shows its criteria (${language})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`confirm-search-${language}`);
    await withoutJavaScript(browser, async (page) => {
      await registerSearch(page, language, email, { webId: listing.type.webId, zip: listing.town.zip });
      const [mail] = await waitForMails(email);
      await confirmAndSee(page, alertLink(mail, language, 'confirm'), alertTitles, t.alerts.page.confirmButton, async () => {
        const subject = page.locator('section[data-alert-subject="search"]');
        await expect(subject.locator('h2')).toHaveText(t.alerts.yourSearch);
        await expect(subject.locator('dt')).toContainText([t.forms.fields.goal, t.forms.fields.types, t.forms.fields.zones, t.forms.fields.frequency]);
        await expect(subject.locator('dd')).toContainText([t.forms.options.goal.sale, `(${listing.town.zip})`]);
        // The address is the visitor's own, but a page reached by a link does not show it.
        await expect(page.locator('main')).not.toContainText(email);
      });
    });
  });

  test(`the confirmation of a followed listing names the listing and links to it (${language})`, async ({ browser }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(`confirm-follow-${language}`);
    const shown = getProperties(language).find((candidate) => candidate.id === listing.id);
    await withoutJavaScript(browser, async (page) => {
      await follow(page, language, listing.id, email);
      const [mail] = await waitForMails(email);
      await confirmAndSee(page, alertLink(mail, language, 'confirm'), alertTitles, t.alerts.page.confirmButton, async () => {
        const subject = page.locator('section[data-alert-subject="follow"]');
        await expect(subject.locator('h2')).toHaveText(t.alerts.page.followSubject);
        const link = subject.getByRole('link', { name: shown?.title ?? 'no title' });
        await expect(link).toHaveAttribute('href', href({ page: 'property', id: listing.id }, language));
        await expect(page.locator('main')).not.toContainText(email);
      });
      await page.locator('section[data-alert-subject="follow"] a').click();
      await expect(page.locator('h1')).toContainText(shown?.town.name ?? 'no town');
    });
  });
}

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['en'] as const satisfies readonly TestLanguage[]) {
  const t = messages[language];

  test(`the newsletter's confirmation names the address (${language})`, async ({ browser }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(`confirm-newsletter-${language}`);
    await withoutJavaScript(browser, async (page) => {
      await page.goto(href({ page: 'home' }, language));
      const form = page.locator('footer form[data-form="sign-newsletter"]');
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="privacy"]').check();
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`**${href({ page: 'thank-you', form: 'sign-newsletter' }, language)}`);
      const [mail] = await waitForMails(email);
      const link = new RegExp(`http://localhost:${sitePort}/${language}/[^\\s?]+\\?token=[\\w-]+`).exec(mail?.text ?? '')?.[0];
      expect(link, 'a confirmation link').toBeDefined();
      const address = page.locator('[data-newsletter-address]');
      await confirmAndSee(page, link ?? '', { pending: t.newsletter.pendingTitle, confirmed: t.newsletter.confirmedTitle }, t.newsletter.confirmButton, async () => {
        await expect(address).toContainText(email);
      });
      await expect(address).toHaveText(t.newsletter.confirmedAddress.replace('{email}', email));
    });
  });
}

test('a link with a token nobody was given names nothing', async ({ page }) => {
  const made = 'A'.repeat(43);
  await page.goto(href({ page: 'alert-link', action: 'confirm', token: made }, 'en'));
  await expect(page.locator('h1')).toHaveText(messages.en.alerts.page.invalidTitle);
  await expect(page.locator('[data-alert-subject]')).toHaveCount(0);
  await page.goto(href({ page: 'newsletter-confirm', token: made }, 'en'));
  await expect(page.locator('h1')).toHaveText(messages.en.newsletter.invalidTitle);
  await expect(page.locator('[data-newsletter-address]')).toHaveCount(0);
});
