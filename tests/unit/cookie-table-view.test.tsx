// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CookieTableView } from '@/components/content/modules/cookie-table/cookie-table-view';
import { storageTable } from '@/lib/consent/storage-table';

/*
 * The cookie policy's table (issue 39: every cookie and storage key, with purpose and lifetime;
 * item 8: Google's and Meta's only when their ids are configured), with the ids a test sets.
 */
vi.mock('next-intl/server', () => import('./intl-mock'));

const { ids } = vi.hoisted(() => ({ ids: { analyticsId: '', adsId: '', tagManagerId: '', socialPixelId: '' } }));
vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  return { ...actual, getSite: () => ({ ...actual.getSite(), siteInfo: { ...actual.getSite().siteInfo, ...ids } }) };
});

afterEach(() => {
  cleanup();
  Object.assign(ids, { analyticsId: '', adsId: '', tagManagerId: '', socialPixelId: '' });
});

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the cookie policy table', () => {
  it('lists every cookie and storage key of the site, with its purpose and lifetime, and no tag’s without ids', async () => {
    render(await CookieTableView({ language: 'en', headingLevel: 3 }));
    const table = screen.getByRole('table', { name: 'Every cookie and storage key this site sets' });
    expect(names()).toEqual(storageTable.filter((entry) => entry.setBy === 'site').map((entry) => entry.name));
    const language = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('NEXT_LOCALE'));
    expect(language?.textContent).toBe('NEXT_LOCALECookieThis websiteRemembers the language you chose.No (essential)1 year');
    expect(table.textContent).not.toMatch(/Google|Meta/);
    expect(screen.getByText('No analytics or advertising service is configured on this site: none of their cookies is set.')).toBeTruthy();
  });

  it('lists Google Analytics’ cookies, and not Meta’s, with an Analytics id', async () => {
    ids.analyticsId = 'G-AB12CD34EF';
    render(await CookieTableView({ language: 'nl', headingLevel: 3 }));
    expect(names()).toEqual(expect.arrayContaining(['_ga', '_ga_<id>']));
    expect(names()).not.toContain('_fbp');
    const ga = within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('_ga'));
    expect(ga?.textContent).toContain('Ja: Analytische opslag');
    expect(ga?.textContent).toContain('2 jaar');
  });

  it('lists the Meta pixel’s cookie, and no Google one, with a pixel id', async () => {
    ids.socialPixelId = '123456789012345';
    render(await CookieTableView({ language: 'fr', headingLevel: 3 }));
    expect(names()).toContain('_fbp');
    expect(names()).not.toContain('_ga');
    const pixel = within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('_fbp'));
    expect(pixel?.textContent).toContain('Pixel Meta');
    expect(pixel?.textContent).toContain('90 jours');
    expect(
      within(pixel ?? document.body)
        .getByRole('link', { name: 'Pixel Meta' })
        .getAttribute('href'),
    ).toBe('https://www.facebook.com/privacy/policy/');
  });

  it('ends with the section the footer’s settings link leads to without JavaScript', async () => {
    render(await CookieTableView({ language: 'en', headingLevel: 3 }));
    const section = document.getElementById('cookie-settings');
    expect(section && within(section).getByRole('heading', { level: 3, name: 'Your choice on this device' })).toBeTruthy();
    expect(section?.textContent).toContain('Without JavaScript, no analytics or advertising tag can load');
    expect(section && within(section).getByRole('link', { name: 'Cookie settings' }).getAttribute('href')).toBe('#cookie-settings');
  });
});
