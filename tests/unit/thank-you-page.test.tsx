// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppointmentSlots, getListing, getProjects } from '@/lib/catalogue';
import { href, resolvePath } from '@/lib/pages';
import { thankYouRouteOf, type ThankYouRoute } from '@/lib/pages/thank-you/kind';
import { thankYouSummaryPath } from '@/lib/pages/internal-paths';
import { allMessages } from '@/lib/i18n/messages';

/*
 * Issue 39, item 15: a thank-you page says which listing (or project) and which viewing time the
 * request was about, leads back to it, and says what comes next; the visit's page says a booked
 * viewing is booked instead of promising to confirm it. The same page for a post without
 * JavaScript (its route carries the same ids).
 */

vi.mock('next-intl/server', () => import('./intl-mock'));
vi.stubEnv('__NEXT_TRAILING_SLASH', 'true');
const { ThankYouPage } = await import('@/components/content/thank-you-page');

afterEach(cleanup);

async function page(route: ThankYouRoute, language: 'nl' | 'fr' | 'en' | 'de' = 'fr') {
  return render(<>{await ThankYouPage({ route, language })}</>);
}

const slotOf = () => {
  for (const listing of [4000001, 4000002, 4000006, 4000011, 4000014, 4000020, 4000035]) {
    const slot = getAppointmentSlots(listing)[0];
    if (slot) return { listing, slot };
  }
  throw new Error('the snapshot has a listing with a viewing time');
};

describe('the thank-you page of a visit', () => {
  it('names the listing and the booked time on the Brussels clock, links back, and never promises a confirmation', async () => {
    const { listing, slot } = slotOf();
    for (const language of ['fr', 'nl', 'en', 'de'] as const) {
      const t = allMessages[language].thankYou;
      const { container } = await page({ page: 'thank-you', form: 'contact-appointment', listing, slot: slot.ID }, language);
      const text = container.textContent ?? '';
      expect(text, language).not.toContain(t.forms['contact-appointment']);
      expect(text, language).toContain(t.appointmentBooked);
      const time = `${slot.Start.slice(8, 10)}-${slot.Start.slice(5, 7)}-${slot.Start.slice(0, 4)} ${slot.Start.slice(11, 16)}–${slot.End.slice(11, 16)}`;
      expect(container.querySelector('[data-thank-you="slot"]')?.textContent, language).toContain(time);
      const title = getListing(listing, language)?.title ?? '';
      const back = within(container)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href') === href({ page: 'property', id: listing }, language));
      expect(back.map((link) => link.textContent)).toEqual(expect.arrayContaining([expect.stringContaining(title), t.backToListing]));
      expect(within(container).getByRole('heading', { level: 2 }).textContent).toBe(t.nextTitle);
      cleanup();
    }
  });

  it('keeps the promise to confirm for a visit asked without a time', async () => {
    const { container } = await page({ page: 'thank-you', form: 'contact-appointment', listing: slotOf().listing });
    expect(container.textContent).toContain(allMessages.fr.thankYou.forms['contact-appointment']);
  });

  it('shows the same summary after a post without JavaScript, the time as chosen, not yet booked', async () => {
    const { listing, slot } = slotOf();
    const { container } = await page({ page: 'thank-you', form: 'contact-appointment', byMail: true, listing, slot: slot.ID });
    expect(container.querySelector('[data-thank-you="by-mail"]')).not.toBeNull();
    expect(container.textContent).toContain(allMessages.fr.thankYou.slotChosen);
    expect(container.textContent).not.toContain(allMessages.fr.thankYou.appointmentBooked);
    expect(
      within(container)
        .getAllByRole('link')
        .some((link) => link.getAttribute('href') === href({ page: 'property', id: listing }, 'fr')),
    ).toBe(true);
  });

  it('names a project and leads back to it', async () => {
    const project = getProjects('en')[0];
    if (!project) throw new Error('the snapshot has a project');
    const { container } = await page({ page: 'thank-you', form: 'contact-construction', project: project.id }, 'en');
    expect(
      within(container)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href') === href({ page: 'project', id: project.id }, 'en')),
    ).toHaveLength(2);
  });
});

describe('the thank-you URL', () => {
  it('carries the ids only, reads back into the same page, and is rendered per request', () => {
    const route: ThankYouRoute = { page: 'thank-you', form: 'contact-appointment', listing: 4000001, slot: 12 };
    const url = href(route, 'nl');
    expect(url).toBe('/nl/bedankt/contact-appointment/?listing=4000001&slot=12');
    const [path = '', search = ''] = url.split('?');
    expect(resolvePath(path, search)?.route).toEqual(route);
    const internal = new URL(thankYouSummaryPath('nl', route), 'http://localhost');
    expect(thankYouRouteOf(internal.searchParams)).toEqual(route);
  });
});
