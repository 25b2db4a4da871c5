import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getProperties } from '@/lib/catalogue';
import { type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { listingsNotRenderedYet, untouchedBuild } from './kept-pages';
import { messages, sitePort } from './forms-helpers';
import { startOwnServer } from './own-server';
import { storeConsent } from './stored-consent';

/*
 * A page whose data fails on the server (lib/server/injected-fault.ts, on servers started with
 * E2E_FAULTS=1): the answer is a 500, and the visitor sees the site's header and footer, what
 * happened and the way home, in the page's language (app/[lang]/error.tsx), rather than Next.js's
 * bare error page. The comparison fails by the test's cookie; a filtered list (which the proxy
 * renders without any visitor's cookie) and a listing outside the prerendered share (rendered at
 * its first request, then kept) fail on a server of this test's own whose environment names them.
 */

const languages = ['nl', 'fr', 'en'] satisfies Language[];

async function expectErrorPage(page: Page, language: Language): Promise<void> {
  const texts = messages[language].serverError;
  const main = page.locator('main#main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(texts.title);
  await expect(main.getByText(texts.text)).toBeVisible();
  await expect(main.getByRole('link', { name: texts.homeLink })).toHaveAttribute('href', href({ page: 'home' }, language));
  await expect(page.locator('header').first()).toBeVisible();
  await expect(page.locator('header nav').first()).toBeVisible();
  await expect(page.locator('body > footer')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of languages) {
  test(`${language}: a comparison that fails shows the localised error page with header, footer and home link`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await storeConsent(context);
    const page = await context.newPage();
    const address = href({ page: 'compare', ids: [4000001, 4000002] }, language);
    await context.addCookies([{ name: 'e2e-fault', value: 'compare', url: baseURL ?? 'http://localhost' }]);
    expect((await page.goto(address))?.status()).toBe(500);
    await expectErrorPage(page, language);
    // Without the cookie the same address is the comparison again.
    await context.clearCookies({ name: 'e2e-fault' });
    expect((await page.goto(address))?.status()).toBe(200);
    await expect(page.locator('main table')).toBeVisible();
    await context.close();
  });
}

test.describe('on a server whose filtered lists and one listing fail', () => {
  // One server for the three languages: a worker of its own would start a second on the same port.
  test.describe.configure({ mode: 'serial' });
  const port = sitePort + 51;
  // The listing that fails is one no request has rendered (a kept page is served, never rendered
  // again): on a copy of the build that no request has touched, whatever the specs before opened.
  const sound = getProperties('en', { availability: 'on-offer' })[0];
  let faulty: ReturnType<typeof listingsNotRenderedYet>[number] | undefined;
  let build = '';
  let stop: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    build = untouchedBuild(String(port));
    faulty = listingsNotRenderedYet(build).at(-1);
    expect(faulty, 'a listing outside the prerendered share').toBeDefined();
    expect(sound).toBeDefined();
    stop = await startOwnServer(port, { NEXT_DIST_DIR: build, DATABASE_URL: `file:var/e2e-fault-${port}.db`, E2E_FAULTY_PAGES: `list,listing-${faulty!.id}` });
  });

  test.afterAll(async () => {
    await stop?.();
    rmSync(build, { recursive: true, force: true });
  });

  for (const language of languages) {
    test(`${language}: a filtered list and a listing rendered at its first request show the localised error page; the plain list and the next listing render`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
      await storeConsent(context);
      const page = await context.newPage();
      expect((await page.goto(href({ page: 'for-rent', query: { city: 'Mons|7000' } }, language)))?.status()).toBe(500);
      await expectErrorPage(page, language);
      expect((await page.goto(href({ page: 'for-rent' }, language)))?.status()).toBe(200);
      await expect(page.locator('main article').first()).toBeVisible();
      expect((await page.goto(href({ page: 'property', id: faulty!.id }, language)))?.status()).toBe(500);
      await expectErrorPage(page, language);
      const next = await page.goto(href({ page: 'property', id: sound!.id }, language));
      expect(next?.status()).toBe(200);
      await expect(page.locator('h1')).toContainText(getProperties(language).find((listing) => listing.id === sound!.id)!.title);
      await context.close();
    });
  }
});
