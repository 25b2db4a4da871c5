import { expect, test } from './warm-page';
import { getMenuEntry, getSite, localise } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { href } from '@/lib/pages';
import { allUrls } from './site-urls';
import { storeConsent } from './stored-consent';

/*
 * The accessibility statement and the cookie settings link in German, which configuration alone
 * switches on (the German build): every German page's footer links both, and the statement has
 * the German text (legal-pages.spec.ts for nl, fr and en).
 */

test.beforeEach(async ({ page }) => storeConsent(page));

const statementHref = href({ page: 'menu', id: 'accessibility-statement' }, 'de');
const settingsHref = `${href({ page: 'menu', id: 'cookie-policy' }, 'de')}#cookie-settings`;

test('every German page links the accessibility statement and the cookie settings in its footer', async ({ request }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  const urls = allUrls('de');
  expect(urls.length).toBeGreaterThan(50);
  for (const url of urls) {
    const html = await (await request.get(encodeURI(url), { maxRedirects: 0 })).text();
    const footer = html.slice(html.lastIndexOf('<footer'));
    if (!footer.includes(`href="${statementHref}"`) || !footer.includes(`href="${settingsHref}"`)) failures.push(url);
  }
  expect(failures).toEqual([]);
});

test('the German accessibility statement', async ({ page }) => {
  await page.goto('/de/');
  const title = localise(getMenuEntry('accessibility-statement')?.params.title ?? '', 'de');
  await page.locator('footer').getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${statementHref}$`));
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(main).toContainText('teilweise konform');
  await expect(main).toContainText('zuletzt am 2. Dezember 2026 überprüft');
  await expect(main.locator('a[href="https://economie.fgov.be/de"]')).toHaveCount(1);
  const { siteInfo } = getSite();
  await expect(main.locator('form[data-form="site-contact"]')).toBeVisible();
  await expect(main.locator(`a[href="mailto:${siteInfo.email}"]`)).toHaveText(siteInfo.email);
  await expect(main.locator(`a[href="${phoneHref(siteInfo.phone)}"]`)).toHaveText(formatPhone(siteInfo.phone));
});
