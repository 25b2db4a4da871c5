import { expect, test } from './warm-page';
import { getEnabledLanguages } from '@/lib/config';
import { href } from '@/lib/pages';
import { contrastViolations, seriousViolations } from './axe';
import { reachForm } from './forms-helpers';
import { languageTurns } from './language-turns';
import { networkQuiet } from './network-quiet';
import { storeConsent } from './stored-consent';

/*
 * axe runs on the main page types in every language, each language at one width, the widths
 * taking turns. The checks of one component's colours (search panels, footer) and of the forms
 * with their errors run in one language each, the languages taking turns (language-turns.ts).
 */
const languages = getEnabledLanguages();
const inTurn = languageTurns(languages);
const axeWidths = [375, 1440];

for (const [index, language] of languages.entries()) {
  const width = axeWidths[index % axeWidths.length] ?? 375;
  test(`axe finds no serious or critical violation in ${language} at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await storeConsent(page);
    await page.setViewportSize({ width, height: 900 });
    const pages = [href({ page: 'home' }, language), href({ page: 'for-sale' }, language), href({ page: 'property', id: 4000001 }, language), href({ page: 'menu', id: 'services' }, language)];
    const problems: string[] = [];
    const quiet = networkQuiet(page);
    for (const url of pages) {
      await page.goto(url);
      await quiet();
      problems.push(...(await seriousViolations(page)).map((problem) => `${url}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
}

for (const language of languages) {
  if (inTurn(language, 'open forms'))
    test(`axe finds no serious or critical violation in the open request forms, with their errors, in ${language}`, async ({ page }) => {
      test.setTimeout(90_000);
      await storeConsent(page);
      const quiet = networkQuiet(page);
      await page.goto(href({ page: 'property', id: 4000001 }, language));
      await page.locator('details').evaluateAll((elements) => elements.forEach((element) => element.setAttribute('open', '')));
      await reachForm(page.locator('form[data-form="contact-appointment"]'));
      await page.locator('form[data-form="contact-appointment"] button[type="submit"]').click();
      await expect(page.locator('form[data-form="contact-appointment"] [aria-invalid="true"]').first()).toBeVisible();
      await quiet();
      const problems = (await seriousViolations(page)).map((problem) => `detail: ${problem}`);
      await page.goto(href({ page: 'menu', id: 'demand-register' }, language));
      await reachForm(page.locator('form[data-form="demand-register"]'));
      await page.locator('form[data-form="demand-register"] button[type="submit"]').click();
      await expect(page.locator('form[data-form="demand-register"] [aria-invalid="true"]').first()).toBeVisible();
      problems.push(...(await seriousViolations(page)).map((problem) => `search alert: ${problem}`));
      expect(problems).toEqual([]);
    });
}

for (const language of languages) {
  if (inTurn(language, 'header panel'))
    test(`the header search panel is readable on a list page in ${language}: its links are not white on white`, async ({ page }) => {
      await storeConsent(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(href({ page: 'for-sale' }, language));
      const input = page.locator('header input[role="combobox"]:visible').first();
      await input.fill('7000');
      const panel = page.getByRole('listbox').filter({ visible: true }).first();
      const option = panel.locator('a[role="option"]').first();
      await expect(option).toBeVisible();
      // The panel draws a text's results after the keystroke: read the list once it is the text's own.
      await expect(panel).toHaveAttribute('aria-busy', 'false');
      const colours = await option.evaluate((element) => {
        const panelElement = element.closest('[role="listbox"]');
        return { link: getComputedStyle(element).color, panel: panelElement ? getComputedStyle(panelElement).backgroundColor : '' };
      });
      expect(colours.panel).toBe('rgb(255, 255, 255)');
      expect(colours.link).not.toBe('rgb(255, 255, 255)');
      // axe's colour-contrast rule over the whole page, open panel included.
      expect(await seriousViolations(page)).toEqual([]);
    });

  if (inTurn(language, 'mobile panel'))
    test(`the search panel in the mobile menu is readable at 390 px in ${language}`, async ({ page }) => {
      await storeConsent(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(href({ page: 'home' }, language));
      await page.locator('header summary:visible').last().click();
      const input = page.locator('header input[role="combobox"]:visible').first();
      await input.fill('7000');
      const panel = page.getByRole('listbox').filter({ visible: true }).first();
      const option = panel.locator('a[role="option"]').first();
      await expect(option).toBeVisible();
      // Read the list once it is the text's own: an option of the list drawn before the last
      // keystroke is replaced under the reading, which then sees a detached link (no colour at all).
      await expect(panel).toHaveAttribute('aria-busy', 'false');
      const colours = await option.evaluate((element) => {
        const panelElement = element.closest('[role="listbox"]');
        return { link: getComputedStyle(element).color, panel: panelElement ? getComputedStyle(panelElement).backgroundColor : '' };
      });
      expect(colours.link).not.toBe(colours.panel);
      expect(await seriousViolations(page)).toEqual([]);
    });
}

for (const language of languages) {
  for (const width of [390, 1280]) {
    if (inTurn(language, `footer at ${width}`))
      test(`the footer's texts and links keep their contrast in ${language} at ${width} px`, async ({ page }) => {
        test.setTimeout(90_000);
        await storeConsent(page);
        await page.setViewportSize({ width, height: 900 });
        for (const url of [href({ page: 'home' }, language), href({ page: 'property', id: 4000001 }, language)]) {
          await page.goto(url);
          const footer = page.locator('body > footer');
          await footer.scrollIntoViewIfNeeded();
          // Every configured column is there to be checked, not only the copyright line.
          await expect(footer.locator('h2')).not.toHaveCount(0);
          expect((await contrastViolations(page, 'body > footer')).map((problem) => `${url}: ${problem}`)).toEqual([]);
        }
      });
  }
}
