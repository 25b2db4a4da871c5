import { chromium } from '@playwright/test';
const base = 'http://localhost:4160';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, width, height] of [['mobile', 390, 844], ['desktop', 1280, 900]]) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(() => {
    window.localStorage.setItem('agency.favourites.v1', JSON.stringify([4000001, 4000002, 4000003, 4000006, 999999999]));
  });
  const page = await context.newPage();
  // dismiss consent: choose essential only if dialog shows
  await page.goto(base + '/fr/a-vendre/');
  const decline = page.getByRole('button', { name: /Refuser/ });
  if (await decline.isVisible().catch(() => false)) await decline.click();
  await page.waitForSelector('button[data-favourite][data-ready]');
  await page.screenshot({ path: `/tmp/favshots/${name}-list.png` });
  await page.goto(base + '/fr/favoris/');
  await page.waitForSelector('main article');
  await page.screenshot({ path: `/tmp/favshots/${name}-favourites.png`, fullPage: true });
  await page.goto(base + '/fr/comparer/?ids=4000001,4000002,4000003,4000006');
  await page.screenshot({ path: `/tmp/favshots/${name}-compare.png`, fullPage: true });
  await page.locator('main [role=region]').evaluate((el) => (el.scrollLeft = 300));
  await page.locator('main table').screenshot({ path: `/tmp/favshots/${name}-compare-scrolled.png` });
  await page.goto(base + '/fr/a-vendre/mons/maison/4000001/');
  await page.waitForSelector('button[data-favourite][data-ready]');
  await page.screenshot({ path: `/tmp/favshots/${name}-detail.png` });
  await context.close();
}
await browser.close();
