import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { deployments } from './deployments';

/*
 * Playwright's `page`, opened in a browser that is already warm.
 *
 * By default every test gets a new browser context and with it a new renderer process, which
 * starts cold. Measured on /en/services/ (Chromium's CPU time per load, 20 loads each): 1.19 s in
 * a new context, 0.50 s in a new tab of a renderer that has loaded the site before, 0.20 s when
 * the same tab loads it again. The browser tests are bound by the two cores' CPU, so that cold
 * start was the largest share of their time.
 *
 * Here each test gets a new tab (a new Page: no listener, route or init script of an earlier
 * test), opened by a tab that stays for the whole worker, so it shares that tab's renderer process
 * and what it has compiled. Before each test the shared context loses its cookies, permissions
 * and the storage (local storage, IndexedDB, caches) of the deployments' origins, so a test starts
 * as a first visit; its routes go with it. What stays is the HTTP cache, as in a visitor's browser.
 *
 * A spec opts in by importing `test` from here. A test that needs a context of its own (no
 * JavaScript, another locale, a phone, two visitors) makes one with browser.newContext(); the
 * `context` fixture is refused, since a context-level init script or cookie would outlive the
 * test. `test.use()` may set the viewport; a test that sets javaScriptEnabled is refused too.
 */

// The origins the tests visit: the site, the German build and the static export (as playwright.config.ts).
const origins = deployments(Number(process.env.E2E_PORT ?? 3100)).map((deployment) => new URL(deployment.url).origin);

// `warmTab`: the tab that keeps the worker's renderer warm; it never navigates again.
export const test = base.extend<{ context: BrowserContext }, { warmTab: Page }>({
  warmTab: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const context = await browser.newContext({ baseURL });
      const warmTab = await context.newPage();
      // A page of the site's own host, so that the tabs it opens share its renderer process
      // (one site is scheme and host: every deployment's port is the same site).
      await warmTab.goto('/robots.txt');
      await use(warmTab);
      await context.close();
    },
    { scope: 'worker' },
  ],
  // Refused rather than handed out: a context-level init script or cookie would outlive the test.
  context: async ({}, _use) => {
    throw new Error('A warm page has no `context` fixture (tests/e2e/warm-page.ts): make one with browser.newContext().');
  },
  page: async ({ warmTab, viewport, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) throw new Error('A warm page runs JavaScript: make a context with browser.newContext({ javaScriptEnabled: false }) for this test.');
    const context = warmTab.context();
    await context.clearCookies();
    await context.clearPermissions();
    const session = await context.newCDPSession(warmTab);
    for (const origin of origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await session.detach();
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      warmTab.evaluate(() => {
        window.open('about:blank');
      }),
    ]);
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // The test's tab, and any tab it opened (a link to a new window), go with the test.
    for (const open of context.pages()) if (open !== warmTab) await open.close();
  },
});

export { expect } from '@playwright/test';
