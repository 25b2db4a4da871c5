import type { Locator } from '@playwright/test';
import { expect, test } from './warm-page';
import { getProperties, getProperty } from '@/lib/catalogue';
import { getListPage } from '@/lib/catalogue/list-page';
import { getSimilarListings } from '@/lib/catalogue/similar';
import { epcLabel } from '@/lib/epc';
import { parseListParams } from '@/lib/catalogue/list-query';
import { rgbContrast, type Rgb } from '@/lib/colour';
import { getEnabledLanguages } from '@/lib/config';
import { href } from '@/lib/pages';
import type { SearchIndex } from '@/lib/search';
import { networkQuiet } from './network-quiet';
import { storeConsent } from './stored-consent';
import { holdScripts } from './held-scripts';
import { blockExternal } from './block-external';

test.beforeEach(async ({ page }) => storeConsent(page));

/** The listings for sale in Mons: postcode 7000 is Mons alone (Bergen in Dutch). */
const inMons = (language: 'fr' | 'en') => getProperties(language, { goal: 'sale', availability: 'on-offer' }).filter((property) => property.town.zip === '7000');

/** A CSS rgb()/rgba() colour laid over white (the lightest photo). */
function overWhite(colour: string): Rgb {
  const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  const mix = (channel: number) => channel * a + 255 * (1 - a);
  return [mix(r), mix(g), mix(b)];
}

