import { randomUUID } from 'node:crypto';
import { createClient } from '@libsql/client';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './warm-page';
import { getProject } from '@/lib/catalogue';
import { rgbContrast, type Rgb } from '@/lib/colour';
import { favouritesKey } from '@/lib/favourites/storage';
import { href } from '@/lib/pages';
import { hashPassword } from '@/lib/security/password';
import { databaseFile, messages, uniqueEmail } from './forms-helpers';
import { seriousViolations } from './axe';
import { networkQuiet } from './network-quiet';
import { storeConsent } from './stored-consent';

/*
 * Issue 39, what a visitor sees of the pages' layout and pictures, measured in the browser:
 * contrast of the home menu over the banner's pictures, widths on a 390 px phone, where a
 * listing's photo, price and contact box sit on its first screen, the favourites' and the
 * gallery's placeholders and names, and the no-JavaScript spam check's frame.
 */

test.describe.configure({ timeout: 90_000 });

const languages = ['nl', 'fr', 'en'] as const;

const box = async (locator: Locator) => {
  const value = await locator.boundingBox();
  if (!value) throw new Error('not laid out');
  return value;
};

/** The page is no wider than the screen: nothing to scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// Item 3: white text over the banner's pictures.
test.describe('the home header over the banner', () => {
  type TextBox = { x: number; y: number; width: number; height: number; colour: string; text: string };

  /** Every visible piece of text in the header, as the boxes of its lines, with its colour. */
  const headerTexts = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('body header');
      if (!header) return [];
      const boxes: TextBox[] = [];
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!parent || text === '' || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        // Text a screen reader reads but nobody sees (visually-hidden) has no background to measure.
        const style = getComputedStyle(parent);
        if (style.clipPath !== 'none' || style.clip !== 'auto') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width < 2 || rect.height < 2 || rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
          boxes.push({ x: rect.left, y: rect.top, width: rect.width, height: rect.height, colour: style.color, text });
        }
      }
      return boxes;
    });

  const rgbOf = (css: string): Rgb => {
    const [red = 0, green = 0, blue = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return [red, green, blue];
  };

  /** The lowest contrast between each text's colour and the lightest pixel behind it (the text itself hidden). */
  async function worstContrast(page: Page): Promise<{ contrast: number; text: string }> {
    const texts = await headerTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    const hide = await page.addStyleTag({
      content:
        'body header, body header * { color: transparent !important; text-shadow: none !important; transition: none !important; outline: none !important; text-decoration-color: transparent !important; }',
    });
    const shot = await page.screenshot();
    await hide.evaluate((element) => element.parentNode?.removeChild(element));
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let worst = { contrast: Infinity, text: '' };
    for (const text of texts) {
      const colour = rgbOf(text.colour);
      const left = Math.max(0, Math.floor(text.x));
      const right = Math.min(info.width, Math.ceil(text.x + text.width));
      const top = Math.max(0, Math.floor(text.y));
      const bottom = Math.min(info.height, Math.ceil(text.y + text.height));
      for (let y = top; y < bottom; y++) {
        for (let x = left; x < right; x++) {
          const at = (y * info.width + x) * info.channels;
          const contrast = rgbContrast(colour, [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]);
          if (contrast < worst.contrast) worst = { contrast, text: text.text };
        }
      }
    }
    return worst;
  }

  for (const width of [1280, 390]) {
    test(`the menu and the top bar keep 4.5:1 over every slide of the banner at ${width} px`, async ({ page }) => {
      await storeConsent(page);
      // No autoplay: the test turns the slides itself.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/en/');
      const banner = page.locator('[data-banner]');
      const slides = banner.locator('[data-slide]');
      const count = await slides.count();
      expect(count).toBeGreaterThan(1);
      // On a phone the slides are swiped and the button is not shown: the test presses it all the same.
      const next = banner.locator('button[aria-label="Next photo"]');
      // The button is in the server's HTML; it turns slides once the slider's island has run,
      // which the play button says by showing "play" to a visitor who asked for no motion.
      await expect(banner.locator('button[data-state="paused"]')).toBeVisible();
      const results: string[] = [];
      for (let index = 0; index < count; index++) {
        if (index > 0) {
          if (width >= 767) await next.click();
          else await next.dispatchEvent('click');
          await expect(banner.locator('.swiper-slide-active')).toHaveAttribute('data-slide', String(index));
        }
        const active = index === 0 ? slides.first() : banner.locator('.swiper-slide-active');
        await expect.poll(() => active.evaluate((slide) => getComputedStyle(slide).opacity)).toBe('1');
        const picture = active.locator('img').first();
        if ((await picture.count()) > 0) await expect(picture).toHaveJSProperty('complete', true);
        const worst = await worstContrast(page);
        results.push(`slide ${index + 1}: ${worst.contrast.toFixed(2)} (${worst.text})`);
        expect(worst.contrast, results.join('; ')).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

// Item 5: the searcher's space on a phone.
test.describe("the searcher's space on a phone", () => {
  const password = 'correct horse battery staple';

  /** A searcher with one search that sets every criterion and one followed listing, written as the confirmed forms would. */
  async function createSearcher(email: string, language: string): Promise<void> {
    const client = createClient({ url: `file:${databaseFile()}`, timeout: 5000 });
    const now = new Date().toISOString();
    const criteria = {
      goal: 'sale',
      types: [1, 2, 3],
      zips: ['7000', '7011', '7012', '7020', '7030', '7500', '7700'],
      priceMin: 150000,
      priceMax: 350000,
      minRooms: 2,
      minParkings: 1,
      minBathrooms: 1,
    };
    try {
      await client.execute({ sql: 'INSERT INTO searcher_accounts (email, password_hash, updated_at) VALUES (?, ?, ?)', args: [email, await hashPassword(password), now] });
      for (const [kind, json, propertyId] of [
        ['search', JSON.stringify(criteria), null],
        ['follow', null, 4000001],
      ] as const) {
        const requestId = randomUUID();
        await client.execute({
          sql: 'INSERT INTO requests (id, form, lang, email, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          args: [requestId, kind === 'search' ? 'demand-register' : 'follow-listing', language, email, '{}', now],
        });
        await client.execute({
          sql: "INSERT INTO alert_subscriptions (id, request_id, kind, email, language, criteria, property_id, frequency, status, token_hash, expires_at, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'daily', 'active', ?, ?, ?, ?)",
          args: [randomUUID(), requestId, kind, email, language, json, propertyId, randomUUID(), now, now, now],
        });
      }
    } finally {
      client.close();
    }
  }

  for (const language of languages) {
    test(`its criteria, values and buttons fit 390 px (${language})`, async ({ page }) => {
      await storeConsent(page);
      await page.setViewportSize({ width: 390, height: 844 });
      const email = uniqueEmail(`phone-${language}`);
      await createSearcher(email, language);
      await page.goto(href({ page: 'login' }, language));
      const login = page.locator('form[data-form="owner-login"]');
      await login.locator('[name="email"]').fill(email);
      await login.locator('[name="password"]').fill(password);
      await login.locator('button[type="submit"]').click();
      await page.waitForURL(`**${href({ page: 'searcher' }, language)}`);
      const search = page.locator('section[aria-labelledby="searcher-searches"] li');
      await expect(search).toHaveCount(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      // Open for editing too: its fields fit as well.
      await search.locator('summary').click();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      const remove = search.getByRole('button', { name: messages[language].searcher.delete, exact: true });
      const removeBox = await box(remove);
      expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(390);
      for (const value of await search.locator('dd').all()) {
        const valueBox = await box(value);
        expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(390);
      }
    });
  }
});

// Items 13 and 14: a listing's first screen, its place; a project's place and units.
test.describe("a listing's first screen", () => {
  const id = 4000001;

  test('at 1280 px: the photo near the top, the description using its column, a sticky box with the price and the contact links', async ({ page }) => {
    await storeConsent(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(href({ page: 'property', id }, 'en'));
    const gallery = page.locator('section[aria-label="Photos"]').first();
    expect((await box(gallery)).y).toBeLessThanOrEqual(330);
    const aside = page.getByRole('region', { name: messages.en.property.contactBox });
    await expect(aside).toBeVisible();
    const asideBox = await box(aside);
    expect(asideBox.y + 40).toBeLessThanOrEqual(800);
    await expect(aside).toContainText(/€/);
    const visit = aside.getByRole('link', { name: messages.en.property.requestVisit });
    await expect(visit).toHaveAttribute('href', '#request-visit');
    await expect(aside.getByRole('link', { name: messages.en.property.contactAgent })).toHaveAttribute('href', '#contact');
    expect(await aside.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    // The description column reaches the box: no wide empty band between them.
    const description = page.locator('section[aria-labelledby="description"]');
    const paragraphs = await description.locator('p, li').evaluateAll((elements) => Math.max(...elements.map((element) => element.getBoundingClientRect().right)));
    expect(asideBox.x - paragraphs).toBeLessThanOrEqual(96);
    // Scrolled down to the facts, the box is still on screen.
    await page.locator('#description').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await box(aside)).y).toBeLessThan(800);
    expect((await box(aside)).y).toBeGreaterThanOrEqual(0);
    // Its link leads to the visit form.
    await visit.click();
    await expect(page.locator('form[data-form="contact-appointment"] [name="firstName"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('at 390 px: the price and a contact link on the first screen', async ({ page }) => {
    await storeConsent(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(href({ page: 'property', id }, 'fr'));
    const aside = page.getByRole('region', { name: messages.fr.property.contactBox });
    const price = aside.getByText(/€/).first();
    const visit = aside.getByRole('link', { name: messages.fr.property.requestVisit });
    for (const element of [price, visit]) {
      const where = await box(element);
      expect(where.y + where.height).toBeLessThanOrEqual(844);
      expect(where.x + where.width).toBeLessThanOrEqual(390);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  test("a listing names its place in its location section; a project has one, and its units' bedrooms and surface", async ({ page }) => {
    await storeConsent(page);
    await page.goto(href({ page: 'property', id }, 'fr'));
    const location = page.locator('section[aria-labelledby="location"]');
    await expect(location.getByRole('heading', { level: 2 })).toHaveText(messages.fr.property.location);
    await expect(location).toContainText(/\b7\d{3}\b/);

    const project = getProject(5000001, 'en');
    if (!project) throw new Error('project 5000001 is in the catalogue');
    await page.goto(href({ page: 'project', id: project.id }, 'en'));
    const place = page.locator('section[aria-labelledby="project-location"]');
    await expect(place.getByRole('heading', { level: 2 })).toHaveText(messages.en.property.location);
    await expect(place).toContainText(`${project.town.zip} ${project.town.name}`);
    await expect(place.getByRole('link')).toHaveAttribute('href', /openstreetmap\.org/);
    const headers = page.locator('[role="region"][aria-labelledby="units"] thead th');
    await expect(headers).toContainText([messages.en.projects.bedrooms, messages.en.projects.surface]);
    const withBedrooms = project.units.find((unit) => unit.listing?.rooms.bedrooms !== undefined);
    expect(withBedrooms).toBeDefined();
    const row = page
      .locator('[role="region"][aria-labelledby="units"] tbody tr')
      .filter({ hasText: withBedrooms?.name ?? '' })
      .first();
    await expect(row).toContainText(String(withBedrooms?.listing?.rooms.bedrooms));
    if (withBedrooms?.listing?.surfaces.living !== undefined) await expect(row).toContainText('m²');
  });
});

// Item 6: no tile source, no broken map.
test.describe('without a tile source', () => {
  test('the list offers no map and the home page lists the towns without a drawing', async ({ page }) => {
    await storeConsent(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const quiet = networkQuiet(page);
      await page.goto('/en/for-sale/');
      await expect(page.locator('main article').first()).toBeVisible();
      // Hydrated and idle: the map's button would be drawn by now.
      await quiet();
      await expect(page.getByRole('button', { name: messages.en.listMap.show })).toHaveCount(0);
      await page.goto('/en/');
      const section = page.locator('section[aria-labelledby="home-map-title"]');
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('list')).toBeVisible();
      await expect(section.locator('svg')).toHaveCount(0);
      // The list takes the section's width.
      const list = await box(section.getByRole('list'));
      expect(list.width).toBeGreaterThanOrEqual((await box(section)).width - 2);
    }
  });
});

/** Every label breaks a long word at a syllable of the page's language (html lang), never at any letter. */
async function expectHyphenated(labels: Locator): Promise<void> {
  for (const label of await labels.all()) {
    const style = await label.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { hyphens: computed.hyphens, wordBreak: computed.wordBreak, wrap: computed.overflowWrap };
    });
    expect(style.hyphens).toBe('auto');
    expect(style.wordBreak).not.toBe('break-all');
    expect(style.wrap).not.toBe('anywhere');
  }
}

// Item 17: the comparison on a phone.
for (const language of ['fr', 'nl'] as const) {
  test(`the comparison shows two listings side by side at 390 px, labels hyphenated (${language})`, async ({ page }) => {
    await storeConsent(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(href({ page: 'compare', ids: [4000001, 4000002, 4000003] }, language));
    const listings = page.locator('main table thead th[scope="col"]');
    await expect(listings).toHaveCount(4);
    const second = await box(listings.nth(2));
    expect(second.x + second.width).toBeLessThanOrEqual(390);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    const labels = page.locator('main table th');
    await expectHyphenated(labels);
  });
}

// A card's teaser ran a description's list together ("4 bedrooms 1 bathroom Approx. 138 m²…").
const separatedTeasers = {
  nl: 'Troeven: 4 slaapkamers · 1 badkamer · Bewoonbare',
  fr: 'Les atouts : 4 chambres · 1 salle de bains · Surface',
  en: 'Highlights: 4 bedrooms · 1 bathroom · Approx. 138 m²',
};
for (const language of languages) {
  test(`a card's teaser keeps the items of the description's list apart (${language})`, async ({ page }) => {
    await storeConsent(page);
    await page.goto(href({ page: 'for-sale' }, language));
    const card = page.locator('main article').filter({ has: page.locator(`a[href*="/4000052/"]`) });
    await expect(card).toContainText(separatedTeasers[language]);
    await page.goto(href({ page: 'property', id: 4000052 }, language));
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(separatedTeasers[language]);
  });
}

// A listing's figure labels on a phone break at a syllable in the page's language, not anywhere.
test("a listing's figure labels are hyphenated in the page's language at 390 px (nl)", async ({ page }) => {
  await storeConsent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(href({ page: 'property', id: 4000039 }, 'nl'));
  expect(await page.locator('html').getAttribute('lang')).toBe('nl');
  const labels = page.locator('main dt');
  await expect(labels.filter({ hasText: 'Parkeerplaatsen' })).toHaveCount(1);
  await expectHyphenated(labels);
});

// Item 18: a saved listing without a photo.
test('a favourite without a photo shows the list\'s "no photo" text', async ({ page }) => {
  await storeConsent(page);
  await page.addInitScript(([key]) => window.localStorage.setItem(key!, JSON.stringify([4000052])), [favouritesKey]);
  await page.goto(href({ page: 'favourites' }, 'en'));
  const card = page.locator('main article');
  await expect(card).toHaveCount(1);
  await expect(card.getByText(messages.en.property.noPhoto)).toBeVisible();
});

// Item 20: the gallery's stage.
test("the gallery's focusable stage is a carousel region with a short name", async ({ page }) => {
  await storeConsent(page);
  await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
  const stage = page.locator('section[aria-label="Photos"] [tabindex="0"]').first();
  await expect(stage).toHaveRole('region');
  await expect(stage).toHaveAttribute('aria-roledescription', messages.en.gallery.carousel);
  await expect(stage).toHaveAccessibleName(messages.en.gallery.stage);
  expect(await seriousViolations(page)).toEqual([]);
});

// Item 25: the no-JavaScript spam check on a phone.
for (const width of [390, 320]) {
  test(`the no-JavaScript spam check's frame shows its last line at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    try {
      const page = await context.newPage();
      for (const language of languages) {
        await page.goto(href({ page: 'menu', id: 'demand-register' }, language));
        const iframe = page.locator('form iframe').first();
        await expect(iframe).toBeVisible();
        const frame = await (await iframe.elementHandle())?.contentFrame();
        if (!frame) throw new Error('no frame');
        await frame.waitForLoadState();
        const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
        const outer = await iframe.evaluate((element) => element.clientHeight);
        expect(inner, `${language}: content ${inner} px in a ${outer} px frame`).toBeLessThanOrEqual(outer);
      }
    } finally {
      await context.close();
    }
  });
}
