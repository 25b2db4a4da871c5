import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getListPage } from '@/lib/catalogue/list-page';
import { parseListParams } from '@/lib/catalogue/list-query';
import { formatEuro } from '@/lib/format';
import { href } from '@/lib/pages';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { storeConsent } from './stored-consent';

/*
 * Issue 39: a list's filters by keyboard, on a phone and a desktop. A filter changed with an arrow
 * key keeps the focus (the page changes in place, WCAG 3.2.2 and 2.4.3); on a phone the filters
 * wait behind one "Filters (n)" disclosure so that the first listing is on the first screen; and a
 * price reads the same in the filter's choices as on the cards (one format per page).
 */

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ page }) => storeConsent(page));

const languages = [
  { language: 'nl', messages: nl },
  { language: 'fr', messages: fr },
  { language: 'en', messages: en },
] as const;
const selectNames = ['city', 'type', 'min-price', 'max-price', 'bedrooms', 'surface', 'epc', 'sort'];

const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? 'none')));

/** On a phone the filters are behind their disclosure: opened as a visitor would, by keyboard. */
async function openFilters(page: Page): Promise<void> {
  const disclosure = page.locator('details:has(select[name="city"])');
  if ((await disclosure.count()) === 0 || (await disclosure.evaluate((details: HTMLDetailsElement) => details.open))) return;
  await disclosure.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('select[name="city"]')).toBeVisible();
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 800 : 844 } });
    for (const { language } of languages) {
      test(`a filter changed by an arrow key keeps the focus, and Tab goes on to the next one, in ${language}`, async ({ page }) => {
        const path = href({ page: 'for-sale' }, language);
        for (const [position, name] of selectNames.entries()) {
          await page.goto(path);
          await expect(page.locator('form[data-ready]')).toBeAttached();
          await openFilters(page);
          const select = page.locator(`select[name="${name}"]`);
          await select.focus();
          const before = await select.inputValue();
          await page.keyboard.press('ArrowDown');
          await expect(select).not.toHaveValue(before);
          await page.waitForURL((url) => url.search !== '');
          await expect(page.locator('[aria-busy]')).toHaveCount(0);
          await expect.poll(() => focusedName(page), `${name} after its change`).toBe(name);
          await page.keyboard.press('Tab');
          const next = selectNames[position + 1];
          await expect.poll(() => focusedName(page), `Tab after ${name}`).toBe(next ?? 'BUTTON');
        }
      });
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const { language, messages } of languages) {
    test(`a list opens with its first listing on the first screen, its filters behind "Filters (n)", in ${language}`, async ({ page }) => {
      const path = href({ page: 'for-sale' }, language);
      await page.goto(path);
      const summary = page.locator('summary').filter({ hasText: messages.list.filtersButton.replace('{count}', '0') });
      await expect(summary).toBeVisible();
      await expect(page.locator('select[name="city"]')).toBeHidden();
      const firstCard = page.locator('main article').first();
      const top = await firstCard.evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeLessThan(844 - 100);
      // Two filters in the URL: the disclosure counts them.
      const town = getListPage(language, 'sale', parseListParams(new URLSearchParams())).choices['on-offer'].towns.find((candidate) => candidate.listed)!;
      await page.goto(`${path}?city=${encodeURIComponent(town.value)}&bedrooms=1`);
      await expect(page.locator('summary').filter({ hasText: messages.list.filtersButton.replace('{count}', '2') })).toBeVisible();
    });
  }

  test('without JavaScript the disclosure opens and its form still filters', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto(href({ page: 'for-sale' }, 'en'));
    await page
      .locator('summary')
      .filter({ hasText: en.list.filtersButton.replace('{count}', '0') })
      .click();
    await page.locator('select[name="bedrooms"]').selectOption({ index: 1 });
    await page.getByRole('button', { name: en.list.apply }).click();
    await expect(page).toHaveURL(/bedrooms=/);
    await expect(page.locator('summary').filter({ hasText: en.list.filtersButton.replace('{count}', '1') })).toBeVisible();
    await context.close();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the filters are open, with no disclosure to open first', async ({ page }) => {
    await page.goto(href({ page: 'for-sale' }, 'en'));
    await expect(page.locator('select[name="city"]')).toBeVisible();
    await expect(page.locator('summary').filter({ hasText: en.list.filtersButton.replace('{count}', '0') })).toBeHidden();
  });
});

for (const { language } of languages) {
  test(`a price reads the same in the price filter's choices as on the cards, in ${language}`, async ({ page }) => {
    await page.goto(href({ page: 'for-sale' }, language));
    await expect(page.locator('form[data-ready]')).toBeAttached();
    const options = await page
      .locator('select[name="max-price"] option')
      .evaluateAll((elements: HTMLOptionElement[]) => elements.slice(1).map((option) => ({ value: Number(option.value), text: option.textContent ?? '' })));
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect(option.text).toMatch(new RegExp(`^${formatEuro(option.value).replace(/[.€]/g, '\\$&')} \\(\\d+\\)$`));
    const { listings } = getListPage(language, 'sale', parseListParams(new URLSearchParams()));
    const priced = listings.flatMap((listing) => (listing.price.kind === 'amount' ? [{ id: listing.id, amount: listing.price.amount }] : []))[0]!;
    await expect(page.locator(`main article:has(a[href*="/${priced.id}/"])`)).toContainText(formatEuro(priced.amount));
  });
}
