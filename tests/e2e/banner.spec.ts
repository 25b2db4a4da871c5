import type { Page, Route } from '@playwright/test';
import { expect, test } from './warm-page';
import { readFileSync } from 'node:fs';
import site from '@/data/site/site.json';
import { createConsent, essentialOnly, storageEntries } from '@/lib/consent';
import { languageTurns } from './language-turns';
import { networkQuiet } from './network-quiet';

/*
 * The home banner as shipped (a gallery of the four pictures of public/images/banner) against the
 * production build: the configured title, the picture variant each width loads, the autoplay and
 * its pause button, and a box that keeps its size while the pictures load. Every request to
 * another host is aborted and counted: there must be none.
 */

const languages = ['nl', 'fr', 'en'] as const;
const phone = { width: 375, height: 740 };
const desktop = { width: 1440, height: 900 };
const viewports = [phone, desktop];
// Each check at each width runs in one language, the languages taking turns (language-turns.ts).
const inTurn = languageTurns(languages);
/** Spec §9: a slide every 5 s, a fade of 500 ms (the slider's slideDelay and slideSpeed). */
const slideDelay = 5_000;
const slideSpeed = 500;
/** The first move once the page is interactive; 8 s leaves room for hydration. */
const autoplayWithin = 8_000;

let outside: string[] = [];
let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  outside = [];
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  // A stored choice keeps the consent dialog, which is modal, from covering the banner's buttons.
  await page.addInitScript(
    (entries) => {
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    },
    storageEntries(createConsent(essentialOnly, new Date())),
  );
});

test.afterEach(() => {
  expect(outside, 'requests to other hosts').toEqual([]);
});

/** The index of the slide on show, once swiper has started. */
async function activeSlide(page: Page): Promise<string | null> {
  return page.locator('[data-banner] .swiper-slide-active').getAttribute('data-slide');
}

function bannerLabels(language: (typeof languages)[number]): { pause: string; play: string } {
  return (JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as { banner: { pause: string; play: string } }).banner;
}

function bannerPictureRequest(url: URL): boolean {
  if (url.pathname.startsWith('/images/banner/')) return true;
  return url.pathname.startsWith('/api/image') && (url.searchParams.get('src') ?? '').startsWith('/images/banner/');
}

