import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { seriousViolations } from './axe';
import { languageTurns } from './language-turns';
import { storeConsent } from './stored-consent';

/*
 * The consent dialog on the shipped site, which configures no analytics, ads, tag manager or pixel
 * ID: its layout at three widths in each enabled language, and every path of the dialog in one of
 * them, with what lands in local storage and in dataLayer. Every request to another host is aborted and counted; there must
 * be none, before or after consent. The tag manager cases run against the German build
 * (consent.german.spec.ts), whose copy of the configuration has a test tag manager ID.
 */

const texts = { nl: nl.consent, fr: fr.consent, en: en.consent };
const languages = ['nl', 'fr', 'en'] as const;
// The dialog's layout is checked in every language (its texts differ in length); what each choice
// stores and sends, and the keyboard, in one language each, the languages taking turns.
const inTurn = languageTurns(languages);
const phone = { width: 375, height: 667 };
const viewports = [phone, { width: 1024, height: 768 }, { width: 1440, height: 900 }];

const granted = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
const denied = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
const consentDefault = ['consent', 'default', { ...denied, wait_for_update: 500 }];

let outside: string[] = [];

test.beforeEach(async ({ page }) => {
  outside = [];
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
});

test.afterEach(() => {
  expect(outside, 'requests to other hosts').toEqual([]);
});

/** dataLayer as plain values: gtag commands (Arguments objects) become arrays. */
async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
}

/** The consent commands and events only, page views reduced to their event name. */
async function consentTrail(page: Page): Promise<unknown[]> {
  return (await dataLayer(page)).map((entry) => (!Array.isArray(entry) && typeof entry === 'object' && entry !== null && 'event' in entry ? { event: (entry as { event: unknown }).event } : entry));
}

async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key === 'consent' || key.startsWith('consent.'))
        .map((key) => [key, localStorage.getItem(key) ?? '']),
    ),
  );
}

function expectStored(stored: Record<string, string>, choice: Record<string, boolean>) {
  const record = JSON.parse(stored.consent ?? 'null') as Record<string, unknown>;
  expect(record).toMatchObject({ version: 1, essential: true, ...choice });
  expect(Date.now() - Date.parse(String(record.savedAt))).toBeLessThan(60_000);
  for (const [purpose, on] of Object.entries(choice)) expect(stored[`consent.${purpose}`], purpose).toBe(on ? 'granted' : 'denied');
}

/** Waits until the island has mounted (it pushes the Consent Mode default first). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0);
}

/**
 * Waits until the island has drawn its decision: the server's copy of the dialog (data-gate) is
 * replaced by the island's, or gone when the dialog is not to show. The dialog opens by itself
 * only then.
 */
async function decided(page: Page) {
  await expect(page.locator('[data-gate]')).toHaveCount(0);
}

async function openDialog(page: Page, language: (typeof languages)[number]) {
  await page.goto(`/${language}/`);
  // Located by role only: its name changes with the view (the title, then the settings title).
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(texts[language].title);
  // The server's copy shows before the island runs; what is stored and sent is read after it has.
  await hydrated(page);
  return dialog;
}

