import { expect, test } from './warm-page';
import { getMenuEntry, getSite, localise, type Language } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { href } from '@/lib/pages';
import { seriousViolations } from './axe';
import { allUrls, getEnabledLanguages } from './site-urls';
import { storeConsent } from './stored-consent';

/*
 * Issue 39, what the law asks: the accessibility statement (European Accessibility Act; in Belgium
 * the Code of Economic Law, supervised by the FPS Economy) and the cookie settings link are in
 * every page's footer in every enabled language; the statement gives the conformance status, what
 * is not accessible and why, how to report a barrier and get the content another way (the agency's
 * e-mail and phone from data/site, the contact form), the date of its last review and the supervisor.
 */

test.beforeEach(async ({ page }) => storeConsent(page));

const titleIn = (language: Language) => localise(getMenuEntry('accessibility-statement')?.params.title ?? '', language);
const statement = { nl: 'gedeeltelijk conform', fr: 'partiellement conforme', en: 'partially conformant', de: 'teilweise konform' };
const reviewed = {
  nl: 'het laatst herzien op 2 december 2026',
  fr: 'revue pour la dernière fois le 2 décembre 2026',
  en: 'last reviewed on 2 December 2026',
  de: 'zuletzt am 2. Dezember 2026 überprüft',
};

const footerOf = (html: string) => html.slice(html.lastIndexOf('<footer'));
const escaped = (text: string) => text.replace(/&/g, '&amp;');

for (const language of getEnabledLanguages()) {
  const statementHref = href({ page: 'menu', id: 'accessibility-statement' }, language);
  const settingsHref = `${href({ page: 'menu', id: 'cookie-policy' }, language)}#cookie-settings`;

  test(`every page's footer links the accessibility statement and the cookie settings in ${language}`, async ({ request }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    const urls = [...allUrls(language), `/${language}/no-such-page/`];
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) {
      const footer = footerOf(await (await request.get(encodeURI(url), { maxRedirects: 0 })).text());
      if (!footer.includes(`href="${escaped(statementHref)}"`)) failures.push(`${url}: no link to ${statementHref}`);
      if (!footer.includes(`href="${escaped(settingsHref)}"`)) failures.push(`${url}: no cookie settings link to ${settingsHref}`);
    }
    expect(failures).toEqual([]);
  });

  test(`the accessibility statement in ${language}: status, gaps, how to report a barrier, review date and supervisor`, async ({ page }) => {
    await page.goto(href({ page: 'home' }, language));
    await page
      .locator('footer')
      .getByRole('link', { name: titleIn(language), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${statementHref}$`));
    const main = page.locator('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleIn(language));
    await expect(main).toContainText('WCAG) 2.2');
    await expect(main).toContainText(statement[language]);
    await expect(main.getByRole('listitem')).not.toHaveCount(0);
    await expect(main).toContainText(reviewed[language]);
    await expect(main.locator('a[href^="https://economie.fgov.be/"]')).toHaveCount(1);
    // Another way to get the content: the contact form, the agency's e-mail and phone from data/site.
    const { siteInfo } = getSite();
    await expect(main.locator('form[data-form="site-contact"]')).toBeVisible();
    await expect(main.locator(`a[href="mailto:${siteInfo.email}"]`)).toHaveText(siteInfo.email);
    await expect(main.locator(`a[href="${phoneHref(siteInfo.phone)}"]`)).toHaveText(formatPhone(siteInfo.phone));
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the statement has its own path in each language', () => {
  const paths = (['nl', 'fr', 'en', 'de'] as const satisfies readonly Language[]).map((language) => href({ page: 'menu', id: 'accessibility-statement' }, language));
  expect(paths).toEqual(['/nl/toegankelijkheidsverklaring/', '/fr/declaration-accessibilite/', '/en/accessibility-statement/', '/de/erklaerung-barrierefreiheit/']);
});