for (const language of languages) {
  for (const viewport of viewports) {
    test.describe(`${language} at ${viewport.width} px`, () => {
      test.use({ viewport });

      if (inTurn(language, `title at ${viewport.width}`))
        test('shows the configured title over the picture variant of its width', async ({ page }) => {
          await page.goto(`/${language}/`);
          const banner = page.locator('[data-banner]');
          await expect(banner).toBeVisible();
          await expect(banner).toHaveAttribute('data-banner', 'gallery');
          await expect(banner.getByText(site.banner.title.text[language], { exact: true })).toBeVisible();
          await expect(banner.getByText(site.banner.description.text[language], { exact: true })).toBeVisible();
          await expect(banner.getByRole('button', { name: bannerLabels(language).pause, exact: true })).toBeVisible();

          const first = banner.locator('img').first();
          await expect(first).toHaveJSProperty('complete', true);
          const currentSrc = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
          if (viewport.width < 767) {
            expect(new URL(currentSrc).searchParams.get('width')).toBe('600');
            expect(new URL(currentSrc).searchParams.get('src')).toBe('/images/banner/1.webp');
          } else {
            expect(new URL(currentSrc).pathname).toBe('/images/banner/1.webp');
          }
          // Decoded (naturalWidth is divided by the srcset density, so it says nothing about the variant).
          expect(await first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
          expect(consoleErrors).toEqual([]);
        });

      if (inTurn(language, `height at ${viewport.width}`))
        test('has its height before any picture arrives, and keeps it', async ({ page }) => {
          const blocked: string[] = [];
          await page.route(bannerPictureRequest, (route: Route) => {
            blocked.push(route.request().url());
            return route.abort();
          });
          await page.goto(`/${language}/`, { waitUntil: 'domcontentloaded' });
          const frame = page.locator('[data-banner] > div').first();
          const before = await frame.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
          expect(before.height).toBeGreaterThan(0);
          expect(before.width).toBe(viewport.width);
          // 3:2 on mobile, 3:1 from tablet on.
          expect(before.height).toBeCloseTo(viewport.width < 767 ? (viewport.width * 2) / 3 : viewport.width / 3, 0);
          expect(
            await page
              .locator('[data-banner] img')
              .first()
              .evaluate((image: HTMLImageElement) => image.naturalWidth),
          ).toBe(0);
          expect(blocked.length).toBeGreaterThan(0);

          await page.unroute(bannerPictureRequest);
          await page.reload({ waitUntil: 'load' });
          await expect(page.locator('[data-banner] img').first()).toHaveJSProperty('complete', true);
          const after = await frame.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
          expect(after.height).toBe(before.height);
          expect(after.top).toBe(before.top);
        });
    });
  }
}

test.describe('hidden slides', () => {
  test.use({ viewport: phone });

  test("only the first slide's picture is requested at load; the next one is before it shows", async ({ page }) => {
    test.setTimeout(90_000);
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (bannerPictureRequest(url)) requested.add(url.searchParams.get('src') ?? url.pathname);
    });
    // Loaded, hydrated and idle: the slider's own chunk has come and gone.
    const quiet = networkQuiet(page);
    await page.goto('/en/');
    await quiet();
    await expect.poll(() => activeSlide(page)).toBe('0');
    expect([...requested]).toEqual(['/images/banner/1.webp']);
    await expect.poll(() => activeSlide(page), { timeout: autoplayWithin }).toBe('1');
    expect([...requested]).toEqual(['/images/banner/1.webp', '/images/banner/2.webp']);
    await expect(page.locator('[data-banner] [data-slide="1"] img')).toHaveJSProperty('complete', true);
  });
});

// The timer does not depend on the language: each width is tested once, in a language of its own.
for (const [language, viewport] of [
  ['nl', phone],
  ['fr', desktop],
] as const) {
  test.describe(`${language} at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('advances by itself and stops for good when paused', async ({ page }) => {
      test.setTimeout(90_000);
      const labels = bannerLabels(language);
      // The page's timers on a clock of the test's: it runs as the real one until the pause, then
      // jumps through a minute of them at once.
      await page.clock.install();
      await page.goto(`/${language}/`);
      await expect.poll(() => activeSlide(page)).toBe('0');
      await expect.poll(() => activeSlide(page), { timeout: autoplayWithin }).not.toBe('0');

      const pause = page.getByRole('button', { name: labels.pause, exact: true });
      await pause.click();
      await expect(page.getByRole('button', { name: labels.play, exact: true })).toBeVisible();
      // A move whose timer had already fired lands within its fade: then the reference is taken.
      await page.clock.runFor(slideSpeed + 100);
      const stopped = await activeSlide(page);
      // Twelve slide delays: any autoplay timer left running would have moved the slides.
      await page.clock.runFor(12 * slideDelay);
      expect(await activeSlide(page)).toBe(stopped);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('slider code on demand', () => {
  test.use({ viewport: desktop });

  test('no slider library at load; the next button turns the slides from its first press', async ({ page }) => {
    // Reduced motion: no autoplay, so nothing but the visitor asks for the slider's code.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const quiet = networkQuiet(page);
    await page.goto('/en/');
    await quiet();
    const banner = page.locator('[data-banner]');
    // Hydrated: the button offers play, as the slider does not move by itself for this visitor.
    await expect(banner.getByRole('button', { name: bannerLabels('en').play, exact: true })).toBeVisible();
    const atLoad = scripts.length;
    expect(await activeSlide(page)).toBe('0');
    await banner.getByRole('button', { name: 'Next photo', exact: true }).click();
    await expect.poll(() => activeSlide(page)).toBe('1');
    // swiper came with the press, not with the page.
    expect(scripts.length).toBeGreaterThan(atLoad);
    await expect(banner.getByRole('region', { name: 'Slideshow' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
