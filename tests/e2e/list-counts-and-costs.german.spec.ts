import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getListPage } from '@/lib/catalogue/list-page';
import { parseListParams, type ListParams } from '@/lib/catalogue/list-query';
import { href } from '@/lib/pages';
import de from '@/messages/de.json';
import { storeConsent } from './stored-consent';

/*
 * The German build (German switched on in its data/site copy): the list's filter choices with the
 * number of listings each gives, and a listing's purchase costs, in German.
 */

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => storeConsent(page));

const number = (value: string) => (value ? Number(value) : undefined);

/** A select's options: each count is the list's total for that choice with the other filters; a zero is disabled. */
async function expectCounts(page: Page, label: string, params: ListParams, param: (value: string) => Partial<ListParams>): Promise<void> {
  const options = await page
    .getByRole('combobox', { name: label, exact: true })
    .locator('option')
    .evaluateAll((elements: HTMLOptionElement[]) => elements.map((element) => ({ value: element.value, text: element.textContent ?? '', disabled: element.disabled, selected: element.selected })));
  expect(options.length, label).toBeGreaterThan(1);
  for (const option of options) {
    const expected = getListPage('de', 'sale', { ...params, ...param(option.value), page: 1 }).result.total;
    expect(option.text, `${label} ${option.value}`).toMatch(new RegExp(` \\(${expected}\\)$`));
    expect(option.disabled, `${label} ${option.value}`).toBe(expected === 0 && !option.selected);
  }
}

test('de: each filter choice says how many listings it gives with the other filters, and follows a choice', async ({ page }) => {
  const query = 'bedrooms=3';
  const asked = getListPage('de', 'sale', parseListParams(new URLSearchParams(query))).params;
  await page.goto(`${href({ page: 'for-sale' }, 'de')}?${query}`);
  await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: de.list.town, exact: true }).locator('option').first()).toHaveText(`${de.list.allTowns} (${getListPage('de', 'sale', asked).result.total})`);
  await expectCounts(page, de.list.town, asked, (value) => ({ city: value || undefined }));
  await expectCounts(page, de.list.type, asked, (value) => ({ type: number(value) }));
  await expectCounts(page, de.list.bedrooms, asked, (value) => ({ bedrooms: number(value) }));

  const typeSelect = page.getByRole('combobox', { name: de.list.type, exact: true });
  const choice = (await typeSelect.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')) ?? '';
  const next = { ...asked, type: Number(choice) };
  await typeSelect.selectOption(choice);
  await expect(page).toHaveURL(new RegExp(`[?&]type=${choice}(&|$)`));
  await expect(typeSelect.locator('option:checked')).toHaveText(new RegExp(` \\(${getListPage('de', 'sale', next).result.total}\\)$`));
  await expectCounts(page, de.list.town, next, (value) => ({ city: value || undefined }));
  await expectCounts(page, de.list.bedrooms, next, (value) => ({ bedrooms: number(value) }));
});

test('de: the purchase costs of the Walloon listing, and no second notary or duty figure from the CRM beside them', async ({ page }) => {
  // 4000001, Mons 7000, € 235 000, 3 % for a sole own home in Wallonia since 1 January 2025:
  //   duty 235 000 × 3 % = 7 050
  //   fee 1 389.0045 + (235 000 − 64 095) × 0.57 % = 1 389.0045 + 974.1585 = 2 363.16
  //   VAT (2 363.16 + 750) × 21 % = 653.76
  //   costs 7 050 + 2 363.16 + 750 + 653.76 + 50 + 500 = 11 366.92 → € 11.367; total 246 366.92 → € 246.367
  await page.goto(href({ page: 'property', id: 4000001 }, 'de'));
  const section = page.getByRole('region', { name: de.purchaseCosts.heading });
  await expect(section).toBeVisible();
  await expect(section.getByText('Preis € 235.000 + Kosten € 11.367 = € 246.367')).toBeVisible();
  const amount = (label: string) => section.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) }).locator('td');
  await expect(amount(de.purchaseCosts.purchaseTotal)).toHaveText('€ 11.367');
  await expect(amount(de.purchaseCosts.grandTotal)).toHaveText('€ 246.367');
  await expect(section.getByRole('row').filter({ hasText: '3 % ' })).toContainText('€ 7.050');
  // The CRM's record says € 29.375 of duties (12.5 %) and € 4.385 of notary fees: not shown next to the estimate.
  await expect(page.locator('main')).not.toContainText('29.375');
  await expect(page.locator('main')).not.toContainText('4.385');
});
