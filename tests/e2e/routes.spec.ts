import { expect, test } from './warm-page';
import { crawlSite } from './link-crawl';
import { allRoutes, href } from '@/lib/pages';
import { allUrls, getEnabledLanguages } from './site-urls';
import { storeConsent } from './stored-consent';

test.beforeEach(async ({ page }) => storeConsent(page));

const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
const heading = (html: string) =>
  /<h1[^>]*>(.*?)<\/h1>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

for (const language of getEnabledLanguages()) {
  test(`every page answers 200 in ${language} with <html lang="${language}">, a title and a heading`, async ({ request }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    for (const url of allUrls(language)) {
      const response = await request.get(encodeURI(url), { maxRedirects: 0 });
      const html = await response.text();
      const title = /<title>(.*?)<\/title>/s.exec(html)?.[1];
      if (response.status() !== 200) failures.push(`${url}: status ${response.status()}`);
      else if (htmlLang(html) !== language) failures.push(`${url}: html lang ${htmlLang(html)}`);
      else if (!title || !heading(html)) failures.push(`${url}: missing title or h1`);
      else if (/TODO|lorem ipsum|MISSING_MESSAGE/i.test(html)) failures.push(`${url}: placeholder or missing translation`);
    }
    expect(failures).toEqual([]);
  });
}

test('a page in the browser shows its localised heading and links to the other pages', async ({ page }) => {
  await page.goto('/fr/a-vendre/');
  await expect(page).toHaveTitle(/Biens à vendre/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biens à vendre');
  await page.getByRole('navigation').getByRole('link', { name: 'À louer' }).click();
  await expect(page).toHaveURL(/\/fr\/a-louer\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biens à louer');
});

test('the demand register answers at its ASCII-apostrophe path', async ({ request, page }) => {
  expect((await request.get("/en/i'm-looking-for/")).status()).toBe(200);
  expect((await request.get('/en/i%27m-looking-for/')).status()).toBe(200);
  await page.goto("/en/i'm-looking-for/");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("I'm looking for");
});

test('the link crawl finds no dead link: pages, pictures, scripts, styles and structured data', async ({ request, baseURL }) => {
  test.setTimeout(300_000);
  const result = await crawlSite(request, baseURL!);
  expect(result.dead).toEqual([]);
  expect(result.pages).toBeGreaterThan(200);
  // Every listing and project is a click away from a page of the site (its list, the home, a
  // project), not only listed in the sitemap.
  const detailPages = getEnabledLanguages().flatMap((language) =>
    allRoutes(language)
      .filter((route) => route.page === 'property' || route.page === 'project')
      .map((route) => href(route, language)),
  );
  expect(detailPages.length).toBeGreaterThan(100);
  expect(detailPages.filter((url) => !result.clickable.has(url))).toEqual([]);
});
