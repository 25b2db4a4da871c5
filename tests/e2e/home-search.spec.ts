import { expect, test } from './warm-page';
import { getCities } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import { storeConsent } from './stored-consent';

/*
 * Issue 39: the home search on a phone shows its counts whole ("Te huur (7)", not "Te huur (7"),
 * and without JavaScript its field is in a form: Enter goes to the page the text finds.
 */

test('without JavaScript, Enter in the home search goes to the list of the town it names, in any language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await storeConsent(context);
  const page = await context.newPage();
  await page.goto(href({ page: 'home' }, 'nl'));
  const field = page.locator('main').getByRole('combobox', { name: nl.search.label });
  await field.fill('mons');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/nl\/te-koop\/\?city=Bergen%7C7000$/);
  await expect(page.locator('main article').first()).toBeVisible();

  await page.goto(href({ page: 'home' }, 'fr'));
  const french = page.locator('main').getByRole('combobox', { name: fr.search.label });
  await french.fill('Bergen appartement');
  await french.press('Enter');
  await expect(page).toHaveURL(/\/fr\/a-vendre\/\?city=Mons%7C7000&type=3$/);
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => storeConsent(page));

  test("the home search panel shows every town's counts whole", async ({ page }) => {
    await page.goto(href({ page: 'home' }, 'nl'));
    const field = page.locator('main').getByRole('combobox', { name: nl.search.label });
    await field.click();
    await field.pressSequentially('e');
    const options = page.locator('main [role="listbox"] [role="option"]');
    await expect(options.first()).toBeVisible();
    expect(getCities('nl').length).toBeGreaterThan(1);
    const clipped = await page.locator('main [role="listbox"]').evaluate((panel) => {
      const edge = panel.getBoundingClientRect().left + panel.clientWidth;
      return [...panel.querySelectorAll('[role="option"]')]
        .filter((option) => option.getBoundingClientRect().right > edge + 0.5 || option.scrollWidth > option.clientWidth + 0.5)
        .map((option) => option.textContent);
    });
    expect(clipped).toEqual([]);
  });
});
