import { expect, test, type Page } from '@playwright/test';
import { getAppointmentSlots, getProperties } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { acceptPrivacy, expectSpamCheckSolved, fillIdentity, messages, openRequest, passSpamCheck, thankYouUrl, uniqueEmail } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * Issue 39, item 15: after a request the visitor reads what it was about (the listing, the viewing
 * time on the Brussels clock), that a booked viewing is booked, what comes next, and a link back;
 * with JavaScript and without it (the plain post lands on the same page).
 */

const onOffer = getProperties('fr').filter((listing) => listing.availability === 'on-offer');

/** The summary's link back to the listing, and what the page says next. */
async function expectSummary(page: Page, listingId: number) {
  const t = messages.fr.thankYou;
  const listing = onOffer.find((candidate) => candidate.id === listingId);
  const summary = page.locator('[data-thank-you="summary"]');
  await expect(summary.getByRole('link', { name: listing?.title ?? '-', exact: false })).toHaveAttribute('href', href({ page: 'property', id: listingId }, 'fr'));
  await expect(page.getByRole('heading', { level: 2, name: t.nextTitle })).toBeVisible();
  await page.getByRole('link', { name: t.backToListing }).click();
  await expect(page).toHaveURL(new RegExp(`${href({ page: 'property', id: listingId }, 'fr')}$`));
}

test('a booked visit: the thank-you page names the listing and the time, says it is booked, and leads back', async ({ page, request }) => {
  await storeConsent(page);
  let found: { id: number; slot: number } | undefined;
  for (const listing of onOffer) {
    const { slots } = (await (await request.get(`/api/slots/${listing.id}/`)).json()) as { slots: { id: number; remaining: number }[] };
    const free = slots.find((slot) => slot.remaining > 0);
    if (free) {
      found = { id: listing.id, slot: free.id };
      break;
    }
  }
  if (!found) throw new Error('no listing has a free viewing time left');
  const slot = getAppointmentSlots(found.id).find((candidate) => candidate.ID === found.slot);
  await page.goto(href({ page: 'property', id: found.id }, 'fr'));
  const form = await openRequest(page, 'request-visit');
  await form.locator(`[name="slotId"][value="${found.slot}"]`).check();
  await fillIdentity(form, { email: uniqueEmail('thanks-visit'), firstName: 'Chloé', lastName: 'Dumont' });
  await acceptPrivacy(form);
  await expectSpamCheckSolved(form);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(thankYouUrl('contact-appointment', 'fr'));
  const main = page.locator('main');
  await expect(main).toContainText(messages.fr.thankYou.appointmentBooked);
  await expect(main).not.toContainText(messages.fr.thankYou.forms['contact-appointment']);
  const time = `${slot?.Start.slice(8, 10)}-${slot?.Start.slice(5, 7)}-${slot?.Start.slice(0, 4)} ${slot?.Start.slice(11, 16)}–${slot?.End.slice(11, 16)}`;
  await expect(page.locator('[data-thank-you="slot"]')).toContainText(time);
  await expectSummary(page, found.id);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a request about a listing lands on the same summary, on the page that waits for the mailed link', async ({ page, context }) => {
    await storeConsent(context);
    const listing = onOffer.find((candidate) => candidate.goal === 'sale');
    if (!listing) throw new Error('no listing for sale');
    await page.goto(href({ page: 'property', id: listing.id }, 'fr'));
    const disclosure = page.locator('details:has(#request-information)');
    await disclosure.locator('summary').click();
    const form = disclosure.locator('form');
    await fillIdentity(form, { email: uniqueEmail('thanks-nojs'), firstName: 'Anne', lastName: 'Lebrun' });
    await acceptPrivacy(form);
    await passSpamCheck(form, 'fr');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(thankYouUrl('contact-me', 'fr', true));
    await expect(page.locator('[data-thank-you="by-mail"]')).toBeVisible();
    await expectSummary(page, listing.id);
  });
});
