import type { Locator, Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getEnabledLanguages, getSite, localise, type Language } from '@/lib/config';
import { allRoutes, href } from '@/lib/pages';
import { languageTurns } from './language-turns';
import { networkQuiet } from './network-quiet';
import { storeConsent } from './stored-consent';

/*
 * The page frame as a visitor sees it: the footer's configured columns laid out in a row on a
 * desktop and stacked on a phone, one language version of the agency's address per page, and a
 * compact fixed header that leaves anchor targets in sight.
 */

/** The agency's address as each language writes it: Mons lies in the French-speaking area, "Bergen" in Dutch. */
const addressLines: Partial<Record<Language, [string, string]>> = {
  nl: ['Grote Markt 12', '7000 Bergen'],
  fr: ['Grand-Place 12', '7000 Mons'],
  en: ['Grand-Place 12', '7000 Mons'],
};
const otherVersion: Partial<Record<Language, RegExp>> = { nl: /Grand-Place|Mons/, fr: /Grote Markt|Bergen/, en: /Grote Markt|Bergen/ };

const box = async (locator: Locator) => {
  const value = await locator.boundingBox();
  if (!value) throw new Error('not laid out');
  return value;
};

for (const language of getEnabledLanguages()) {
  for (const width of [390, 1280]) {
    test(`the footer shows its configured columns and one address in ${language} at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await storeConsent(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(href({ page: 'property', id: 4000001 }, language));
      const footer = page.locator('body > footer');
      const { footer: config } = getSite();
      const columns: Locator[] = [];
      for (const column of config.bottom) {
        const title = localise(column.title, language);
        const section = footer.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
        await expect(section).toBeVisible();
        // The intro and the text: for the second column, the opening hours.
        for (const text of [column.introText, column.fullText]) await expect(section).toContainText(localise(text, language));
        columns.push(section);
      }

      const address = footer.locator('address');
      const lines = addressLines[language];
      if (lines) for (const line of lines) await expect(address).toContainText(line);
      const other = otherVersion[language];
      if (other) await expect(address).not.toContainText(other);

      const contact = footer.locator('section').filter({ has: page.locator('address') });
      const blocks = [...columns, contact];
      const boxes = await Promise.all(blocks.map(box));
      const frame = await box(footer);
      if (width >= 1280) {
        // Side by side on one row, filling the band rather than a lone box on the left.
        for (const other of boxes.slice(1)) expect(Math.abs(other.y - boxes[0]!.y)).toBeLessThan(2);
        const right = Math.max(...boxes.map((entry) => entry.x + entry.width));
        expect(right).toBeGreaterThan(frame.x + frame.width * 0.75);
      } else {
        // Stacked, each below the one before, none wider than the screen.
        boxes.slice(1).forEach((entry, index) => expect(entry.y).toBeGreaterThanOrEqual(boxes[index]!.y + boxes[index]!.height - 1));
        for (const entry of boxes) expect(entry.x + entry.width).toBeLessThanOrEqual(width);
      }
    });
  }
}

async function headerAndTarget(page: Page, id: string) {
  return page.evaluate((targetId) => {
    const header = document.querySelector('header#top');
    // A request form's anchor sits inside its disclosure: the disclosure's title must show too.
    const target = document.getElementById(targetId)?.closest('details') ?? document.getElementById(targetId);
    if (!header || !target) return undefined;
    return { headerBottom: header.getBoundingClientRect().bottom, headerHeight: header.getBoundingClientRect().height, targetTop: target.getBoundingClientRect().top };
  }, id);
}

// Where an anchor lands is the same in every language: each width in one, the languages taking turns.
const inTurn = languageTurns(getEnabledLanguages());
for (const language of getEnabledLanguages()) {
  for (const width of [390, 1280]) {
    if (inTurn(language, `anchor at ${width}`))
      test(`an anchor on a detail page lands below the compact header in ${language} at ${width} px`, async ({ page }) => {
        test.setTimeout(60_000);
        await storeConsent(page);
        await page.setViewportSize({ width, height: 900 });
        const detail = href({ page: 'property', id: 4000001 }, language);
        await page.goto(`${detail}#request-visit`);
        const header = page.locator('header#top');
        // The header turns compact once the page's script runs, which a busy machine delays.
        await expect(header).toHaveAttribute('data-scrolled', 'true', { timeout: 20_000 });
        const landed = await headerAndTarget(page, 'request-visit');
        expect(landed).toBeDefined();
        expect(landed!.targetTop).toBeGreaterThanOrEqual(landed!.headerBottom);
        expect(landed!.targetTop).toBeLessThan(900 / 2);
        // Scrolled, the header is a slim bar, not a fifth of the screen.
        expect(landed!.headerHeight).toBeLessThanOrEqual(80);

        // The same for the request buttons at the top of the page, clicked.
        const quiet = networkQuiet(page);
        await page.goto(detail);
        await quiet();
        await page.locator('main a[href="#request-documents"]').first().click();
        await expect(header).toHaveAttribute('data-scrolled', 'true', { timeout: 20_000 });
        await expect
          .poll(async () => {
            const clicked = await headerAndTarget(page, 'request-documents');
            return clicked !== undefined && clicked.targetTop >= clicked.headerBottom && clicked.targetTop < 450;
          })
          .toBe(true);
      });
  }
}

// A page wider than a phone scrolls sideways and hides its right edge (the project page's unit
// table did, at 447 px). Every kind of page, with a few listings rather than all of them.
for (const language of getEnabledLanguages()) {
  test(`no page is wider than a 390 px phone screen in ${language}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const routes = allRoutes(language);
    const listings = routes.filter((route) => route.page === 'property').slice(0, 6);
    const tooWide: string[] = [];
    for (const route of [...routes.filter((route) => route.page !== 'property'), ...listings]) {
      const path = href(route, language);
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) tooWide.push(`${path}: ${width} px`);
    }
    expect(tooWide).toEqual([]);
  });
}