test.describe('lists', () => {
  test('filters and pages work without JavaScript, rendered by the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const total = getProperties('nl', { goal: 'sale', availability: 'on-offer' }).length;
    await page.goto('/nl/te-koop/?page=2');
    await expect(page.locator('main p[aria-live]')).toHaveText(`${total} panden · Pagina 2 van ${Math.ceil(total / 12)}`);
    await page.goto('/fr/a-vendre/');
    await page.getByLabel('Commune').selectOption('Mons|7000');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(/city=Mons%7C7000/);
    await expect(page.locator('main article')).toHaveCount(inMons('fr').length);
    await context.close();
  });

  /*
   * The expected listings come from the listings' own figures (their views), not from the list's
   * filter code: on offer for sale, a price of at least 150,000 €, 3 bedrooms or more, 100 m² of
   * living surface or more.
   */
  const figureQuery = 'min-price=150000&bedrooms=3&surface=100';
  const withFigures = (language: 'nl' | 'fr') =>
    getProperties(language, { goal: 'sale', availability: 'on-offer' }).filter(
      (listing) => listing.price.kind !== 'on-demand' && listing.price.amount >= 150_000 && (listing.rooms.bedrooms ?? 0) >= 3 && (listing.surfaces.living ?? 0) >= 100,
    );
  const figureTexts = {
    nl: {
      path: '/nl/te-koop/',
      count: (count: number) => `${count} panden`,
      minPrice: 'Prijs vanaf',
      bedrooms: 'Slaapkamers',
      surface: 'Bewoonbare oppervlakte',
      epc: 'EPC-label',
      apply: 'Toepassen',
      three: '3 of meer',
      better: 'D of beter',
    },
    fr: {
      path: '/fr/a-vendre/',
      count: (count: number) => `${count} biens`,
      minPrice: 'Prix à partir de',
      bedrooms: 'Chambres',
      surface: 'Surface habitable',
      epc: 'Label PEB',
      apply: 'Appliquer',
      three: '3 ou plus',
      better: 'D ou mieux',
    },
  };

  for (const language of ['nl', 'fr'] as const) {
    test(`in ${language}, price, bedrooms and surface in the URL give the listings and the count their figures give; EPC narrows them further`, async ({ page }) => {
      const text = figureTexts[language];
      const expected = withFigures(language);
      const all = getProperties(language, { goal: 'sale', availability: 'on-offer' }).length;
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.length).toBeLessThan(all);
      const shownIds = () => page.locator('main article h2 a').evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')?.match(/\/(\d+)\/$/)?.[1])));
      await page.goto(`${text.path}?${figureQuery}`);
      await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${text.count(expected.length)}`));
      const shown = await shownIds();
      expect(shown).toHaveLength(Math.min(expected.length, 12));
      expect(shown.filter((id) => !expected.some((listing) => listing.id === id))).toEqual([]);
      await expect(page.getByLabel(text.bedrooms)).toHaveValue('3');
      // EPC D or better, chosen in the page: the label each listing's page shows is A, B, C or D.
      const better = expected.filter((listing) => 'abcd'.includes(epcLabel(listing.region, listing.energy.performance, listing.energy.label)?.[0] ?? 'x'));
      expect(better.length).toBeGreaterThan(0);
      expect(better.length).toBeLessThan(expected.length);
      await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
      // The choice says beforehand how many listings it gives.
      await expect(page.getByLabel(text.epc).locator('option[value="d"]')).toHaveText(`${text.better} (${better.length})`);
      await page.getByLabel(text.epc).selectOption('d');
      await expect(page).toHaveURL(new RegExp(`\\?${figureQuery}&epc=d$`));
      await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${text.count(better.length)}`));
      await expect.poll(async () => (await shownIds()).sort()).toEqual(better.map((listing) => listing.id).sort());
    });
  }

  test('the figure filters work without JavaScript: the form is a plain GET the server answers', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const text = figureTexts.fr;
    await page.goto(text.path);
    await page.getByLabel(text.minPrice).selectOption('150000');
    await expect(page.getByLabel(text.bedrooms).locator('option[value="3"]')).toHaveText(new RegExp(`^${text.three} \\(\\d+\\)$`));
    await page.getByLabel(text.bedrooms).selectOption('3');
    await page.getByLabel(text.surface).selectOption('100');
    await page.getByRole('button', { name: text.apply }).click();
    await expect(page).toHaveURL(/min-price=150000/);
    await expect(page).toHaveURL(/bedrooms=3/);
    await expect(page).toHaveURL(/surface=100/);
    const expected = withFigures('fr');
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${text.count(expected.length)}`));
    await expect(page.locator('main article')).toHaveCount(Math.min(expected.length, 12));
    await context.close();
  });

  test('an answer carries the cards of its page only, plain or with a query', async ({ request }) => {
    for (const query of ['', '?page=2', '?sort=price-desc&page=3', '?city=Mons|7000', '?status=references']) {
      const expected = getListPage('fr', 'sale', parseListParams(new URLSearchParams(query))).result;
      const response = await request.get(`/fr/a-vendre/${query}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const cards = [...html.matchAll(/<article[^>]*>[\s\S]*?href="[^"]*\/(\d+)\/"/g)].map((match) => Number(match[1]));
      expect(cards, query).toEqual(expected.ids);
      expect(expected.ids.length).toBeLessThanOrEqual(12);
    }
  });

  test('a filtered list asked again is the kept answer: the same page under the hashes of its scripts, and it works', async ({ page, request }) => {
    // A query no other test asks for, so the first answer here is the render that gets kept.
    const url = '/nl/te-koop/?sort=price-desc&page=2';
    const policies: string[] = [];
    const bodies: string[] = [];
    // As a crawler asks: for HTML (a browser's navigation says Sec-Fetch-Dest: document).
    const asDocument = { headers: { accept: 'text/html' } };
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await request.get(url, asDocument);
      expect(response.status()).toBe(200);
      policies.push(response.headers()['content-security-policy'] ?? '');
      bodies.push(await response.text());
    }
    // Once kept, every visitor gets the same bytes, allowed by hashes and never by a shared nonce.
    expect(bodies[1]).toBe(bodies[0]);
    for (const policy of policies) {
      expect(policy).not.toContain("'nonce-");
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    }
    expect(bodies[0]).not.toContain(' nonce=');
    // Another spelling of the same query is no page of its own (issue 35): a permanent redirect to
    // the list's own spelling, whose kept answer it then gets.
    const other = await request.get('/nl/te-koop/?page=2&sort=price-desc', { ...asDocument, maxRedirects: 0 });
    const location = new URL(other.headers().location ?? '', 'http://localhost/');
    expect({ status: other.status(), location: `${location.pathname}${location.search}` }).toEqual({ status: 308, location: url });
    expect(await (await request.get(url, asDocument)).text()).toBe(bodies[0]);

    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const loaded = await page.goto(url);
    expect(loaded?.headers()['content-security-policy']).toBe(policies[0]);
    const expected = getListPage('nl', 'sale', parseListParams(new URLSearchParams('sort=price-desc&page=2'))).result;
    await expect(page.locator('main article a').first()).toHaveAttribute('href', new RegExp(`/${expected.ids[0]}/$`));
    // Its scripts ran: the filters answer, from the server, without a reload.
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Pagina 1', exact: true }).click();
    await expect(page).toHaveURL(/\/nl\/te-koop\/\?sort=price-desc$/);
    const first = getListPage('nl', 'sale', parseListParams(new URLSearchParams('sort=price-desc'))).result;
    await expect(page.locator('main article a').first()).toHaveAttribute('href', new RegExp(`/${first.ids[0]}/$`));
    expect(refused).toEqual([]);
  });

  test('a filter or a page chosen in the browser comes from the server without reloading the page', async ({ page }) => {
    await page.goto('/en/for-sale/');
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.evaluate(() => document.body.setAttribute('data-same-document', 'yes'));
    const served: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') served.push(request.url());
    });
    await page.getByLabel('Town').selectOption('Mons|7000');
    await expect(page).toHaveURL(/\/en\/for-sale\/\?city=Mons%7C7000$/);
    const mons = getListPage('en', 'sale', parseListParams(new URLSearchParams('city=Mons|7000'))).result;
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${mons.total} properties`));
    await expect(page.locator('main article')).toHaveCount(mons.ids.length);
    await page.getByLabel('Town').selectOption('');
    await expect(page).toHaveURL(/\/en\/for-sale\/$/);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/for-sale\/\?page=2$/);
    const second = getListPage('en', 'sale', parseListParams(new URLSearchParams('page=2'))).result;
    await expect(page.locator('main article a').first()).toHaveAttribute('href', new RegExp(`/${second.ids[0]}/$`));
    expect(await page.locator('body').getAttribute('data-same-document')).toBe('yes');
    expect(served).toEqual([]);
  });

  test('filter by town in any language, case and accents ignored, and by type', async ({ page }) => {
    const expected = inMons('fr').length;
    await page.goto('/fr/a-vendre/?city=BERGEN|7000');
    await expect(page.getByText(new RegExp(`^${expected} biens`))).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(Math.min(expected, 12));
    // The filters answer once hydrated; a choice made earlier would be lost.
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.getByLabel('Type de bien').selectOption('3');
    await expect(page).toHaveURL(/type=3/);
    const apartments = inMons('fr').filter((property) => property.type.webIds.includes(3)).length;
    await expect(page.locator('main article')).toHaveCount(apartments);
  });

  test('shows the no-results message when nothing matches', async ({ page }) => {
    await page.goto('/en/for-rent/?city=Ath|7800');
    await expect(page.getByText('No results were found for your search.')).toBeVisible();
    await expect(page.getByLabel('Town')).toHaveValue('Ath|7800');
  });

  test('a town link in any spelling shows the town as the filter offers it; an unknown one is no filter', async ({ page }) => {
    const mons = inMons('fr').length;
    for (const city of ['mons', 'mons|7000', 'BERGEN|7000']) {
      await page.goto(`/fr/a-vendre/?city=${city}`);
      const select = page.getByLabel('Commune');
      await expect(select).toHaveValue('Mons|7000');
      await expect(select.locator('option:checked')).toHaveText(`Mons (${mons})`);
      await expect(select.locator('option', { hasText: /^(mons|BERGEN)$/ })).toHaveCount(0);
      await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${mons} biens`));
    }
    await page.goto('/fr/a-vendre/?city=Foo');
    await expect(page.getByLabel('Commune')).toHaveValue('');
    await expect(page.getByLabel('Commune').locator('option', { hasText: 'Foo' })).toHaveCount(0);
    await expect(page.locator('main article')).toHaveCount(12);
  });

  test('a type with nothing on offer is shown as chosen, and the empty list says so once', async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      await storeConsent(context);
      const tab = await context.newPage();
      await tab.goto('/en/for-rent/?type=4');
      await expect(tab.getByLabel('Property type').locator('option:checked')).toHaveText('Land (0)');
      await expect(tab.locator('main p[aria-live]')).toHaveText('No results were found for your search.');
      await expect(tab.getByText('No properties')).toHaveCount(0);
      await context.close();
    }
  });

  test('"Back to the list" on a detail page returns to the filtered list and its page', async ({ page }) => {
    await page.goto('/en/for-sale/');
    // The filters answer once hydrated; a choice made earlier would be lost.
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?sort=price-asc&page=2$/);
    await page.locator('main article a').first().click();
    await expect(page).toHaveURL(/\/en\/for-sale\/[^?]+\/\d+\/$/);
    // Until the page runs, the link is the plain list (as without JavaScript); then it carries the
    // list the visitor left. A click in between, on a busy machine, would test the former.
    const back = page.getByRole('link', { name: 'Back to the list' });
    await expect(back).toHaveAttribute('href', /\?sort=price-asc&page=2$/);
    await back.click();
    await expect(page).toHaveURL(/\/en\/for-sale\/\?sort=price-asc&page=2$/);
    await expect(page.locator('main p[aria-live]')).toContainText('Page 2 of');

    // The filters answer once hydrated; a choice made earlier would be lost.
    await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
    await page.getByLabel('Town').selectOption('Mons|7000');
    await page.locator('main article a').first().click();
    await expect(back).toHaveAttribute('href', /\?city=Mons%7C7000&sort=price-asc$/);
    await back.click();
    await expect(page).toHaveURL(/\/en\/for-sale\/\?city=Mons%7C7000&sort=price-asc$/);
    await expect(page.getByLabel('Town')).toHaveValue('Mons|7000');
    await expect(page.locator('main article')).toHaveCount(inMons('en').length);
  });

  test('without JavaScript "Back to the list" still leads to the list', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(href({ page: 'property', id: 4000001 }, 'nl'));
    await expect(page.getByRole('link', { name: 'Terug naar de lijst' })).toHaveAttribute('href', '/nl/te-koop/');
    await context.close();
  });

  test('sorts by price and pages by twelve with page x of y', async ({ page }) => {
    await page.goto('/nl/te-koop/?sort=price-asc');
    const total = getProperties('nl', { goal: 'sale', availability: 'on-offer' }).length;
    const pages = Math.ceil(total / 12);
    await expect(page.getByText(`${total} panden · Pagina 1 van ${pages}`)).toBeVisible();
    const prices = getProperties('nl', { goal: 'sale', availability: 'on-offer' })
      .flatMap((property) => (property.price.kind === 'on-demand' ? [] : [property.price.amount]))
      .sort((a, b) => a - b);
    await expect(page.locator('main article').first()).toContainText(new Intl.NumberFormat('nl-BE').format(prices[0]!));
    await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Volgende' }).click();
    await expect(page.getByText(`${total} panden · Pagina 2 van ${pages}`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
  });
});

