import { expect, test } from './warm-page';
import { getProperties, getProperty, getProject } from '@/lib/catalogue';
import { fullListings } from '../full-listings';
import { getEnabledLanguages } from '@/lib/config';
import { cleanDescription } from '@/lib/format';
import { allRoutes, href } from '@/lib/pages';
import { hiddenFacts, leaks } from '../hidden-facts';
import { figureSteps } from '@/lib/catalogue/list-query';
import { storeConsent } from './stored-consent';

/*
 * What a visitor sees of the offer: counts and lists of what is on offer with the references a
 * click away, the card teasers, numbers and punctuation, project units, and nothing the agency
 * hides on a listing's own page anywhere else.
 */

test.beforeEach(async ({ page }) => storeConsent(page));

const onOffer = (goal: 'sale' | 'rent') => getProperties('nl', { goal, availability: 'on-offer' });
const references = (goal: 'sale' | 'rent') => getProperties('nl', { goal, availability: 'reference' });

test.describe('what is on offer', () => {
  test('the for-sale list counts and shows what is for sale; the sold references are their own list', async ({ page }) => {
    test.setTimeout(60_000);
    const sold = references('sale');
    expect(sold.length).toBeGreaterThan(0);
    await page.goto('/nl/te-koop/');
    await expect(page.getByText(`${onOffer('sale').length} panden ·`)).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByText('Verkocht', { exact: true })).toHaveCount(0);
    for (const listing of sold) await expect(main.locator(`a[href="${href({ page: 'property', id: listing.id }, 'nl')}"]`)).toHaveCount(0);

    const link = page.getByRole('link', { name: `Verkochte referenties (${sold.length})` });
    await expect(link).toHaveAttribute('href', '/nl/te-koop/?status=references');
    await link.click();
    await expect(page).toHaveURL(/\/nl\/te-koop\/\?status=references$/);
    await expect(page.getByText(`${sold.length} panden ·`)).toBeVisible();
    await expect(main.getByText('Verkocht', { exact: true })).toHaveCount(sold.length);
    await expect(page.getByRole('link', { name: `Ons aanbod (${onOffer('sale').length})` })).not.toHaveAttribute('aria-current', 'page');

    // A sold reference keeps its page and says it is sold.
    const detail = href({ page: 'property', id: sold[0]!.id }, 'nl');
    await main.locator(`a[href="${detail}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${detail}$`));
    await expect(page.getByRole('status')).toHaveText('Pand verkocht');
  });

  test('the references answer from the server too, for crawlers and visitors without JavaScript', async ({ request }) => {
    const rented = references('rent');
    expect(rented.length).toBeGreaterThan(0);
    const html = await (await request.get('/nl/te-huur/?status=references')).text();
    expect(html).toContain(`Verhuurde referenties (${rented.length})`);
    for (const listing of rented) expect(html).toContain(href({ page: 'property', id: listing.id }, 'nl'));
    expect(html).toContain(`${rented.length} panden`);
  });

  test('the home search counts only what is on offer, in its buttons and its panel', async ({ page }) => {
    await page.goto('/nl/');
    const sale = onOffer('sale');
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: new RegExp(`^Te koop\\s*${sale.length}$`) })
        .first(),
    ).toBeVisible();
    const input = page.locator('main').getByRole('combobox', { name: 'Panden zoeken' });
    await input.fill('Bergen');
    const mons = sale.filter((property) => property.town.zip === '7000').length;
    await expect(page.locator('main').getByRole('option', { name: `Bergen – Te koop (${mons})` })).toBeVisible();
  });
});

test('a card shows the first 250 characters of the description', async ({ page }) => {
  await page.goto('/en/for-sale/');
  const first = page.locator('main article').first();
  const id = Number((await first.getByRole('link').first().getAttribute('href'))?.match(/(\d+)\/$/)?.[1]);
  const teaser = cleanDescription(getProperty(id, 'en')!.description);
  expect(teaser.length).toBeGreaterThan(100);
  await expect(first.getByText(teaser)).toBeVisible();
});