for (const language of languages) {
  const t = texts[language];
  // What the dialog looks like depends on the width; what it stores and sends does not, so the
  // choices are tested at one width (a phone's) and the layout at three.
  for (const viewport of viewports) {
    test.describe(`${language} at ${viewport.width}px`, () => {
      test.use({ viewport });

      test('shows the dialog on a first visit, fixed and within the screen, with nothing stored yet and no axe violation in either view', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await expect(dialog).toHaveAttribute('aria-modal', 'true');
        await expect(dialog).toBeFocused();
        const box = await dialog.boundingBox();
        expect(box).not.toBeNull();
        if (!box) return;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        // On desktop the dialog leaves most of the page in view.
        if (viewport.width >= 1024) expect(box.width * box.height).toBeLessThan(viewport.width * viewport.height * 0.5);
        expect(await dialog.evaluate((element) => getComputedStyle(element.parentElement ?? element).position)).toBe('fixed');
        for (const name of [t.agreeAll, t.decline, t.changeSettings]) await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
        // DPA 113/2024: refusing on the first layer weighs as much as accepting: the same colours,
        // weight, size and border and height (their widths follow their words on a wide screen).
        const looks = (name: string) =>
          dialog.getByRole('button', { name, exact: true }).evaluate((button) => {
            const style = getComputedStyle(button);
            const { height } = button.getBoundingClientRect();
            return {
              background: style.backgroundColor,
              colour: style.color,
              weight: style.fontWeight,
              size: style.fontSize,
              border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
              decoration: style.textDecorationLine,
              height: Math.round(height),
            };
          });
        expect(await looks(t.decline)).toEqual(await looks(t.agreeAll));
        expect(await storage(page)).toEqual({});
        expect(await consentTrail(page)).toEqual([consentDefault]);
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: t.changeSettings, exact: true }).click();
        await expect(dialog.getByRole('checkbox')).toHaveCount(5);
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }

  test.describe(`${language} choices`, () => {
    test.use({ viewport: phone });

    if (inTurn(language, 'agree all'))
      test('agree all stores every purpose and updates consent once, then the page view', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await dialog.getByRole('button', { name: t.agreeAll, exact: true }).click();
        await expect(dialog).toBeHidden();
        expectStored(await storage(page), { analytics_storage: true, ad_storage: true, ad_user_data: true, ad_personalization: true });
        expect(await consentTrail(page)).toEqual([consentDefault, ['consent', 'update', granted], { event: 'page_view' }]);
        // The next visit reads the choice: no dialog, the same update and page view.
        await page.reload();
        await hydrated(page);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        expect(await consentTrail(page)).toEqual([consentDefault, ['consent', 'update', granted], { event: 'page_view' }]);
      });

    if (inTurn(language, 'decline'))
      test('decline keeps only the essential option', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await dialog.getByRole('button', { name: t.decline, exact: true }).click();
        await expect(dialog).toBeHidden();
        expectStored(await storage(page), { analytics_storage: false, ad_storage: false, ad_user_data: false, ad_personalization: false });
        expect(await consentTrail(page)).toEqual([consentDefault, ['consent', 'update', denied], { event: 'page_view' }]);
        await page.reload();
        await hydrated(page);
        await expect(page.getByRole('dialog')).toHaveCount(0);
      });

    if (inTurn(language, 'settings'))
      test('change settings lists five options and saves the chosen ones', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await dialog.getByRole('button', { name: t.changeSettings, exact: true }).click();
        await expect(dialog).toHaveAccessibleName(t.settingsTitle);
        await expect(dialog).toBeFocused();
        const boxes = dialog.getByRole('checkbox');
        await expect(boxes).toHaveCount(5);
        const essential = dialog.getByRole('checkbox', { name: t.essential });
        await expect(essential).toBeChecked();
        await expect(essential).toBeDisabled();
        for (const name of [t.analyticsStorage, t.adStorage, t.adUserData, t.adPersonalization]) {
          await expect(dialog.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
        }
        await dialog.getByRole('checkbox', { name: t.analyticsStorage, exact: true }).check();
        await dialog.getByRole('checkbox', { name: t.adPersonalization, exact: true }).check();
        await dialog.getByRole('button', { name: t.save, exact: true }).click();
        await expect(dialog).toBeHidden();
        expectStored(await storage(page), { analytics_storage: true, ad_storage: false, ad_user_data: false, ad_personalization: true });
        expect(await consentTrail(page)).toEqual([consentDefault, ['consent', 'update', { ...denied, analytics_storage: 'granted', ad_personalization: 'granted' }], { event: 'page_view' }]);
      });

    if (inTurn(language, 'setcookies'))
      test('?setcookies clears the stored consent and asks again', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await dialog.getByRole('button', { name: t.agreeAll, exact: true }).click();
        await expect(dialog).toBeHidden();
        await page.goto(`/${language}/?setcookies`);
        await expect(page.getByRole('dialog', { name: t.title })).toBeVisible();
        await hydrated(page);
        expect(await storage(page)).toEqual({});
        // The parameter leaves the address bar, so that a reload keeps the next choice.
        await expect(page).toHaveURL(new RegExp(`/${language}/$`));
        expect(await consentTrail(page)).toEqual([consentDefault]);
      });

    if (inTurn(language, 'preview'))
      test('a path containing preview never shows the dialog', async ({ page }) => {
        await page.goto(`/${language}/preview/`);
        await hydrated(page);
        await decided(page);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        expect(await storage(page)).toEqual({});
        expect(await consentTrail(page)).toEqual([consentDefault]);
      });
  });

  test.describe(`${language} keyboard and footer link`, () => {
    if (inTurn(language, 'focus trap'))
      test('focus stays in the dialog, and Escape does not dismiss it without a choice', async ({ page }) => {
        const dialog = await openDialog(page, language);
        const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
        for (let step = 0; step < 8; step += 1) {
          await page.keyboard.press('Tab');
          expect(await inside(), `after Tab ${step + 1}`).toBe(true);
        }
        for (let step = 0; step < 8; step += 1) {
          await page.keyboard.press('Shift+Tab');
          expect(await inside(), `after Shift+Tab ${step + 1}`).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeVisible();
        // In the settings, Escape steps back to the first view, still without a choice.
        await dialog.getByRole('button', { name: t.changeSettings, exact: true }).click();
        await expect(dialog).toHaveAccessibleName(t.settingsTitle);
        for (let step = 0; step < 10; step += 1) {
          await page.keyboard.press('Tab');
          expect(await inside(), `settings, after Tab ${step + 1}`).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveAccessibleName(t.title);
        // The page behind does not take focus or clicks while the dialog is open.
        expect(await page.locator('footer').evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
        // The keyboard alone makes a choice.
        await dialog.getByRole('button', { name: t.decline, exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        expect(await page.locator('footer').evaluate((element) => element.closest('[inert]') !== null)).toBe(false);
        expectStored(await storage(page), { analytics_storage: false, ad_storage: false, ad_user_data: false, ad_personalization: false });
      });

    if (inTurn(language, 'footer link'))
      test('the footer link reopens the settings with the stored choice, and focus returns to it', async ({ page }) => {
        const dialog = await openDialog(page, language);
        await dialog.getByRole('button', { name: t.agreeAll, exact: true }).click();
        await expect(dialog).toBeHidden();
        const link = page.locator('footer').getByRole('link', { name: t.settingsLink, exact: true });
        await link.click();
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAccessibleName(t.settingsTitle);
        for (const name of [t.analyticsStorage, t.adStorage, t.adUserData, t.adPersonalization]) {
          await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeChecked();
        }
        // With a choice stored, Escape closes without changing it.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(link).toBeFocused();
        expectStored(await storage(page), { analytics_storage: true, ad_storage: true, ad_user_data: true, ad_personalization: true });

        await link.click();
        await dialog.getByRole('checkbox', { name: t.adStorage, exact: true }).uncheck();
        await dialog.getByRole('checkbox', { name: t.adUserData, exact: true }).uncheck();
        await dialog.getByRole('button', { name: t.save, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(link).toBeFocused();
        expectStored(await storage(page), { analytics_storage: true, ad_storage: false, ad_user_data: false, ad_personalization: true });
        // A second update; the page view was sent once, with the first choice.
        expect(await consentTrail(page)).toEqual([
          consentDefault,
          ['consent', 'update', granted],
          { event: 'page_view' },
          ['consent', 'update', { ...granted, ad_storage: 'denied', ad_user_data: 'denied' }],
        ]);
      });
  });
}

test('a broken or foreign stored value counts as no consent', async ({ page }) => {
  await page.goto('/en/preview/');
  await page.evaluate(() => localStorage.setItem('consent', '{"analytics_storage":true}'));
  await page.goto('/en/');
  await expect(page.getByRole('dialog', { name: en.consent.title })).toBeVisible();
  await hydrated(page);
  // The island, which reads the value in full, keeps asking.
  await expect(page.getByRole('button', { name: en.consent.agreeAll, exact: true })).not.toHaveAttribute('aria-disabled');
  await expect(page.getByRole('dialog', { name: en.consent.title })).toBeVisible();
  expect(await consentTrail(page)).toEqual([consentDefault]);
});

test('no script from another host is in the page, before or after agreeing', async ({ page }) => {
  // The page's timers and idle callbacks on a clock of the test's (next/script loads a tag on
  // one of them), run through at once after the choice.
  await page.clock.install();
  const dialog = await openDialog(page, 'en');
  const foreignScripts = () => page.evaluate(() => [...document.scripts].map((script) => script.src).filter((src) => src && new URL(src).host !== location.host));
  expect(await foreignScripts()).toEqual([]);
  await dialog.getByRole('button', { name: en.consent.agreeAll, exact: true }).click();
  await expect(dialog).toBeHidden();
  // The choice is applied (the tags it allows are drawn with it) and the page's next minute has run.
  await expect.poll(() => consentTrail(page)).toEqual([consentDefault, ['consent', 'update', granted], { event: 'page_view' }]);
  await page.clock.runFor(60_000);
  expect(await foreignScripts()).toEqual([]);
});

test.describe('before the client code runs', () => {
  const blockScripts = (page: Page) => page.route(/\/_next\/static\/chunks\/.*\.js$/, (route) => route.abort());

  test('a first visit paints the dialog from the server HTML, its buttons marked as not ready', async ({ page }) => {
    await blockScripts(page);
    await page.goto('/fr/');
    const dialog = page.getByRole('dialog', { name: fr.consent.title });
    await expect(dialog).toBeVisible();
    for (const name of [fr.consent.agreeAll, fr.consent.decline, fr.consent.changeSettings]) {
      await expect(dialog.getByRole('button', { name, exact: true })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  // The browser paints what it has parsed: placed after the page, the dialog was painted a frame
  // after the page's text, once the page's scripts had run, and was a first visit's largest paint
  // at 3 s on a phone where the page showed at 1 s (Lighthouse, the menu and login pages).
  test('the dialog comes before the page content in the HTML, so it paints with it', async ({ request }) => {
    for (const path of ['/fr/services/', '/nl/login/', '/en/']) {
      const html = await (await request.get(path)).text();
      const dialog = html.indexOf('role="dialog"');
      expect(dialog, path).toBeGreaterThan(0);
      expect(dialog, path).toBeLessThan(html.indexOf('<main'));
      expect(dialog, path).toBeLessThan(html.indexOf('class="skip-link"'));
    }
  });

  test('a stored choice, a preview path or no JavaScript at all keeps the dialog hidden', async ({ page, browser }) => {
    await blockScripts(page);
    await page.goto('/nl/preview/');
    await expect(page.locator('[role="dialog"]')).toBeHidden();
    await storeConsent(page);
    await page.goto('/nl/');
    await expect(page.locator('[role="dialog"]')).toBeHidden();
    // Without JavaScript nothing can be stored and no tag loads: there is nothing to ask.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto('/nl/');
    await expect(noScript.locator('[role="dialog"]')).toHaveCount(1);
    await expect(noScript.locator('[role="dialog"]')).toBeHidden();
    await context.close();
  });
});

/*
 * Issue 39 item 8: the shipped site configures no tag id, so the dialog names neither Google nor
 * Meta, and the cookie policy lists only the site's own cookies and storage keys (with ids set, the
 * German build names Google Tag Manager: consent.german.spec.ts; every combination:
 * tests/unit/consent-texts.test.ts and cookie-table-view.test.tsx).
 */
for (const language of languages) {
  const t = texts[language];
  const policy = { nl: nl.cookieTable, fr: fr.cookieTable, en: en.cookieTable }[language];

  test(`${language}: with no tag configured the dialog and the cookie policy name no Google or Meta service`, async ({ page }) => {
    const dialog = await openDialog(page, language);
    await expect(dialog).toContainText(t.introNoTags);
    await dialog.getByRole('button', { name: t.changeSettings, exact: true }).click();
    await expect(dialog).toContainText(t.usedByNone);
    expect(await dialog.textContent()).not.toMatch(/Google|Meta/);
  });

  test(`${language}: the cookie policy lists every cookie and storage key of the site, and no tag's`, async ({ page }) => {
    await storeConsent(page);
    await page.goto(`/${language}/cookie-policy/`);
    const table = page.getByRole('table', { name: policy.caption });
    await expect(table).toBeVisible();
    const names = await table.getByRole('rowheader').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining(['NEXT_LOCALE', 'consent', 'owner_session', 'login_device', 'form-draft', 'captcha-<form>', 'agency.favourites.v1', 'list-query:<list>', 'form-identity']),
    );
    expect(names.filter((name) => name.startsWith('_'))).toEqual([]);
    await expect(page.locator('main')).toContainText(policy.noTags);
    expect(await page.locator('main').textContent()).not.toMatch(/Google|Meta/);
  });
}

test.describe('the cookie settings link without JavaScript', () => {
  for (const language of languages) {
    test(`${language}: leads to the cookie policy's section on the choice, which says what holds without JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${language}/${{ nl: 'te-koop', fr: 'a-vendre', en: 'for-sale' }[language]}/`);
      await page.locator('footer').getByRole('link', { name: texts[language].settingsLink, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/cookie-policy/#cookie-settings$`));
      const section = page.locator('#cookie-settings');
      const policy = { nl: nl.cookieTable, fr: fr.cookieTable, en: en.cookieTable }[language];
      await expect(section.getByRole('heading', { name: policy.settingsTitle })).toBeVisible();
      await expect(section).toContainText(policy.noScript);
      await expect(section).toBeInViewport();
      await context.close();
    });
  }
});
