import { expect, test } from './warm-page';
import { getEnabledLanguages, getMenu } from '@/lib/config';
import { href, menuEntryHref, type Route } from '@/lib/pages';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';
import { networkQuiet } from './network-quiet';
import { storeConsent } from './stored-consent';

/*
 * Issue 40: what a phone gets first. The largest picture of the home, a list and a listing is the
 * first picture the head preloads, at high priority; nothing else (the language flags, hidden on a
 * phone until its menu opens) is preloaded before it; and nothing moves while the consent dialog,
 * the fonts and the islands arrive on a phone whose CPU is four times slower (Lighthouse mobile's).
 */

const services = getMenu().find((entry) => entry.id === 'services');
const languages = getEnabledLanguages();
// One language each, turning, so that every enabled language is seen.
const pages = (
  [
    { name: 'home', route: { page: 'home' } },
    { name: 'list', route: { page: 'for-sale' } },
    { name: 'listing', route: { page: 'property', id: 4000039 } },
  ] satisfies { name: string; route: Route }[]
).map((entry, index) => ({ ...entry, language: languages[index % languages.length] ?? 'fr' }));

for (const { name, route, language } of pages) {
  test(`the ${name} in ${language}: its largest picture is the first the head preloads, at high priority, and no flag is`, async ({ request }) => {
    const html = await (await request.get(href(route, language))).text();
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*as="image"[^>]*>/g)].map((match) => match[0]);
    expect(preloads.filter((link) => link.includes('/images/flags/'))).toEqual([]);
    expect(preloads[0], 'the first image preload').toMatch(/fetchPriority="high"/);
    expect(preloads[0]).toMatch(name === 'home' ? /\/images\/banner\// : /\/catalogue\/\d+\//);
  });
}

test('nothing moves on a phone at 4x CPU while the consent dialog, the fonts and the islands arrive (home, list, listing, menu page)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // No stored choice: the consent dialog is part of what arrives.
  await watchLayoutShifts(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const quiet = networkQuiet(page);
  const urls = [...pages.map(({ route, language }) => href(route, language)), ...(services ? languages.map((language) => menuEntryHref(services, language)) : [])];
  for (const url of urls) {
    await page.goto(url);
    await quiet();
    // Hydrated: React has attached its handlers to the page.
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('header#top') ?? {}).some((key) => key.startsWith('__react')))).toBe(true);
    expect(await layoutShifts(page), url).toEqual([]);
  }
  await context.close();
});

test('the language flags load when the phone menu opens, not before', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // A choice made: the consent dialog would cover the menu button.
  await storeConsent(page);
  const flags: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/images/flags/')) flags.push(request.url());
  });
  const quiet = networkQuiet(page);
  await page.goto(href({ page: 'home' }, 'nl'));
  await quiet();
  expect(flags).toEqual([]);
  await page.locator('header#top details summary').last().click();
  await expect.poll(() => flags.length).toBeGreaterThan(0);
  await context.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the header's logo keeps its box while it loads, ${viewport.width} px wide`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeConsent(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/images\/logo\.svg$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(href({ page: 'menu', id: 'disclaimer' }, languages[0] ?? 'nl'), { waitUntil: 'domcontentloaded' });
    const logo = page.locator('header#top picture img');
    const box = () => logo.evaluate((image: HTMLImageElement) => ({ width: image.getBoundingClientRect().width, loaded: image.complete && image.naturalWidth > 0 }));
    const before = await box();
    expect(before.loaded).toBe(false);
    release();
    await expect.poll(async () => (await box()).loaded).toBe(true);
    expect(Math.abs((await box()).width - before.width), `drawn ${before.width} px wide before it loaded`).toBeLessThan(1);
    await context.close();
  });
}

test("the site's own elements name no attribute they leave out in the inline data (list, listing, menu page)", async ({ request }) => {
  // React writes a prop set to undefined as "$undefined" in the page's inline data: dozens of
  // bytes for each picture and heading. The framework's own (nonce, crossOrigin…) are not ours.
  const urls = [href({ page: 'for-sale' }, 'fr'), href({ page: 'property', id: 4000039 }, 'nl'), ...(services ? [menuEntryHref(services, 'en')] : [])];
  for (const url of urls) {
    const html = await (await request.get(url)).text();
    expect(html.match(/\\"(id|className|srcSet|sizes|fetchPriority|style|aria-labelledby)\\":\\"\$undefined\\"/g) ?? [], url).toEqual([]);
  }
});