/** The gallery's slide of a photo (each slide is a group named "Photo n of m"). */
const galleryPhoto = (gallery: Locator, index: number) => gallery.getByRole('group', { name: new RegExp(`^Photo ${index} of \\d+$`) });

test.describe('property detail', () => {
  test('the gallery, the banner slider and the list filters are drawn with their styles before their code arrives', async ({ browser }) => {
    // Their code is fetched as React hydrates the page, after its first scripts; their styles must
    // come with the HTML, or the page is drawn unstyled and moves when the code lands.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    await expect(gallery).toHaveCSS('display', 'grid');
    // The slides sit in a row that snaps, of which one shows: a finger turns them without any script.
    await expect(galleryPhoto(gallery, 1)).toBeInViewport();
    await expect(galleryPhoto(gallery, 2)).not.toBeInViewport();
    await expect(galleryPhoto(gallery, 1).locator('..')).toHaveCSS('scroll-snap-type', 'x mandatory');
    await page.goto(href({ page: 'for-sale' }, 'en'));
    await expect(page.getByRole('form', { name: 'Filters' })).toHaveCSS('display', 'flex');
    await context.close();
  });

  test('gallery moves with the keyboard and shows thumbnails', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    await expect(galleryPhoto(gallery, 1)).toBeInViewport();
    // Its buttons show once its code runs, and with them its keys.
    await expect(gallery.getByRole('button', { name: 'Next photo' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(galleryPhoto(gallery, 2)).toBeInViewport();
    await expect(galleryPhoto(gallery, 1)).not.toBeInViewport();
    await expect(gallery.getByRole('img', { name: 'Show photo 3' })).toBeAttached();
  });

  test('gallery thumbnails are reached with Tab and Enter shows their photo', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    await gallery.getByRole('button', { name: 'Full screen' }).focus();
    const third = gallery.getByRole('link', { name: 'Show photo 3' });
    for (let presses = 0; presses < 6 && !(await third.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(third).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(galleryPhoto(gallery, 3)).toBeInViewport();
    await expect(galleryPhoto(gallery, 1)).not.toBeInViewport();
    await expect(third).toHaveAttribute('aria-current', 'true');
  });

  test('gallery thumbnails show their photo without JavaScript too (issue 39 item 7)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    await expect(galleryPhoto(gallery, 1)).toBeInViewport();
    await gallery.getByRole('link', { name: 'Show photo 3' }).click();
    await expect(galleryPhoto(gallery, 3)).toBeInViewport();
    await expect(galleryPhoto(gallery, 1)).not.toBeInViewport();
    await context.close();
  });

  test('gallery arrows stand out on the lightest photo: at least 3:1 icon on backdrop and backdrop on white', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    for (const name of ['Previous photo', 'Next photo', 'Full screen']) {
      const button = gallery.getByRole('button', { name });
      await expect(button).toBeVisible();
      const { background, icon } = await button.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, icon: getComputedStyle(element).color }));
      const backdrop = overWhite(background);
      expect(rgbContrast(overWhite(icon), backdrop), `${name}: icon on its backdrop`).toBeGreaterThanOrEqual(3);
      expect(rgbContrast(backdrop, [255, 255, 255]), `${name}: backdrop on a white photo`).toBeGreaterThanOrEqual(3);
      const box = await button.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
  });

  test('gallery full screen: opens on the current photo, arrow keys turn it, Escape closes and focus returns', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const gallery = page.getByRole('region', { name: 'Photos' });
    const opener = gallery.getByRole('button', { name: 'Full screen' });
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Photos' });
    await expect(dialog).toBeVisible();
    const picture = dialog.getByRole('img');
    await expect(picture).toHaveAttribute('alt', /Photo 2 of/);
    await expect(dialog.getByText(/^Photo 2 of \d+$/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(picture).toHaveAttribute('alt', /Photo 3 of/);
    await expect(picture).toHaveJSProperty('complete', true);
    // The large picture, not the thumbnail: it fills most of the screen.
    expect((await picture.boundingBox())!.height).toBeGreaterThan(400);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(galleryPhoto(gallery, 3)).toBeInViewport();
    await expect(galleryPhoto(gallery, 2)).not.toBeInViewport();
  });

  test('the day a listing on offer can be moved into shows on its card and its page, in nl and en', async ({ page }) => {
    // From the CRM record as written (DateFree "2026-12-01"), in the day-month-year of the spec.
    const listing = getProperties('en', { availability: 'on-offer' }).find((candidate) => candidate.availableFrom !== undefined);
    expect(listing).toBeDefined();
    if (!listing?.availableFrom) return;
    const [year, month, day] = listing.availableFrom.slice(0, 10).split('-');
    const shown = `${day}-${month}-${year}`;
    await page.goto(href({ page: 'property', id: listing.id }, 'en'));
    const fact = (label: string) =>
      page
        .locator('main dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect(fact('Available from')).toHaveText(shown);
    await page.goto(href({ page: 'property', id: listing.id }, 'nl'));
    await expect(fact('Beschikbaar vanaf')).toHaveText(shown);
    // Its card in the list of its goal, on whichever page the list shows it.
    const onPage = [1, 2, 3, 4].find((pageNumber) => getListPage('nl', listing.goal, parseListParams(new URLSearchParams(`page=${pageNumber}`))).result.ids.includes(listing.id));
    expect(onPage).toBeDefined();
    await page.goto(`${href({ page: listing.goal === 'sale' ? 'for-sale' : 'for-rent' }, 'nl')}${onPage && onPage > 1 ? `?page=${onPage}` : ''}`);
    const card = page.locator('main article').filter({ has: page.locator(`a[href$="/${listing.id}/"]`) });
    await expect(card.getByText(`Beschikbaar vanaf ${shown}`)).toBeVisible();
    // A sold or rented listing says nothing of a day it could be moved into.
    const reference = getProperties('en', { availability: 'reference' })[0];
    expect(reference?.availableFrom).toBeUndefined();
  });

  test('similar listings follow the page in fr and en, and the page shares itself without another host', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await storeConsent(page);
    const external = await blockExternal(page);
    const listing = getProperties('fr', { goal: 'sale', availability: 'on-offer' }).find((candidate) => getSimilarListings(candidate, 'fr').length >= 2);
    expect(listing).toBeDefined();
    if (!listing) return;
    for (const [language, heading, copy, copied] of [
      ['fr', 'Biens similaires', 'Copier le lien', 'Lien copié'],
      ['en', 'Similar properties', 'Copy the link', 'Link copied'],
    ] as const) {
      const url = href({ page: 'property', id: listing.id }, language);
      await page.goto(url);
      const section = page.getByRole('region', { name: heading });
      const expected = getSimilarListings(listing, language).map((other) => href({ page: 'property', id: other.id }, language));
      await expect(section.locator('article h3 a')).toHaveCount(expected.length);
      expect(await section.locator('article h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expected);
      // The e-mail link carries the page's own address; the copied link is that address too.
      const mail = await page.getByRole('link', { name: language === 'fr' ? 'Par e-mail' : 'By e-mail' }).getAttribute('href');
      expect(decodeURIComponent(mail ?? '')).toContain(`${baseURL}${url}`);
      // The button is in the server's HTML; a press before its island has run does nothing.
      const copyButton = page.getByRole('button', { name: copy });
      await expect(copyButton).toHaveAttribute('data-ready', '');
      await copyButton.click();
      await expect(page.getByText(copied, { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${url}`);
    }
    expect(external).toEqual([]);
    await context.close();
  });

  test('a listing page does not move on a phone once its scripts run, and offers the copy button only with JavaScript', async ({ browser }) => {
    // A phone at 4x CPU, as Lighthouse mobile: the scripts run well after the first paint. The share
    // row gained its copy button at hydration, wrapped, and pushed the gallery 32 px down.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await storeConsent(page);
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Reflect.set(window, 'layoutShifts', shifts);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const value = Reflect.get(entry, 'value');
          const sources: { node?: Node | null }[] = Reflect.get(entry, 'sources') ?? [];
          if (!Reflect.get(entry, 'hadRecentInput'))
            shifts.push(`${Number(value).toFixed(4)}: ${sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : source.node?.textContent)).join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const quiet = networkQuiet(page);
    for (const language of ['fr', 'nl'] as const) {
      await page.goto(href({ page: 'property', id: 4000039 }, language));
      await quiet();
      // Hydrated: the copy button works (the e-mail link works without scripts).
      await expect(page.getByRole('button', { name: language === 'fr' ? 'Copier le lien' : 'Link kopiëren' })).toHaveAttribute('data-ready', '');
      expect(await page.evaluate(() => Reflect.get(window, 'layoutShifts'))).toEqual([]);
    }
    await context.close();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(href({ page: 'property', id: 4000039 }, 'fr'));
    await expect(plain.getByRole('link', { name: 'Par e-mail' })).toBeVisible();
    await expect(plain.getByRole('button', { name: 'Copier le lien' })).toBeHidden();
    await noScript.close();
  });

  test('a sold listing shows its message and no request actions', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000003 }, 'fr'));
    await expect(page.getByRole('status')).toHaveText('Bien vendu');
    await expect(page.getByRole('link', { name: 'Demander une visite' })).toHaveCount(0);
    await expect(page.locator('form[data-form="contact-appointment"], form[data-form="contact-me"]')).toHaveCount(0);
  });

  test('an active listing links its request actions to the contact section', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'nl'));
    await page.getByRole('link', { name: 'Bezoek aanvragen' }).click();
    await expect(page).toHaveURL(/#request-visit$/);
    await expect(page.getByRole('heading', { name: 'Interesse in dit pand?' })).toBeVisible();
    // The link opens its disclosure: the visit form is on screen.
    await expect(page.locator('form[data-form="contact-appointment"] [name="firstName"]')).toBeVisible();
    // A listing for sale also offers to make an offer, and leads to that form.
    await page.getByRole('navigation', { name: 'Aanvragen' }).getByRole('link', { name: 'Een bod doen' }).click();
    await expect(page.locator('form[data-form="purchase-offer"] [name="amount"]')).toBeVisible();
  });

  test('a listing without pictures says so, the description is sanitized', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000052 }, 'en'));
    await expect(page.getByText('No photo was found')).toBeVisible();
    await page.goto(href({ page: 'property', id: 4000038 }, 'en'));
    const description = page.locator('section[aria-labelledby="description"]');
    await expect(description).toBeVisible();
    expect(await description.innerHTML()).not.toMatch(/<script|onclick|javascript:/i);
  });

  test('EPC label image of the region and its figures; no Flemish renovation notice on a Walloon E sale', async ({ page }) => {
    const property = getProperty(4000035, 'fr')!;
    await page.goto(href({ page: 'property', id: property.id }, 'fr'));
    await expect(page.getByRole('img', { name: /Label énergétique E/ })).toHaveAttribute('src', '/images/epc/wallonia/e.png');
    const energy = page.locator('section[aria-labelledby="energy"]');
    await expect(energy).toBeVisible();
    // The obligation is a Flemish rule (design.md §9): a buyer in Wallonia is not told it applies.
    await expect(page.getByText(/doit la rénover/)).toHaveCount(0);
    await expect(energy.getByRole('note')).toHaveCount(0);
  });

  test('videos load nothing from their host until asked, then embed', async ({ page }) => {
    const external = await blockExternal(page);
    const quiet = networkQuiet(page);
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    await quiet();
    expect(external).toEqual([]);
    const play = page.getByRole('button', { name: 'Play the video' });
    await expect(play).toHaveAttribute('data-ready', '');
    await play.click();
    await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/"]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Play the video' })).toHaveCount(0);
  });

  test('without JavaScript a video is a link to its host, not a button that does nothing', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(href({ page: 'property', id: 4000001 }, 'en'));
    const listing = getProperty(4000001, 'en');
    expect(listing?.videos.length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Play the video' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Play the video' })).toHaveAttribute('href', listing?.videos[0] ?? '');
    await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);
    await context.close();
  });

  test('the agent phone is grouped and the metadata names canonical, alternates and picture', async ({ page }) => {
    await page.goto(href({ page: 'property', id: 4000001 }, 'fr'));
    await expect(page.locator('address a[href^="tel:"]').first()).toHaveText(/^\d{3,4}( \d{2}){3}$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href({ page: 'property', id: 4000001 }, 'fr')}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute('href', new RegExp(`${href({ page: 'property', id: 4000001 }, 'nl')}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /src=\/catalogue\/4000001\/.*width=1200/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
  });
});

test.describe('projects', () => {
  test('the list links each project, whose page shows its units', async ({ page }) => {
    await page.goto('/en/projects/');
    await page.locator('main article a').first().click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Floor' })).toBeVisible();
  });
});

test.describe('home search', () => {
  test('fetches its data on first focus and finds a listing by its exact ID', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const quiet = networkQuiet(page);
    await page.goto('/en/');
    await quiet();
    expect(requests.some((url) => url.includes('/api/search-index/'))).toBe(false);
    const input = page.getByRole('combobox', { name: 'Search properties' });
    const fetched = page.waitForRequest((request) => request.url().includes('/api/search-index/en/'));
    await input.focus();
    await fetched;
    await expect(page.getByRole('listbox')).toBeVisible();
    await input.fill('4000003');
    await expect(page.getByRole('option', { name: /Ref: 4000003/ })).toHaveAttribute('href', href({ page: 'property', id: 4000003 }, 'en'));
    await input.fill('400000');
    await expect(page.getByRole('option', { name: /Ref:/ })).toHaveCount(0);
  });

  test('finds a town by accented or accent-free name and by postcode, a type by name', async ({ page }) => {
    await page.goto('/fr/');
    const input = page.getByRole('combobox');
    for (const query of ['Écaussinnes', 'ecaussinnes', '7190']) {
      await input.fill(query);
      await expect(page.getByRole('option', { name: /Écaussinnes – À vendre/ })).toHaveAttribute('href', '/fr/a-vendre/?city=%C3%89caussinnes%7C7190');
    }
    await expect(page.getByRole('option', { name: /Écaussinnes – À louer \(0\)/ })).toHaveAttribute('aria-disabled', 'true');
    await input.fill('appartement');
    await expect(page.getByRole('option', { name: /Appartement – À vendre/ })).toBeVisible();
  });

  test("what a visitor typed before the page's scripts ran is searched once they run", async ({ page }) => {
    // The scripts (not the styles, which hold the first paint) are held until the text is in the
    // field, as on a slow phone.
    const release = await holdScripts(page);
    await page.goto('/en/', { waitUntil: 'commit' });
    const input = page.getByRole('combobox', { name: 'Search properties' });
    const listing = getProperties('en', { availability: 'on-offer' })[0]!;
    await input.fill(String(listing.id));
    release();
    await expect(page.getByRole('option', { name: /Ref:/ })).toHaveCount(1);
    await expect(input).toHaveValue(String(listing.id));
  });

  test('draws at most 50 listings at 5,000, says how many more, and still finds any by its ID', async ({ page }) => {
    // The shipped index with its listings repeated under new IDs up to 5,000, as a large catalogue's would be.
    await page.route('**/api/search-index/en/', async (route) => {
      const index: SearchIndex = await (await route.fetch()).json();
      const shipped = index.properties;
      index.properties = Array.from({ length: 5000 }, (_, position) => {
        const [, text, town, link, picture] = shipped[position % shipped.length]!;
        return [9000000 + position, text, town, link, picture];
      });
      await route.fulfill({ json: index });
    });
    await page.goto('/en/');
    const input = page.getByRole('combobox', { name: 'Search properties' });
    await input.fill('9004999');
    const listings = page.getByRole('option', { name: /Ref:/ });
    await expect(listings).toHaveCount(1);
    await input.fill('');
    await expect(listings).toHaveCount(50);
    await expect(page.getByRole('listbox').getByText('4,950 more properties: type a reference to find one.')).toBeVisible();
    await input.fill('9004999');
    await expect(listings).toHaveCount(1);
    await expect(page.getByText('more properties')).toHaveCount(0);
  });

  test('is operable by keyboard and closes on Escape', async ({ page }) => {
    await page.goto('/nl/');
    const input = page.getByRole('combobox');
    await input.fill('studio');
    await expect(page.getByRole('option', { name: /Studio – Te koop/ })).toBeVisible();
    // The list follows the text a moment after it: the keys below act on the list on screen.
    await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
    await input.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await input.press('ArrowDown');
    // Reopened, the panel draws the text's results again: Enter acts on the list once it is theirs.
    await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/nl\/te-(koop|huur)\/\?type=2$/);
  });
});

for (const language of getEnabledLanguages()) {
  test(`pages in ${language} render in the browser with no console error, failed request or outside request`, async ({ page }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} @ ${page.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    const external = await blockExternal(page);
    const quiet = networkQuiet(page);
    const urls = [
      href({ page: 'home' }, language),
      href({ page: 'for-sale' }, language),
      href({ page: 'for-rent', query: { city: 'Mons|7000' } }, language),
      ...[4000001, 4000003, 4000010, 4000038, 4000052, 4000055, 4000056, 4000057].map((id) => href({ page: 'property', id }, language)),
      href({ page: 'projects' }, language),
      href({ page: 'project', id: 5000001 }, language),
      href({ page: 'menu', id: 'services' }, language),
      href({ page: 'login' }, language),
    ];
    for (const url of urls) {
      await page.goto(url);
      await quiet();
      await page.mouse.wheel(0, 4000);
      await quiet();
    }
    expect(problems).toEqual([]);
    expect(external).toEqual([]);
  });
}
