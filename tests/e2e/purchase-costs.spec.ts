import type { Locator, Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getProperty } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { storeConsent } from './stored-consent';
import { blockExternal } from './block-external';

/*
 * What a purchase costs, on three sale listings, one per region, in French and English. Every
 * figure is worked out here by hand from the rules of data/site/purchase-costs.json (verified
 * 2026-11-25, sources in the page), not by the code under test; the page shows whole euros.
 *
 * Notary's fee, legal sale scale: to 7 500 4.56 %, to 17 500 2.85 %, to 30 000 2.28 %, to 45 495
 * 1.71 %, to 64 095 1.14 %, to 250 095 0.57 %, above 0.057 %; up to 64 095:
 *   342 + 285 + 285 + 264.9645 + 212.04 = 1 389.0045.
 * Fixed: administrative costs 750 (+ 21 % VAT with the fee), duty on writings 50, expenses 500.
 */

const wallonia = 4000001; // Mons 7000, € 235 000
const brussels = 4000055; // Ixelles 1050, € 240 000
const flanders = 4000056; // Kortrijk 8500, € 330 000
const hiddenPrice = 4000007; // Mons, price on request

const texts = {
  en: {
    heading: 'What the purchase costs',
    purchaseTotal: 'Costs of the purchase',
    grandTotal: 'Price and costs together',
    mortgageTotal: 'Costs of the credit deed',
    loan: 'Loan amount in euros (optional)',
    investment: 'An investment or a second home',
    defaultShown: 'Shown for a sole own home, without a loan.',
    summary: (price: string, costs: string, total: string) => `Price ${price} + costs ${costs} = ${total}`,
  },
  fr: {
    heading: "Combien coûte l'achat\u00a0?",
    purchaseTotal: "Frais de l'achat",
    grandTotal: 'Prix et frais ensemble',
    mortgageTotal: "Frais de l'acte de crédit",
    loan: 'Montant du prêt en euros (facultatif)',
    investment: 'Un investissement ou une seconde résidence',
    defaultShown: 'Calculé pour une habitation propre et unique, sans prêt.',
    summary: (price: string, costs: string, total: string) => `Prix ${price} + frais ${costs} = ${total}`,
  },
} as const;

/** The amount in the row whose header is `label`. */
const amount = (section: Locator, label: string) => section.locator('tr', { has: section.page().getByRole('rowheader', { name: label, exact: true }) }).locator('td');

async function openCosts(page: Page, id: number, language: 'en' | 'fr'): Promise<Locator> {
  await page.goto(href({ page: 'property', id }, language));
  const section = page.getByRole('region', { name: texts[language].heading });
  await expect(section).toBeVisible();
  // The calculator's code comes when it nears the screen, as a visitor scrolls to it.
  await section.scrollIntoViewIfNeeded();
  return section;
}

test.beforeEach(async ({ page }) => storeConsent(page));

