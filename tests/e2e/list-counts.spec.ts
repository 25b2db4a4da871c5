import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getListPage } from '@/lib/catalogue/list-page';
import { parseListParams, type ListParams } from '@/lib/catalogue/list-query';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { storeConsent } from './stored-consent';

/*
 * "Counts that match": every choice of the list's filters says how many listings it would give
 * with the other filters as they are, and a choice that would give none is disabled. The figures
 * expected here are the list's own totals for each choice (getListPage), not the counting code.
 */

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => storeConsent(page));

type Messages = typeof nl;
type Select = { label: (messages: Messages) => string; param: (value: string) => Partial<ListParams> };

const number = (value: string) => (value ? Number(value) : undefined);
const selects: Select[] = [
  { label: (messages) => messages.list.town, param: (value) => ({ city: value || undefined }) },
  { label: (messages) => messages.list.type, param: (value) => ({ type: number(value) }) },
  { label: (messages) => messages.list.maxPrice, param: (value) => ({ maxPrice: number(value) }) },
  { label: (messages) => messages.list.bedrooms, param: (value) => ({ bedrooms: number(value) }) },
  { label: (messages) => messages.list.epc, param: (value) => ({ epc: parseListParams(new URLSearchParams({ epc: value })).epc }) },
];

/** Each select's options: their count is the list's total for that choice, and they are disabled exactly when it is 0. */
async function expectCounts(page: Page, language: 'nl' | 'fr', messages: Messages, params: ListParams): Promise<number> {
  let disabled = 0;
  for (const { label, param } of selects) {
    const options = await page
      .getByRole('combobox', { name: label(messages), exact: true })
      .locator('option')
      .evaluateAll((elements: HTMLOptionElement[]) => elements.map((element) => ({ value: element.value, text: element.textContent ?? '', disabled: element.disabled, selected: element.selected })));
    expect(options.length, label(messages)).toBeGreaterThan(1);
    for (const option of options) {
      const expected = getListPage(language, 'sale', { ...params, ...param(option.value), page: 1 }).result.total;
      expect(option.text, `${label(messages)} ${option.value}`).toMatch(new RegExp(` \\(${expected}\\)$`));
      expect(option.disabled, `${label(messages)} ${option.value}`).toBe(expected === 0 && !option.selected);
      if (option.disabled) disabled += 1;
    }
  }
  return disabled;
}

const cases = [
  { language: 'nl', messages: nl, path: '/nl/te-koop/', query: 'bedrooms=3&max-price=400000' },
  { language: 'fr', messages: fr, path: '/fr/a-vendre/', query: 'city=Mons|7000&epc=d' },
] as const;

for (const { language, messages, path, query } of cases) {
  test(`${language}: each filter choice counts the listings it would give with the other filters, without JavaScript too, and one giving none is disabled`, async ({ browser }) => {
    const params = parseListParams(new URLSearchParams(query));
    const canonical = getListPage(language, 'sale', params).params;

    // Without JavaScript the server wrote the counts into the plain form.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(bare);
    const plain = await bare.newPage();
    await plain.goto(`${path}?${query}`);
    expect(await expectCounts(plain, language, messages, canonical)).toBeGreaterThan(0);
    await bare.close();

    // With it, a choice changes the other selects' counts in place.
    const context = await browser.newContext();
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto(`${path}?${query}`);
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await expectCounts(page, language, messages, canonical);
    const typeSelect = page.getByRole('combobox', { name: messages.list.type, exact: true });
    const choice = await typeSelect.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
    expect(choice).not.toBeNull();
    const next = { ...canonical, type: Number(choice) };
    await typeSelect.selectOption(choice ?? '');
    await expect(page).toHaveURL(new RegExp(`[?&]type=${choice}(&|$)`));
    const total = getListPage(language, 'sale', next).result.total;
    await expect(typeSelect.locator('option:checked')).toHaveText(new RegExp(` \\(${total}\\)$`));
    await expectCounts(page, language, messages, next);
    await context.close();
  });
}

/*
 * The list's island gets its choices and texts formatted (lib/catalogue/list-form.ts), not the
 * message namespaces and every town of both statuses; the forms' texts come with the forms' code
 * (components/forms/form-texts.tsx), and the header's menu and links are in the inline data once
 * although the mobile menu draws them again. Its page stays light, first and last page alike
 * (issue 16 asks for under 100 kB; 128 to 130 kB before the list island's texts, 119 kB before
 * the forms' texts and the menu's copy left the page, 105 kB before the cards lost their inline
 * heart, their unused 250 w picture, their doubled class names and next/image's defaults).
 */
test('a list page carries no message namespace for its island nor the forms, and stays under 100 kB', async ({ request }) => {
  const path = '/fr/a-vendre/';
  const pages = getListPage('fr', 'sale', parseListParams(new URLSearchParams())).result.pages;
  for (const url of [path, `${path}?page=${pages}`]) {
    const html = await (await request.get(url)).text();
    expect(html, url).not.toContain('\\"list\\":{');
    expect(html, url).not.toContain('\\"names\\":[');
    expect(html, url).not.toContain('\\"forms\\":{');
    // The menu's for-rent entry is drawn in the menu and in the mobile menu, and written once in the inline data.
    expect(html.split('\\"li\\",\\"for-rent\\"').length - 1, url).toBe(1);
    expect(Buffer.byteLength(html), url).toBeLessThan(100_000);
    // A card's picture names no attribute it leaves out: the inline data would write each as "$undefined".
    expect(html, url).not.toMatch(/\\"(fetchPriority|style)\\":\\"\$undefined\\"/);
    // A card's heart is drawn by CSS, not by an SVG path repeated in every card.
    const cards = html.match(/<article[^]*?<\/article>/g) ?? [];
    expect(cards.length, url).toBeGreaterThan(0);
    for (const card of cards) expect(card, url).not.toContain('<svg');
  }
});
