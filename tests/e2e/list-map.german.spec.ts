import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getListMatches, getListPage } from '@/lib/catalogue/list-page';
import { parseBbox, parseListParams } from '@/lib/catalogue/list-query';
import { href } from '@/lib/pages';
import de from '@/messages/de.json';
import { networkQuiet } from './network-quiet';
import { pmtilesArchive, serveArchive } from './pmtiles-fixture';
import { storeConsent } from './stored-consent';

/*
 * The map of a list where a tile source is configured: the German build's site has a PMTiles
 * archive (tooling/test/copy-site-with-german.mjs), answered here by the test itself. (Without
 * one, as the shipped site, the list offers no map: visitor-layout.spec.ts.) The map shows one pin
 * per listing the filters keep (on every page, not only the twelve cards shown), and nothing is
 * asked of another host. A visitor opens it, reads a pin's card, zooms in and searches that area:
 * the URL carries the area and the list counts its pins.
 */

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => storeConsent(page));

const cases = [{ language: 'de', messages: de, query: 'min-price=200000', path: '/de/zu-verkaufen/', count: (count: number) => `${count} Objekte` }] as const;

/** Every request that leaves the site is refused and noted. */
async function guard(page: Page): Promise<string[]> {
  const external: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    external.push(url.href);
    return route.abort('blockedbyclient');
  });
  await page.route('**/maps/e2e-test.pmtiles', serveArchive(await pmtilesArchive(14)));
  return external;
}

for (const { language, messages, query, path, count } of cases) {
  test(`${language}: the map shows a pin per listing of the filtered list, a pin's card links to its page, and "search this area" filters the list`, async ({ page }) => {
    const external = await guard(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${path}?${query}`);
    const params = parseListParams(new URLSearchParams(query));
    const total = getListPage(language, 'sale', params).result.total;
    expect(total).toBeGreaterThan(12);
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${count(total)}`));

    // Collapsed: no map and no pins until the visitor asks.
    const toggle = page.getByRole('button', { name: messages.listMap.show });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.list-map-marker')).toHaveCount(0);
    const pinsAnswer = page.waitForResponse((response) => response.url().includes(`/api/list-pins/${language}/`));
    await toggle.click();
    await expect(page.getByRole('button', { name: messages.listMap.hide })).toHaveAttribute('aria-expanded', 'true');
    expect((await pinsAnswer).status()).toBe(200);

    // One pin per listing of the list (all its pages), and the map says how many.
    const markers = page.locator('.list-map-marker');
    await expect(markers).toHaveCount(total);
    await expect(page.getByRole('status').filter({ hasText: `${total} Immobilien auf der Karte` })).toBeVisible();
    // Full width on a phone, at most 60% of the screen's height.
    const box = await page.getByTestId('list-map').boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(844 * 0.6 + 1);
    expect(box?.width ?? 0).toBeGreaterThan(330);

    // A pin opens its card: the listing's page in this language.
    const detailHrefs = new Set(getListMatches(language, 'sale', params).map((listing) => href({ page: 'property', id: listing.id }, language)));
    const first = markers.first();
    await first.focus();
    await first.press('Enter');
    const card = page.locator('.leaflet-popup .list-map-card');
    await expect(card).toBeVisible();
    const link = card.getByRole('link');
    const target = (await link.getAttribute('href')) ?? '';
    expect(detailHrefs.has(target), target).toBe(true);
    await expect(card.locator('.list-map-price')).not.toBeEmpty();
    await page.keyboard.press('Escape');

    // Zoom in, then search this area: the URL carries the area and the list counts the pins inside it.
    await page.locator('.leaflet-control-zoom-in').click();
    await page.locator('.leaflet-control-zoom-in').click();
    await page.getByRole('button', { name: messages.listMap.searchArea }).click();
    await expect(page).toHaveURL(/[?&]bbox=/);
    const url = new URL(page.url());
    const area = parseBbox(url.searchParams.get('bbox'));
    if (!area) throw new Error(`the URL carries a valid area: ${url.search}`);
    const inside = [...getListMatches(language, 'sale', params)].filter(
      ({ position }) => position && position.longitude >= area.minLng && position.longitude <= area.maxLng && position.latitude >= area.minLat && position.latitude <= area.maxLat,
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(total);
    expect(getListPage(language, 'sale', parseListParams(url.searchParams)).result.total).toBe(inside.length);
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${count(inside.length)}`));
    await expect(markers).toHaveCount(inside.length);
    expect(url.searchParams.get('min-price') ?? url.searchParams.get('bedrooms')).not.toBeNull();

    // The card's link leads to the detail page.
    await page.goto(target);
    await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('h1')).toBeVisible();

    expect(external).toEqual([]);
  });
}

test('a shared area link filters the list without JavaScript, and the map button is not offered there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const query = 'bbox=4.2,50.7,4.6,51';
  const expected = getListPage('de', 'sale', parseListParams(new URLSearchParams(query))).result;
  expect(expected.total).toBeGreaterThan(0);
  await page.goto(`/de/zu-verkaufen/?${query}`);
  await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${expected.total} Objekte?`));
  await expect(page.getByRole('button', { name: de.listMap.show })).toHaveCount(0);
  // The filter form keeps the area when it is sent.
  await expect(page.locator('form input[name="bbox"]')).toHaveValue('4.2,50.7,4.6,51');
  await context.close();
});

test('the list HTML carries no pins and loads no map library until the map is opened', async ({ page }) => {
  await guard(page);
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  const html = await (await page.request.get('/de/zu-verkaufen/?bedrooms=2')).text();
  expect(html).not.toContain('list-pins');
  const quiet = networkQuiet(page);
  await page.goto('/de/zu-verkaufen/?bedrooms=2');
  await expect(page.getByRole('button', { name: de.listMap.show })).toBeVisible();
  await quiet();
  expect(scripts.some((text) => text.includes('leaflet-container'))).toBe(false);
  await page.getByRole('button', { name: de.listMap.show }).click();
  await expect(page.locator('.list-map-marker').first()).toBeAttached();
  expect(scripts.some((text) => text.includes('leaflet-container'))).toBe(true);
});

// WCAG 2.5.7: the map is usable without dragging (the shipped site, without tiles, offers no map).
test("the list's map pans by the arrow keys and zooms by its buttons, and its pins are reached by Tab", async ({ page }) => {
  await guard(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/de/zu-verkaufen/');
  await page.getByRole('button', { name: de.listMap.show }).click();
  const map = page.locator('.leaflet-container');
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  const pane = map.locator('.leaflet-map-pane');
  const transform = () => pane.evaluate((element) => (element instanceof HTMLElement ? element.style.transform : ''));
  const before = await transform();
  await map.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(transform).not.toBe(before);
  const zoomIn = map.locator('.leaflet-control-zoom-in');
  await expect(zoomIn).toHaveAttribute('role', 'button');
  const pin = map.locator('.leaflet-marker-icon').first();
  const box = await pin.boundingBox();
  await zoomIn.click();
  await expect.poll(async () => JSON.stringify(await pin.boundingBox())).not.toBe(JSON.stringify(box));
  await expect(pin).toHaveAttribute('tabindex', '0');
});