test.describe('what a purchase costs', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`one listing per region, sole own home, in ${language}`, async ({ page }) => {
      const external = await blockExternal(page);
      const t = texts[language];

      // Wallonia, € 235 000, 3 % for a sole own home since 1 January 2025:
      //   duty 235 000 × 3 % = 7 050
      //   fee 1 389.0045 + (235 000 − 64 095) × 0.57 % = 1 389.0045 + 974.1585 = 2 363.16
      //   VAT (2 363.16 + 750) × 21 % = 653.76
      //   costs 7 050 + 2 363.16 + 750 + 653.76 + 50 + 500 = 11 366.92 → € 11.367; total 246 366.92 → € 246.367
      let section = await openCosts(page, wallonia, language);
      await expect(section.getByText(t.summary('€ 235.000', '€ 11.367', '€ 246.367'))).toBeVisible();
      await expect(amount(section, t.purchaseTotal)).toHaveText('€ 11.367');
      await expect(amount(section, t.grandTotal)).toHaveText('€ 246.367');
      await expect(section.getByRole('row').filter({ hasText: '3 % ' })).toContainText('€ 7.050');

      // Brussels, € 240 000, no duty on the first € 200 000 for a home up to € 600 000:
      //   duty (240 000 − 200 000) × 12.5 % = 5 000
      //   fee 1 389.0045 + (240 000 − 64 095) × 0.57 % = 1 389.0045 + 1 002.6585 = 2 391.66
      //   VAT (2 391.66 + 750) × 21 % = 659.75
      //   costs 5 000 + 2 391.66 + 750 + 659.75 + 50 + 500 = 9 351.41 → € 9.351; total 249 351.41 → € 249.351
      section = await openCosts(page, brussels, language);
      await expect(amount(section, t.purchaseTotal)).toHaveText('€ 9.351');
      await expect(amount(section, t.grandTotal)).toHaveText('€ 249.351');
      await expect(section.getByRole('row').filter({ hasText: '€ 200.000' })).toContainText('€ 5.000');

      // Flanders, € 330 000, 2 % for a sole own home since 1 January 2025 (no reduction above € 220 000):
      //   duty 330 000 × 2 % = 6 600
      //   fee 1 389.0045 + 186 000 × 0.57 % + (330 000 − 250 095) × 0.057 % = 1 389.0045 + 1 060.2 + 45.54585 = 2 494.75
      //   VAT (2 494.75 + 750) × 21 % = 681.40
      //   costs 6 600 + 2 494.75 + 750 + 681.40 + 50 + 500 = 11 076.15 → € 11.076; total 341 076.15 → € 341.076
      section = await openCosts(page, flanders, language);
      await expect(amount(section, t.purchaseTotal)).toHaveText('€ 11.076');
      await expect(amount(section, t.grandTotal)).toHaveText('€ 341.076');
      await expect(section.getByRole('row').filter({ hasText: '2 % ' })).toContainText('€ 6.600');

      expect(external).toEqual([]);
    });
  }

  test('a loan adds the credit deed, and an investment pays the general rate (en)', async ({ page }) => {
    const external = await blockExternal(page);
    const t = texts.en;
    const section = await openCosts(page, wallonia, 'en');
    await expect(section.locator('[data-ready="true"]')).toBeVisible();
    await expect(amount(section, t.mortgageTotal)).toHaveCount(0);

    // Loan 200 000, inscribed with 10 % accessories: 220 000
    //   registration 220 000 × 1 % = 2 200; mortgage fee 220 000 × 0.3 % = 660; land registry 230
    //   credit scale 7 500 × 1.425 % + 10 000 × 1.14 % + 12 500 × 0.684 % + 15 495 × 0.57 % + 18 600 × 0.456 % + 135 905 × 0.228 %
    //     = 106.875 + 114 + 85.5 + 88.3215 + 84.816 + 309.8634 = 789.38
    //   VAT (789.38 + 550) × 21 % = 281.27
    //   credit deed 2 200 + 660 + 230 + 789.38 + 550 + 281.27 + 50 + 250 = 5 010.65 → € 5.011
    //   total 235 000 + 11 366.92 + 5 010.65 = 251 377.57 → € 251.378; costs 16 377.57 → € 16.378
    await section.getByLabel(t.loan).fill('200000');
    await expect(amount(section, t.mortgageTotal)).toHaveText('€ 5.011');
    await expect(amount(section, t.grandTotal)).toHaveText('€ 251.378');
    await expect(section.getByText(t.summary('€ 235.000', '€ 16.378', '€ 251.378'))).toBeVisible();

    // An investment, without the loan: duty 235 000 × 12.5 % = 29 375
    //   costs 29 375 + 2 363.16 + 750 + 653.76 + 50 + 500 = 33 691.92 → € 33.692; total € 268.692
    await section.getByLabel(t.loan).fill('');
    await section.getByRole('radio', { name: t.investment }).check();
    await expect(amount(section, t.purchaseTotal)).toHaveText('€ 33.692');
    await expect(amount(section, t.grandTotal)).toHaveText('€ 268.692');
    await expect(amount(section, t.mortgageTotal)).toHaveCount(0);
    expect(external).toEqual([]);
  });

  test('a loan in French, and a loan that is not an amount says so', async ({ page }) => {
    const t = texts.fr;
    const section = await openCosts(page, brussels, 'fr');
    await expect(section.locator('[data-ready="true"]')).toBeVisible();
    // Brussels, € 240 000 and a loan of 200 000: the credit deed is the same as in Wallonia, € 5.011;
    //   total 240 000 + 9 351.41 + 5 010.65 = 254 362.06 → € 254.362
    await section.getByLabel(t.loan).fill('200.000');
    await expect(amount(section, t.mortgageTotal)).toHaveText('€ 5.011');
    await expect(amount(section, t.grandTotal)).toHaveText('€ 254.362');
    await section.getByLabel(t.loan).fill('deux cents');
    await expect(section.getByText('Indiquez un montant entier en euros, par exemple 200000.')).toBeVisible();
    await expect(amount(section, t.mortgageTotal)).toHaveCount(0);
  });

  test('a listing whose price is on request shows no costs', async ({ page }) => {
    expect(getProperty(hiddenPrice, 'en')?.price.kind).toBe('on-demand');
    for (const language of ['en', 'fr'] as const) {
      await page.goto(href({ page: 'property', id: hiddenPrice }, language));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: texts[language].heading })).toHaveCount(0);
      await expect(page.getByText(texts[language].purchaseTotal, { exact: true })).toHaveCount(0);
    }
  });

  test('without JavaScript the default situation is shown', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await storeConsent(page);
    const external = await blockExternal(page);
    for (const language of ['fr', 'en'] as const) {
      const t = texts[language];
      // Flanders as above: costs € 11.076, total € 341.076, for a sole own home without a loan.
      const section = await openCosts(page, flanders, language);
      await expect(section.getByText(t.defaultShown)).toBeVisible();
      await expect(amount(section, t.purchaseTotal)).toHaveText('€ 11.076');
      await expect(amount(section, t.grandTotal)).toHaveText('€ 341.076');
      await expect(section.getByLabel(t.loan)).toBeDisabled();
    }
    expect(external).toEqual([]);
    await context.close();
  });

  test('a rental shows what is paid when signing (en)', async ({ page }) => {
    // 4000014, € 905 a month: rent 905 + first month's charges 140 + deposit 1 810 + inventory share 290 = 3 145
    await page.goto(href({ page: 'property', id: 4000014 }, 'en'));
    const section = page.getByRole('region', { name: 'What you pay when signing the lease' });
    await expect(amount(section, 'Rental deposit')).toHaveText('€ 1.810');
    await expect(amount(section, "First month's charges")).toHaveText('€ 140');
    await expect(amount(section, 'To pay when signing')).toHaveText('€ 3.145');
    await expect(page.getByRole('region', { name: texts.en.heading })).toHaveCount(0);
  });
});
