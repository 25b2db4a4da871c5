import { expect, test, type Page } from '@playwright/test';
import { getEnabledLanguages, getMenu, getSite, localise } from '@/lib/config';
import { href } from '@/lib/pages';
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
        const more = nav.getByRole('button', { expanded: false });
        await expect.poll(() => more.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))).toBe(true);
        await more.click();
        await expect(lastLink).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(lastLink).toBeHidden();
        await expect(more).toBeFocused();
      } else {
        // The top bar is for desktops only; the menu sits behind the mobile toggle.
        await expect(topBar).toBeHidden();
        const toggle = header.getByRole('button', { name: /^(Menu|Menü)$/ });
        // A press before the header's script has hydrated the button does nothing (on a loaded
        // machine the page paints long before): wait until React has attached its handler.
        await expect.poll(() => toggle.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))).toBe(true);
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
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
