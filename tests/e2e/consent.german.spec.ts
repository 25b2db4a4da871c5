import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { networkQuiet } from './network-quiet';

/*
 * The consent dialog with a tag manager configured: the German build's copy of the configuration
 * (tooling/test/copy-site-with-german.mjs) sets tagManagerId GTM-TEST123. Requests to other hosts are
 * aborted and counted: none before consent; after it, the tag manager's script is asked for, and
 * dataLayer holds the Consent Mode default, the update and the page view, in that order, before
 * the tag manager's own start event.
 */

const texts = { nl: nl.consent, fr: fr.consent, en: en.consent, de: de.consent };
const languages = ['nl', 'fr', 'en', 'de'] as const;
const tagManagerScript = /^https:\/\/www\.googletagmanager\.com\/gtm\.js\?id=GTM-TEST123$/;
const denied = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
const granted = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
const consentDefault = ['consent', 'default', { ...denied, wait_for_update: 500 }];

let outside: string[] = [];
/** Tests waiting for the tag manager's script to be counted; the route handler wakes them once it counted it. */
let tagManagerWaiters: (() => void)[] = [];

test.beforeEach(async ({ page }) => {
  outside = [];
  tagManagerWaiters = [];
  // The page's timers on a clock of the test's: it runs as the real one, and `settled` runs the
  // next minute of it at once.
  await page.clock.install();
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      const url = route.request().url();
      outside.push(url);
      if (tagManagerScript.test(url)) for (const wake of tagManagerWaiters.splice(0)) wake();
      return route.abort();
    },
  );
});

/**
 * The tag manager's script has been asked for and counted in `outside`. Not page.waitForRequest:
 * the request event can come before the route handler counts the request, so a test that then
 * clears `outside` would see the request counted after the clear.
 */
function tagManagerRequested(): Promise<void> {
  return new Promise((resolve) => tagManagerWaiters.push(resolve));
}

/** dataLayer as plain values: gtag commands (Arguments objects) become arrays, events their name. */
async function trail(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) => {
      if (Object.prototype.toString.call(entry) === '[object Arguments]') return Array.from(entry as ArrayLike<unknown>);
      if (typeof entry === 'object' && entry !== null && 'event' in entry) return { event: (entry as { event: unknown }).event };
      return entry;
    }),
  );
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0);
}

function tagManagerTags(page: Page) {
  return page.locator('script[src*="googletagmanager.com"]');
}

/**
 * Until a tag the page would load by itself has shown: the island has drawn its decision (its
 * server copy of the dialog, data-gate, is replaced or gone), the page's next minute of timers and
 * idle callbacks has run, and no request is open (the tags' code is a chunk of its own, asked for
 * before the tag manager is). `quiet`: a networkQuiet made before the page was opened.
 */
async function settled(page: Page, quiet: () => Promise<void>) {
  await expect(page.locator('[data-gate]')).toHaveCount(0);
  await page.clock.runFor(60_000);
  await quiet();
}

for (const language of languages) {
  const t = texts[language];

  test(`${language}: nothing from another host before consent; agreeing loads the tag manager after default, update and page view`, async ({ page }) => {
    const quiet = networkQuiet(page);
    await page.goto(`/${language}/`);
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    // The server's copy of the dialog shows before the island runs: the trail is read after it has.
    await hydrated(page);
    // Past the consent wait (500 ms): a tag loading on the default would have shown.
    await settled(page, quiet);
    expect(outside).toEqual([]);
    await expect(tagManagerTags(page)).toHaveCount(0);
    expect(await trail(page)).toEqual([consentDefault]);

    const request = tagManagerRequested();
    await dialog.getByRole('button', { name: t.agreeAll, exact: true }).click();
    await request;
    await expect(dialog).toBeHidden();
    expect(outside).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    expect(await trail(page)).toEqual([consentDefault, ['consent', 'update', granted], { event: 'page_view' }, { event: 'gtm.js' }]);
  });
}

