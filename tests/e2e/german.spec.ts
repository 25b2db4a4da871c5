import { expect, test } from './warm-page';
import { href } from '@/lib/pages';
import { allUrls } from './site-urls';
import { storeConsent } from './stored-consent';

test.beforeEach(async ({ page }) => storeConsent(page));

// Runs against the second build, whose data/site copy only differs by German's use flag.
test('with German switched on in the configuration, every page answers in German', async ({ request }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const url of allUrls('de')) {
    const response = await request.get(encodeURI(url), { maxRedirects: 0 });
    const html = await response.text();
    if (response.status() !== 200) failures.push(`${url}: ${response.status()}`);
    else if (!/<html[^>]*\slang="de"/.test(html)) failures.push(`${url}: not lang de`);
  }
  expect(failures).toEqual([]);
});

test('German pages show German text and German visitors are sent to them', async ({ page, request }) => {
  await page.goto(href({ page: 'for-sale' }, 'de'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immobilien zu verkaufen');
  const response = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'de-DE' } });
  expect(response.headers()['location']).toMatch(/\/de\/$/);
  await page.goto('/de/kontakt-gibt-es-nicht/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoppla, diese Seite gibt es nicht mehr');
});
