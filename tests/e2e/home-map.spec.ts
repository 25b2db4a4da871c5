import { expect, test, type Page } from '@playwright/test';
import type { MapMessage } from '@/lib/map';

/*
 * The home map embed on its own: opened directly, with every request off localhost blocked (as
 * in production without tile access), and fed the message of spec §7 from the page itself.
 */

const sample: MapMessage = {
  type: 'agency-map',
  properties: [
    { id: 4000001, lat: 50.46571, lng: 3.95236, title: 'Woning met 4 slaapkamers', town: 'Bergen', price: '€ 235.000', url: '/nl/te-koop/bergen/woning/4000001/' },
    { id: 4000011, lat: 50.4437, lng: 3.93805, title: 'Appartement met 2 slaapkamers', town: 'Bergen', price: '€ 905 per maand', url: '/nl/te-huur/bergen/appartement/4000011/' },
    { id: 4000014, lat: 50.60411, lng: 3.37916, title: 'Appartement met 3 slaapkamers', town: 'Doornik', price: 'Prijs op aanvraag', url: '/nl/te-huur/doornik/appartement/4000014/' },
    // In ignoreList as well: the embed must leave it out.
    { id: 4000003, lat: 50.45561, lng: 3.95012, title: 'Verkocht appartement', town: 'Bergen', price: '€ 215.000', url: '/nl/te-koop/bergen/appartement/4000003/' },
  ],
  messageInfo: { language: 'nl', title: 'Ons aanbod op de kaart', listLabel: 'Alle panden op de kaart', noTilesNotice: 'De kaartachtergrond kon niet laden.' },
  mapType: 'roadmap',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  customMarker: { colour: '#c8553d' },
  ignoreList: [4000003, 4000012],
};
const shown = sample.properties.slice(0, 3);
const name = (property: (typeof shown)[number]) => `${property.title} – ${property.town} – ${property.price}`;
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function openEmbed(page: Page): Promise<string[]> {
  const external: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    external.push(url.href);
    return route.abort('blockedbyclient');
  });
  await page.goto('/embed/map.html');
  return external;
}

const post = (page: Page, message: unknown) => page.evaluate((data) => window.postMessage(data, location.origin), message);
const pins = (page: Page) => page.locator('#markers .pin');

