import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { screenshotSection } from './home-map-screens';
import { getProperties } from '@/lib/catalogue';
import messages from '@/messages/de.json';
import { seriousViolations } from './axe';
import { pmtilesArchive, serveArchive } from './pmtiles-fixture';
import { storeConsent } from './stored-consent';
import { networkQuiet } from './network-quiet';

/*
 * The home map with a tile source: the second build's site copy configures a PMTiles archive at
 * /maps/e2e-test.pmtiles (tooling/test/copy-site-with-german.mjs), which this test answers itself.
 * Leaflet and pmtiles load when the map comes near the screen, then draw the archive's tiles.
 */

// Each test loads the home page several times and runs axe: more than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => storeConsent(page));

const markers = getProperties('de').filter((property) => property.availability === 'on-offer' && property.position !== undefined);

async function openHome(page: Page, width: number) {
  const archive = await pmtilesArchive(14);
  const external: string[] = [];
  const archiveRequests: string[] = [];
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    external.push(url.href);
    return route.abort('blockedbyclient');
  });
  await page.route(
    '**/maps/e2e-test.pmtiles',
    serveArchive(archive, () => archiveRequests.push('archive')),
  );
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/de/');
  return { external, archiveRequests, policyErrors };
}

const section = (page: Page) => page.locator('section[aria-labelledby="home-map-title"]');

for (const width of [390, 1280]) {
  test(`a configured PMTiles archive is drawn with Leaflet once the map comes near, at ${width} px`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    const quiet = networkQuiet(page);
    const { external, archiveRequests, policyErrors } = await openHome(page, width);
    await quiet();
    // Below the fold: nothing of the map is fetched yet.
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(scripts.filter((script) => script.includes('leaflet-tile'))).toEqual([]);
    expect(archiveRequests).toEqual([]);

    await section(page).scrollIntoViewIfNeeded();
    const map = section(page).getByRole('region', { name: messages.homeMap.mapLabel });
    // The library and the archive load after the scroll: give a busy machine time.
    await expect(map).toBeVisible({ timeout: 20_000 });
    const tiles = map.locator('img.leaflet-tile-loaded');
    await expect(tiles.first()).toBeVisible({ timeout: 20_000 });
    expect(await tiles.first().getAttribute('src')).toMatch(/^blob:/);
    expect(await tiles.first().evaluate((image) => (image instanceof HTMLImageElement ? image.naturalWidth : 0))).toBe(256);
    expect(archiveRequests.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.includes('leaflet-tile')).length).toBeGreaterThan(0);
    // The drawing gives way to the map, whose markers are the listings on offer.
    await expect(section(page).getByRole('img', { name: messages.homeMap.drawingLabel })).toHaveCount(0);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(markers.length);
    await expect(map.getByText('E2E test tiles')).toBeVisible();
    // The towns stay listed under the map.
    await expect(section(page).getByRole('listitem').first()).toBeVisible();

    expect(external).toEqual([]);
    expect(policyErrors).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotSection(page, `home-map-tiles-de-${width}`);
  });
}

test('a marker opens by keyboard a popup that links to the listing', async ({ page }) => {
  await openHome(page, 1280);
  await section(page).scrollIntoViewIfNeeded();
  const marker = section(page).locator('.leaflet-marker-icon').first();
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await marker.focus();
  await page.keyboard.press('Enter');
  const popup = section(page).locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link')).toHaveAttribute('href', /^\/de\/zu-verkaufen\/|^\/de\/zu-vermieten\//);
});

for (const width of [390, 1280]) {
  test(`when the tiles cannot load, the drawing stays and its town names do not overlap, at ${width} px`, async ({ page }) => {
    await page.route('**/maps/e2e-test.pmtiles', (route) => route.abort('failed'));
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/de/');
    await section(page).scrollIntoViewIfNeeded();
    const drawing = section(page).getByRole('img', { name: messages.homeMap.drawingLabel });
    await expect(drawing).toBeVisible({ timeout: 20_000 });
    const names = drawing.locator('text');
    expect(await names.count()).toBeGreaterThan(3);
    // Each name's box as drawn, against every other one's (issue 39: the names overlapped).
    const overlaps = await names.evaluateAll((elements) => {
      const boxes = elements.map((element) => ({ name: element.textContent ?? '', box: element.getBoundingClientRect() }));
      return boxes.flatMap((one, index) =>
        boxes
          .slice(index + 1)
          .filter((two) => one.box.left < two.box.right && two.box.left < one.box.right && one.box.top < two.box.bottom && two.box.top < one.box.bottom)
          .map((two) => `${one.name} / ${two.name}`),
      );
    });
    expect(overlaps).toEqual([]);
  });
}