test.describe('numbers and punctuation', () => {
  test('the mobility score uses the decimal comma of the other figures', async ({ page }) => {
    const listing = fullListings('nl').find((property) => property.mobility && !Number.isInteger(property.mobility.score))!;
    await page.goto(href({ page: 'property', id: listing.id }, 'nl'));
    const score = String(listing.mobility!.score);
    await expect(page.getByRole('heading', { name: `Mobiliteitsscore: ${score.replace('.', ',')}/10` })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(`${score}/10`);
  });

  test('a French page puts a no-break space before every colon, in messages and in built labels alike', async ({ page }) => {
    const listing = fullListings('fr').find((property) => property.mobility && property.pointsOfInterest.length > 0 && property.manager.directPhone)!;
    await page.goto(href({ page: 'property', id: listing.id }, 'fr'));
    // The description is the agency's own text from the CRM, and so are the teasers of the similar
    // listings' cards; text marked in another language (a cited Dutch page's title) keeps its own
    // typography; everything else is ours.
    const text = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true);
      if (copy instanceof HTMLElement)
        copy.querySelectorAll('section[aria-labelledby="description"], section[aria-labelledby="similar"] article p, [lang]:not([lang="fr"]), script, style').forEach((element) => element.remove());
      return copy.textContent ?? '';
    });
    expect(text).toContain('Téléphone\u00a0:');
    expect(text).toContain(`${listing.pointsOfInterest[0]!.category}\u00a0:`);
    // No colon glued to a word nor after an ordinary space (times such as 10:00 aside).
    expect(text.replace(/\d:\d/g, '').match(/[^\u00a0]:/g) ?? []).toEqual([]);
  });

  test('the Luxembourg listing names its country on its card and its page', async ({ page }) => {
    const listing = getProperties('nl').find((property) => property.town.country.code === 'LU')!;
    await page.goto(href({ page: 'property', id: listing.id }, 'nl'));
    await expect(page.locator('main').getByText(`${listing.town.zip} ${listing.town.name}, Luxemburg`, { exact: true }).first()).toBeVisible();
    await page.goto(`/nl/${listing.goal === 'sale' ? 'te-koop' : 'te-huur'}/?city=${encodeURIComponent(`${listing.town.name}|${listing.town.zip}`)}`);
    await expect(page.locator('main article').getByText(`${listing.town.zip} ${listing.town.name}, Luxemburg`)).toBeVisible();
  });
});

test.describe('projects', () => {
  test('a unit on the ground floor says so, like its listing, and links back to its project', async ({ page }) => {
    const project = getProject(5000001, 'nl')!;
    const ground = project.units.find((unit) => unit.floor === 0)!;
    await page.goto(href({ page: 'project', id: project.id }, 'nl'));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ground.name }) });
    await expect(row.getByRole('cell').first()).toHaveText('Gelijkvloers');
    await row.getByRole('link', { name: ground.name }).click();
    await page.getByRole('link', { name: project.name }).click();
    await expect(page).toHaveURL(new RegExp(`${href({ page: 'project', id: project.id }, 'nl')}$`));
  });

  test('a unit whose listing hides its price shows the price on demand', async ({ page }) => {
    const unit = getProperties('nl').find((property) => property.projectId && property.price.kind === 'on-demand')!;
    await page.goto(href({ page: 'project', id: unit.projectId! }, 'nl'));
    const name = getProject(unit.projectId!, 'nl')!.units.find((candidate) => candidate.listingId === unit.id)!.name;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText('Prijs op aanvraag');
  });
});

const priceSteps = new Set<number>([...figureSteps.price.sale, ...figureSteps.price.rent]);

test('nothing a listing hides on its own page appears in any page, map, search index, JSON-LD or sitemap', async ({ request }) => {
  test.setTimeout(300_000);
  const { everywhere, ownPages } = hiddenFacts();
  const found: string[] = [];
  const scan = async (url: string, extra: readonly { what: string; pattern: RegExp }[] = []) => {
    const response = await request.get(url);
    expect(response.ok(), url).toBe(true);
    // A list's price filter offers round amounts (figureSteps), which a hidden price may equal: an
    // offered step is not the listing's price, so those options are left out of the scan (with
    // their count, and disabled when they would list nothing).
    const body = (await response.text()).replace(/<option value="(\d+)"(?: disabled="")?>[^<]*<\/option>/g, (option, value: string) => (priceSteps.has(Number(value)) ? '' : option));
    found.push(...leaks(body, [...everywhere, ...extra]).map((leak) => `${url}: ${leak}`));
  };
  const urls: { url: string; extra?: (typeof ownPages)[number]['facts'] }[] = [{ url: '/sitemap.xml' }];
  for (const language of getEnabledLanguages()) {
    urls.push({ url: `/api/search-index/${language}` });
    for (const list of ['for-sale', 'for-rent'] as const) urls.push({ url: `${href({ page: list }, language)}?status=references` });
    for (const route of allRoutes(language)) {
      const own = route.page === 'property' ? ownPages.filter((entry) => entry.propertyId === route.id) : route.page === 'project' ? ownPages.filter((entry) => entry.projectId === route.id) : [];
      // On a project page only the price of a unit is its own; the street is the project's.
      const extra = own.flatMap((entry) => (route.page === 'project' ? entry.facts.filter((fact) => !fact.what.endsWith('street')) : entry.facts));
      urls.push({ url: href(route, language), extra });
    }
  }
  for (let index = 0; index < urls.length; index += 6) await Promise.all(urls.slice(index, index + 6).map(({ url, extra }) => scan(url, extra)));
  expect(found).toEqual([]);
});