test.describe('home map embed', () => {
  test('before a message: an empty, sized map and no request off the site', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const external = await openEmbed(page);
    const box = await page.locator('#map').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThanOrEqual(240);
    await expect(pins(page)).toHaveCount(0);
    await expect(page.locator('#list-section')).toBeHidden();
    await expect(page.locator('#notice')).toHaveText('');
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('shows one pin per listing and the list, with the no-tiles notice when tiles are blocked', async ({ page }) => {
    const external = await openEmbed(page);
    await post(page, sample);

    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(pins(page)).toHaveCount(shown.length);
    for (const [index, property] of shown.entries()) {
      const pin = page.getByRole('button', { name: name(property), exact: true });
      await expect(pin).toBeVisible();
      await expect(pins(page).nth(index)).toHaveAccessibleName(name(property));
    }
    await expect(page.getByRole('button', { name: /Verkocht appartement/ })).toHaveCount(0);

    const list = page.getByRole('region', { name: sample.messageInfo.listLabel });
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(sample.messageInfo.listLabel);
    await expect(list.getByRole('link')).toHaveCount(shown.length);
    for (const property of shown) {
      const link = list.getByRole('link', { name: name(property), exact: true });
      await expect(link).toHaveAttribute('href', property.url);
      await expect(link).toHaveAttribute('target', '_top');
    }

    await expect(page.getByRole('status')).toHaveText(sample.messageInfo.noTilesNotice);
    await expect(page.locator('#map')).toHaveClass(/no-tiles/);
    await expect(page.locator('#attribution')).toBeHidden();
    // The embed's Content-Security-Policy allows the tile server of site.json only (none is
    // configured): a tile host named in a message is refused by the browser before any request.
    expect(external).toEqual([]);

    // Projected positions: Tournai lies west and north of Mons, the Mons flat south of the house.
    const [house, flat, tournai] = await Promise.all([0, 1, 2].map((index) => pins(page).nth(index).boundingBox()));
    const map = (await page.locator('#map').boundingBox())!;
    for (const box of [house, flat, tournai]) {
      expect(box!.x).toBeGreaterThanOrEqual(map.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(map.x + map.width);
      expect(box!.y).toBeGreaterThanOrEqual(map.y);
    }
    expect(tournai!.x).toBeLessThan(house!.x);
    expect(tournai!.y).toBeLessThan(house!.y);
    expect(flat!.y).toBeGreaterThan(house!.y);
  });

  test('ignores a message of another type or a bad shape', async ({ page }) => {
    await openEmbed(page);
    await post(page, { ...sample, type: 'other-map' });
    await post(page, { ...sample, properties: [{ ...sample.properties[0], url: 'javascript:alert(1)' }] });
    await post(page, { ...sample, customMarker: { colour: 'red; background: url(x)' } });
    await post(page, 'agency-map');
    await page.waitForTimeout(200);
    await expect(pins(page)).toHaveCount(0);
    await expect(page.locator('#list-section')).toBeHidden();

    await post(page, sample);
    await expect(pins(page)).toHaveCount(shown.length);
    await post(page, { ...sample, type: 'other-map', properties: [] });
    await page.waitForTimeout(200);
    await expect(pins(page)).toHaveCount(shown.length);
  });

  test('ignores a well-formed message from another origin', async ({ page }) => {
    await openEmbed(page);
    // A sandboxed frame has an opaque origin ("null"): the message is right, its sender is not.
    await page.evaluate((message) => {
      const frame = document.createElement('iframe');
      frame.sandbox.add('allow-scripts');
      frame.srcdoc = `<script>parent.postMessage(${JSON.stringify(message)}, '*')<\/script>`;
      document.body.append(frame);
    }, sample);
    await page.waitForTimeout(500);
    await expect(pins(page)).toHaveCount(0);
    await expect(page.locator('#list-section')).toBeHidden();
  });

  test('a pin opens a card with a link to the listing; Escape closes it', async ({ page }) => {
    await openEmbed(page);
    await post(page, sample);
    const property = shown[0]!;
    const pin = page.getByRole('button', { name: name(property), exact: true });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-expanded', 'true');
    const card = page.locator('.popup');
    await expect(card).toBeVisible();
    await expect(card).toContainText(property.town);
    await expect(card).toContainText(property.price);
    const link = card.getByRole('link', { name: property.title, exact: true });
    await expect(link).toHaveAttribute('href', property.url);
    await expect(link).toHaveAttribute('target', '_top');
    await expect(card.getByRole('button', { name: 'Sluiten' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(pin).toHaveAttribute('aria-expanded', 'false');
    await expect(pin).toBeFocused();
  });

  test('keyboard: pins in list order, Enter and Space open the card, Tab reaches its link', async ({ page }) => {
    await openEmbed(page);
    await post(page, sample);
    await expect(pins(page)).toHaveCount(shown.length);
    for (const property of shown) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: name(property), exact: true })).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('.popup')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('.popup').getByRole('link')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.popup')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(page.locator('.popup')).toBeVisible();
  });

  test('a plain map requests no tiles at all and says so', async ({ page }) => {
    const external = await openEmbed(page);
    await post(page, { ...sample, mapType: 'plain' });
    await expect(pins(page)).toHaveCount(shown.length);
    await expect(page.getByRole('status')).toHaveText(sample.messageInfo.noTilesNotice);
    await expect(page.locator('#tiles img')).toHaveCount(0);
    expect(external).toEqual([]);
  });

  test('tiles that load fill the map, with the attribution and without the notice', async ({ page }) => {
    await openEmbed(page);
    // Registered last, so it answers before the catch-all: a tile server on our own origin.
    await page.route('**/test-tiles/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: onePixelPng }));
    await post(page, { ...sample, tileUrl: '/test-tiles/{z}/{x}/{y}.png' });
    await expect(pins(page)).toHaveCount(shown.length);
    await expect(page.locator('#tiles img').first()).toHaveAttribute('src', /^\/test-tiles\/\d+\/\d+\/\d+\.png$/);
    await expect(page.locator('#attribution')).toHaveText(sample.attribution);
    await expect(page.locator('#attribution')).toBeVisible();
    await expect(page.locator('#notice')).toHaveText('');
    await expect(page.locator('#map')).not.toHaveClass(/no-tiles/);
  });
});
