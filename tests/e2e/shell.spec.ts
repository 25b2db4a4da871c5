import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getEnabledLanguages, getMenu, getSite, localise } from '@/lib/config';
import { href, menuEntryHref } from '@/lib/pages';
import { messages } from './forms-helpers';
import { storeConsent } from './stored-consent';

const widths = [375, 1024, 1440] as const;

const withConsent = (page: Page) => storeConsent(page);

for (const language of getEnabledLanguages()) {
  for (const width of widths) {
    test(`header, menu and footer in ${language} at ${width} px`, async ({ page }) => {
      await withConsent(page);
      await page.setViewportSize({ width, height: 900 });
      const detail = href({ page: 'property', id: 4000001 }, language);
      await page.goto(detail);
      const header = page.locator('header#top');
      const { header: config } = getSite();
      const topLevel = getMenu().filter((entry) => entry.parentId === null);
      const topBar = header.getByText(localise(config.appBar.text, language));

      if (width >= 1280) {
        await expect(topBar).toBeVisible();
        const nav = page.getByRole('navigation', { name: /navigation|navigatie|Hauptnavigation/i });
        const visible = topLevel.slice(0, config.menu.menuMaxItems);
        for (const entry of visible) await expect(nav.getByRole('link', { name: localise(entry.params.title, language), exact: true }).first()).toBeVisible();
        // Entries beyond menuMaxItems wait in the overflow menu.
        const overflow = topLevel.slice(config.menu.menuMaxItems);
        const last = overflow[overflow.length - 1]!;
        const lastLink = nav.getByRole('link', { name: localise(last.params.title, language), exact: true });
        await expect(lastLink).toBeHidden();
        const more = nav.locator('summary');
        await expect(more).toHaveText(messages[language].header.more);
        await more.click();
        await expect(lastLink).toBeVisible();
        // Escape closes it once React has hydrated the menu (opening needs no script).
        await expect.poll(() => more.evaluate((summary) => Object.keys(summary).some((key) => key.startsWith('__reactProps')))).toBe(true);
        await page.keyboard.press('Escape');
        await expect(lastLink).toBeHidden();
        await expect(more).toBeFocused();
        // A press outside closes it too.
        await more.click();
        await expect(lastLink).toBeVisible();
        await page.locator('main h1').click();
        await expect(lastLink).toBeHidden();
      } else {
        // The top bar is for desktops only; the menu sits behind the mobile toggle.
        await expect(topBar).toBeHidden();
        // The toggle is a <details> summary: it opens the menu before the page has hydrated, at once.
        const menu = header.locator('details').filter({ has: page.locator('summary', { hasText: messages[language].header.menu }) });
        const toggle = menu.locator('summary');
        await toggle.click();
        await expect(menu).toHaveAttribute('open', '');
        const contact = topLevel.find((entry) => entry.id === 'contact')!;
        await expect(header.getByRole('link', { name: localise(contact.params.title, language), exact: true }).last()).toBeVisible();
        await toggle.click();
      }

      // The language switcher keeps the page: the same listing in the other language, marked as
      // the visitor's choice so that the server remembers it.
      const other = getEnabledLanguages().find((code) => code !== language)!;
      const switcher = header.locator(`a[hreflang="${other}"]`).first();
      await expect(switcher).toHaveAttribute('href', `${href({ page: 'property', id: 4000001 }, other)}?lng=${other}`);

      // Scrolling: the header turns solid, back-to-top appears and brings the visitor back.
      await expect(header).toHaveAttribute('data-scrolled', 'false');
      const backToTop = page.locator('button[data-visible]');
      await expect(backToTop).toHaveAttribute('data-visible', 'false');
      await page.mouse.wheel(0, 1200);
      await expect(header).toHaveAttribute('data-scrolled', 'true');
      await expect(backToTop).toHaveAttribute('data-visible', 'true');
      await backToTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
      await expect(header).toHaveAttribute('data-scrolled', 'false');

      // A 404 keeps the shell: header, localized message, search form and home link.
      const missing = await page.goto(`/${language}/no-such-page/`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Oops|Oeps|Oups/);
      await expect(page.locator('main').getByRole('combobox')).toBeVisible();
      await expect(page.locator('main').locator(`a[href="/${language}/"]`)).toBeVisible();
      await page.goto(detail);

      // Footer: legal pages, owner login and the configured copyright.
      const footer = page.locator('footer');
      await expect(footer.getByText(localise(getSite().footer.copyright, language))).toBeVisible();
      for (const id of ['privacy-statement', 'cookie-policy', 'disclaimer']) {
        // In the footer's link list (the newsletter form links the privacy statement too).
        await expect(footer.locator(`ul a[href="${href({ page: 'menu', id }, language)}"]`)).toBeVisible();
      }
      await expect(footer.locator(`a[href="${href({ page: 'login' }, language)}"]`)).toBeVisible();
    });
  }
}

/*
 * On a slow phone the page shows seconds before its scripts have run: the menus open without them
 * (a <details> element), as they do for a visitor who has JavaScript off. Before, the toggle was a
 * React button and a press before hydration did nothing. The header's texts and layout are
 * checked in every language above; this in one (language-turns.ts).
 */
const noScriptLanguage = getEnabledLanguages()[1] ?? 'nl';
for (const language of [noScriptLanguage]) {
  test(`the mobile menu and the overflow menu open without JavaScript in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(href({ page: 'property', id: 4000001 }, language));
    const header = page.locator('header#top');
    const contact = getMenu().find((entry) => entry.id === 'contact')!;
    const contactLink = header.getByRole('link', { name: localise(contact.params.title, language), exact: true }).last();
    await expect(contactLink).toBeHidden();
    // Whatever element the toggle is, pressing it shows the menu.
    await header.locator('summary, button').filter({ hasText: messages[language].header.menu, visible: true }).click();
    await expect(contactLink).toBeVisible();
    await expect(contactLink).toHaveAttribute('href', menuEntryHref(contact, language));

    await page.setViewportSize({ width: 1440, height: 900 });
    const { menu } = getSite().header;
    const overflow = getMenu()
      .filter((entry) => entry.parentId === null)
      .slice(menu.menuMaxItems);
    const nav = page.getByRole('navigation', { name: messages[language].meta.mainNavigation });
    const last = nav.getByRole('link', { name: localise(overflow[overflow.length - 1]!.params.title, language), exact: true });
    await expect(last).toBeHidden();
    await nav.locator('summary, button').filter({ visible: true }).click();
    await expect(last).toBeVisible();
    await context.close();
  });
}

test('the language switcher moves a visitor to the same page in the other language', async ({ page }) => {
  await withConsent(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/i'm-looking-for/");
  await page.locator('header a[hreflang="nl"]').first().click();
  await expect(page).toHaveURL(/\/nl\/ik-zoek\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('a redirect menu entry opens in a new tab, top-bar tel: and mailto: links too', async ({ page }) => {
  await withConsent(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/fr/');
  const tel = page.locator('header a[href^="tel:"]').first();
  await expect(tel).toHaveAttribute('target', '_blank');
  await expect(tel).toHaveAttribute('rel', /noopener/);
});

test('menu pages show their breadcrumb and carry Open Graph and Twitter metadata', async ({ page }) => {
  await withConsent(page);
  await page.goto(href({ page: 'menu', id: 'rental-management' }, 'nl'));
  const breadcrumb = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/nl/');
  await expect(breadcrumb.getByRole('link', { name: 'Diensten' })).toHaveAttribute('href', '/nl/diensten/');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Verhuurbeheer');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Verhuurbeheer/);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', /Verhuurbeheer/);
});