test('declining loads no tag', async ({ page }) => {
  const quiet = networkQuiet(page);
  await page.goto('/de/');
  const dialog = page.getByRole('dialog', { name: de.consent.title });
  await dialog.getByRole('button', { name: de.consent.decline, exact: true }).click();
  await expect(dialog).toBeHidden();
  // The choice is applied: the tags it allows are drawn with it.
  await expect.poll(() => trail(page)).toEqual([consentDefault, ['consent', 'update', denied], { event: 'page_view' }]);
  await settled(page, quiet);
  expect(outside).toEqual([]);
  await expect(tagManagerTags(page)).toHaveCount(0);
  expect(await trail(page)).toEqual([consentDefault, ['consent', 'update', denied], { event: 'page_view' }]);
  await page.reload();
  await hydrated(page);
  await settled(page, quiet);
  expect(outside).toEqual([]);
});

test('a partial choice loads the tag manager with only that purpose granted', async ({ page }) => {
  await page.goto('/en/');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: en.consent.changeSettings, exact: true }).click();
  await dialog.getByRole('checkbox', { name: en.consent.analyticsStorage, exact: true }).check();
  expect(outside).toEqual([]);
  const request = tagManagerRequested();
  await dialog.getByRole('button', { name: en.consent.save, exact: true }).click();
  await request;
  expect(await trail(page)).toEqual([consentDefault, ['consent', 'update', { ...denied, analytics_storage: 'granted' }], { event: 'page_view' }, { event: 'gtm.js' }]);
});

test('a stored consent loads the tag manager on the next page, after default, update and page view', async ({ page }) => {
  await page.goto('/nl/');
  // The first page's own request is counted before the count is cleared, never after.
  const first = tagManagerRequested();
  await page.getByRole('dialog').getByRole('button', { name: nl.consent.agreeAll, exact: true }).click();
  await first;
  await expect(page.getByRole('dialog')).toBeHidden();
  outside.length = 0;
  const request = tagManagerRequested();
  await page.reload();
  await request;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(outside).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
  expect(await trail(page)).toEqual([consentDefault, ['consent', 'update', granted], { event: 'page_view' }, { event: 'gtm.js' }]);
});

test('?setcookies clears the stored consent before any tag loads', async ({ page }) => {
  const quiet = networkQuiet(page);
  await page.goto('/fr/');
  const request = tagManagerRequested();
  await page.getByRole('dialog').getByRole('button', { name: fr.consent.agreeAll, exact: true }).click();
  await request;
  outside.length = 0;
  await page.goto('/fr/?setcookies');
  await expect(page.getByRole('dialog', { name: fr.consent.title })).toBeVisible();
  await hydrated(page);
  await settled(page, quiet);
  expect(outside).toEqual([]);
  expect(await trail(page)).toEqual([consentDefault]);
  await expect(page).toHaveURL(/\/fr\/$/);
});

test('a preview path shows no dialog and loads no tag', async ({ page }) => {
  const quiet = networkQuiet(page);
  await page.goto('/de/preview/');
  await hydrated(page);
  await settled(page, quiet);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(outside).toEqual([]);
  expect(await trail(page)).toEqual([consentDefault]);
});

// Issue 39 item 8: with a tag manager id only, the dialog and the cookie policy name it, and no Meta pixel.
for (const language of ['en', 'de'] as const) {
  const t = texts[language];
  const policy = { en: en.cookieTable, de: de.cookieTable }[language];

  test(`${language}: the dialog and the cookie policy name Google Tag Manager, the configured tag, and no Meta pixel`, async ({ page }) => {
    await page.goto(`/${language}/`);
    // Located by role only: its name changes with the view (the title, then the settings title).
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(t.title);
    await expect(dialog).toContainText(t.introTags.replace('{services}', t.serviceTagManager));
    await hydrated(page);
    await dialog.getByRole('button', { name: t.changeSettings, exact: true }).click();
    await expect(dialog).toContainText(t.usedBy.replace('{services}', t.serviceTagManager));
    expect(await dialog.textContent()).not.toContain('Meta');
    await dialog.getByRole('button', { name: t.decline, exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/${language}/cookie-policy/`);
    const table = page.getByRole('table', { name: policy.caption });
    const names = await table.getByRole('rowheader').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['NEXT_LOCALE', 'consent', '_ga', '_ga_<id>', '_gcl_au']));
    expect(names).not.toContain('_fbp');
    await expect(page.locator('main')).toContainText(policy.tagManagerNote);
    expect(await page.locator('main').textContent()).not.toContain('Meta');
    // Declined: nothing asked of another host.
    expect(outside).toEqual([]);
  });
}
