import { expect, test } from './warm-page';
import { type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { messages } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * A per-request page whose data fails (the comparison page, made to fail by the test's cookie on a
 * server started with E2E_FAULTS=1, lib/server/injected-fault.ts): the answer is a 500, and the
 * visitor sees the site's header and footer, what happened and the way home, in the page's
 * language (app/[lang]/error.tsx), rather than Next.js's bare error page.
 */

for (const language of ['nl', 'fr', 'en'] satisfies Language[]) {
  test(`${language}: a page that fails shows the localised error page with header, footer and home link`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await storeConsent(context);
    const page = await context.newPage();
    await context.addCookies([{ name: 'e2e-fault', value: 'compare', url: baseURL ?? 'http://localhost' }]);
    const texts = messages[language].serverError;
    const response = await page.goto(href({ page: 'compare', ids: [4000001, 4000002] }, language));
    expect(response?.status()).toBe(500);
    const main = page.locator('main#main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    await expect(main.getByText(texts.text)).toBeVisible();
    await expect(main.getByRole('link', { name: texts.homeLink })).toHaveAttribute('href', href({ page: 'home' }, language));
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('header nav').first()).toBeVisible();
    await expect(page.locator('body > footer')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Without the cookie the same address is the comparison again.
    await context.clearCookies({ name: 'e2e-fault' });
    expect((await page.goto(href({ page: 'compare', ids: [4000001, 4000002] }, language)))?.status()).toBe(200);
    await expect(page.locator('main table')).toBeVisible();
    await context.close();
  });
}
