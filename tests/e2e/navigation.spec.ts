import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getProjects, getProperties } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { storeConsent } from './stored-consent';

test.beforeEach(async ({ page }) => storeConsent(page));

const location = (response: { headers(): Record<string, string> }) => response.headers()['location'] ?? '';

test.describe('language detection on /', () => {
  test('uses Accept-Language', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'fr-BE,fr;q=0.9,en;q=0.5' } });
    expect(response.status()).toBe(307);
    expect(location(response)).toMatch(/\/fr\/$/);
  });

  test('falls back to the configured default for a browser in another language', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'ja,de;q=0.8' } });
    expect(location(response)).toMatch(/\/nl\/$/);
  });

  test('prefers the cookie over Accept-Language, and ?lng over both, and remembers ?lng', async ({ request }) => {
    const byCookie = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'fr', Cookie: 'NEXT_LOCALE=en' } });
    expect(location(byCookie)).toMatch(/\/en\/$/);
    const byQuery = await request.get('/?lng=nl', { maxRedirects: 0, headers: { 'Accept-Language': 'fr', Cookie: 'NEXT_LOCALE=en' } });
    expect(location(byQuery)).toMatch(/\/nl\/$/);
    expect(byQuery.headers()['set-cookie']).toMatch(/NEXT_LOCALE=nl;.*Max-Age=31536000/i);
  });

  test('a browser that chose a language gets it on its next visit to /', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-BE' });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto('/?lng=en');
    await expect(page).toHaveURL(/\/en\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('?lng on a page switches to its translation', async ({ request }) => {
    const response = await request.get('/nl/te-koop/?lng=fr', { maxRedirects: 0 });
    expect(location(response)).toMatch(/\/fr\/a-vendre\/$/);
  });
});

test.describe('language switcher on a filtered list', () => {
  const switchTo = (page: Page, language: string) => page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: language, exact: true }).first();
  const monsForSale = getProperties('fr', { goal: 'sale', availability: 'on-offer' }).filter((property) => property.town.zip === '7000').length;

  test('a list opened with a filter keeps it, the town in the other language, and the same results', async ({ page }) => {
    await page.goto('/fr/a-vendre/?city=Mons|7000&sort=price-asc');
    await switchTo(page, 'Nederlands').click();
    await expect(page).toHaveURL(/\/nl\/te-koop\/\?city=Bergen%7C7000&sort=price-asc$/);
    await expect(page.getByLabel('Gemeente')).toHaveValue('Bergen|7000');
    await expect(page.getByLabel('Sorteren')).toHaveValue('price-asc');
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${monsForSale} panden`));
  });

  test('a filter chosen on the page (no reload) goes along too', async ({ page }) => {
    await page.goto('/fr/a-vendre/');
    // The filters answer once hydrated; a choice made earlier would be lost.
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.getByLabel('Commune').selectOption('Mons|7000');
    await expect(page).toHaveURL(/city=Mons%7C7000/);
    await switchTo(page, 'English').click();
    await expect(page).toHaveURL(/\/en\/for-sale\/\?city=Mons%7C7000$/);
    await expect(page.getByLabel('Town')).toHaveValue('Mons|7000');
    await expect(page.locator('main article')).toHaveCount(Math.min(monsForSale, 12));
  });
});

test.describe('unlocalised links of the spec', () => {
  const nl = { 'Accept-Language': 'nl-BE' };

  test('a language detected from the browser is not written to the cookie', async ({ request }) => {
    const response = await request.get('/for-sale/', { maxRedirects: 0, headers: { 'Accept-Language': 'en' } });
    expect(response.headers()['set-cookie'] ?? '').not.toContain('NEXT_LOCALE');
  });

  test('/for-sale/ and /for-rent/ go to the list in the detected language, filters kept', async ({ request }) => {
    const sale = await request.get('/for-sale/', { maxRedirects: 0, headers: nl });
    expect(location(sale)).toMatch(/\/nl\/te-koop\/$/);
    const rent = await request.get('/for-rent/?city=Mons|7000', { maxRedirects: 0, headers: { 'Accept-Language': 'fr' } });
    expect(decodeURIComponent(location(rent))).toMatch(/\/fr\/a-louer\/\?city=Mons\|7000$/);
  });

  test('/property/{id}/ goes to the canonical detail page; an unknown id ends on Property Not Found', async ({ request, browser }) => {
    const property = getProperties('nl')[0]!;
    const response = await request.get(`/property/${property.id}/`, { maxRedirects: 0, headers: nl });
    expect(location(response)).toContain(href({ page: 'property', id: property.id }, 'nl'));
    const context = await browser.newContext({ locale: 'nl-BE' });
    await storeConsent(context);
    const page = await context.newPage();
    const unknown = await page.goto('/property/99999999/');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pand niet gevonden');
    await context.close();
  });

  test('/contact-demand/ opens the free valuation page and /project/?id= the project', async ({ request }) => {
    const valuation = await request.get('/contact-demand/', { maxRedirects: 0, headers: { 'Accept-Language': 'en' } });
    expect(location(valuation)).toMatch(/\/en\/free-valuation\/$/);
    const project = getProjects('fr')[0]!;
    const projectResponse = await request.get(`/project/?id=${project.id}`, { maxRedirects: 0, headers: { 'Accept-Language': 'fr' } });
    expect(location(projectResponse)).toMatch(new RegExp(`/fr/projets/${project.id}/$`));
  });
});

test.describe('property detail URLs', () => {
  test('a stale town or type slug answers a permanent redirect to the canonical URL', async ({ request }) => {
    const property = getProperties('fr').find((candidate) => candidate.goal === 'sale')!;
    const canonical = href({ page: 'property', id: property.id }, 'fr');
    const response = await request.get(`/fr/a-vendre/ailleurs/autre/${property.id}/`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(location(response)).toMatch(new RegExp(`${canonical}$`));
  });

  test('a Dutch detail URL uses Bergen for Mons', async ({ page }) => {
    const property = getProperties('nl').find((candidate) => candidate.town.zip === '7000')!;
    await page.goto(href({ page: 'property', id: property.id }, 'nl'));
    await expect(page).toHaveURL(/\/bergen\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bergen');
  });

  test('an unknown id answers 404 Property Not Found in the page language', async ({ page }) => {
    const response = await page.goto('/en/for-sale/mons/house/99999999/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Not Found');
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en/');
  });
});

test.describe('unknown paths', () => {
  test('answer 404 with the localised not-found page', async ({ page }) => {
    for (const [url, text] of [
      ['/nl/bestaat-niet/', 'Oeps, deze pagina bestaat niet meer'],
      ['/fr/n-existe-pas/', "Oups, cette page n'existe plus"],
      ['/en/does/not/exist/', 'Oops, this page no longer exists'],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
      await expect(page.locator('html')).toHaveAttribute('lang', url.slice(1, 3));
    }
  });

  test('an unprefixed unknown path ends on a 404 too', async ({ request }) => {
    const response = await request.get('/no-such-page/', { headers: { 'Accept-Language': 'en' } });
    expect(response.status()).toBe(404);
  });

  test('a German URL while German is off leads to the page in the detected language', async ({ request }) => {
    const response = await request.get('/de/zu-verkaufen/', { maxRedirects: 0, headers: { 'Accept-Language': 'fr' } });
    expect(location(response)).toMatch(/\/fr\/a-vendre\/$/);
  });
});
