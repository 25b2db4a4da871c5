import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { screenshotSection } from './home-map-screens';
import { getCities } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import messages from '@/messages/en.json';
import { seriousViolations } from './axe';
import { storeConsent } from './stored-consent';
import { networkQuiet } from './network-quiet';

/*
 * The home map as the shipped site has it: no tile source, so no map library, no drawing and no
 * request off the site; instead every town with listings, with links to its lists.
 */

// Each test loads the home page several times and runs axe: more than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => storeConsent(page));

const townsOf = (language: Language) => getCities(language).filter((city) => city.countSaleProperty + city.countRentProperty > 0);

/** The text of every script the page loads, to look for the map library in. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  return scripts;
}

async function openHome(page: Page, language: Language): Promise<string[]> {
  const external: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    external.push(url.href);
    return route.abort('blockedbyclient');
  });
  await page.goto(href({ page: 'home' }, language));
  return external;
}

const section = (page: Page) => page.locator('section[aria-labelledby="home-map-title"]');

for (const width of [390, 1280]) {
  test(`every town with listings is listed with its links, without a drawing, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const scripts = watchScripts(page);
    const quiet = networkQuiet(page);
    const external = await openHome(page, 'en');
    const map = section(page);
    await map.scrollIntoViewIfNeeded();
    await expect(map.getByRole('heading', { level: 2 })).toHaveText(messages.homeMap.title);

    const towns = townsOf('en');
    expect(towns.length).toBeGreaterThan(20);
    await expect(map.getByText(`We have properties in ${towns.length} towns.`)).toBeVisible();
    const items = map.getByRole('listitem');
    await expect(items).toHaveCount(towns.length);
    for (const [index, town] of towns.entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(`${town.Name} ${town.Zip}`);
      const city = `${town.Name}|${town.Zip}`;
      const sale = item.getByRole('link', { name: `${town.Name}: ${town.countSaleProperty} for sale`, exact: true });
      const rent = item.getByRole('link', { name: `${town.Name}: ${town.countRentProperty} for rent`, exact: true });
      if (town.countSaleProperty > 0) await expect(sale).toHaveAttribute('href', href({ page: 'for-sale', query: { city } }, 'en'));
      else await expect(sale).toHaveCount(0);
      if (town.countRentProperty > 0) await expect(rent).toHaveAttribute('href', href({ page: 'for-rent', query: { city } }, 'en'));
      else await expect(rent).toHaveCount(0);
    }

    // No scrolling frame: the list is as tall as its content and each town is inside the page.
    const list = map.getByRole('list');
    expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);
    expect(await list.evaluate((element) => getComputedStyle(element).overflowY)).toBe('visible');
    const last = await items.last().boundingBox();
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(width);

    // No drawing and no map without tiles (issue 39: an outline with dots and overlapping names was
    // no map to read): the list is the section, across its width.
    await expect(map.locator('svg, iframe, .leaflet-container, img')).toHaveCount(0);
    expect((await list.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(((await map.boundingBox())?.width ?? 0) - 2);

    await quiet();
    // The map library is never fetched when no tile source is configured.
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => script.includes('leaflet-tile'))).toEqual([]);
    expect(external).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await screenshotSection(page, `home-map-en-${width}`);
  });
}

test('a town link opens the list of that town, with the count the home page gave', async ({ page }) => {
  await openHome(page, 'nl');
  const mons = townsOf('nl').find((town) => town.Zip === '7000');
  expect(mons?.countSaleProperty).toBeGreaterThan(1);
  await section(page)
    .getByRole('link', { name: `${mons?.Name}: ${mons?.countSaleProperty} te koop`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/nl\/te-koop\/\?city=Bergen%7C7000$/, { timeout: 15_000 });
  await expect(page.getByText(new RegExp(`^${mons?.countSaleProperty} panden`))).toBeVisible();
});

test('the links are reached by keyboard in the order of the list, with a visible focus', async ({ page }) => {
  await openHome(page, 'fr');
  const links = section(page).getByRole('link');
  await links.first().focus();
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(links.nth(1)).toBeFocused();
  const outline = await links.nth(1).evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});

for (const language of ['nl', 'fr'] as const) {
  test(`the map section in ${language} at 390 and 1280 px (screenshots)`, async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page, language);
      await section(page).scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotSection(page, `home-map-${language}-${width}`);
    }
  });
}
