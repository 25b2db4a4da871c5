import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getAppointmentSlots, getCities, getProjects, getProperties, getProperty, listItemOf } from '@/lib/catalogue';
import { compareRows } from '@/lib/favourites/compare';
import type { CompareValue } from '@/lib/favourites/compare-rows';
import { formatEuro, formatNumber, listingPrice } from '@/lib/format';
import { fullListings } from '../full-listings';
import { getListPage } from '@/lib/catalogue/list-page';
import { applyListParams, parseListParams, type ListParams } from '@/lib/catalogue/list-query';
import { brusselsNow } from '@/lib/forms/slots';
import { getEnabledLanguages } from '@/lib/config';
import { href, staticRoutes } from '@/lib/pages';
import { acceptPrivacy, fillIdentity, messages, openRequest, reachForm, requestsFor, sitePort, expectSpamCheckSolved, uniqueEmail } from './forms-helpers';
import { crawlSite } from './link-crawl';
import { checkPagesSeo, checkSitemapAndRobots } from './seo-checks';
import { directives, expectCommonHeaders, expectStrictPolicy, watchViolations } from './security-checks';
import { storeConsent } from './stored-consent';

/*
 * The static export (npm run export, built by playwright.config.ts with NEXT_PUBLIC_API_ORIGIN
 * pointing at the site server) served by scripts/serve-static.mjs, a plain file server that
 * ignores query strings and knows no redirects: what any static host or CDN does.
 */

test.beforeEach(async ({ page }) => storeConsent(page));

const apiOrigin = `http://localhost:${sitePort}`;

/** Records every request the page sends to another origin than the copy's (the API server included). */
function watchOtherHosts(page: Page, baseURL: string): string[] {
  const own = new URL(baseURL).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== own) elsewhere.push(url.href);
  });
  return elsewhere;
}

/** A comparison cell as a French or Dutch reader sees it, from the messages (the notes of compare-view.tsx). */
function cellText(cell: CompareValue | undefined, language: 'fr' | 'nl'): string {
  const words = messages[language];
  if (cell === undefined) return words.compare.notGiven;
  switch (cell.kind) {
    case 'price':
      return listingPrice(cell.price, (word, values) => words.property[word].replace('{price}', values?.price ?? ''));
    case 'euro':
      return formatEuro(cell.amount);
    case 'area':
      return `${formatNumber(cell.m2)} m²`;
    case 'count':
      return formatNumber(cell.count);
    case 'year':
      return String(cell.year);
    case 'energy':
      return words.compare.energy.replace('{kwh}', formatNumber(cell.kwh));
    case 'distance':
      return words.compare.km.replace('{km}', formatNumber(cell.km, 1));
    case 'text':
      return cell.text;
    case 'state':
      return words.compare.states[cell.state];
  }
}

test('the link crawl finds no dead link, and no link to a page only the server has', async ({ request, baseURL }) => {
  test.setTimeout(300_000);
  const result = await crawlSite(request, baseURL!, { staticExport: true });
  expect(result.dead).toEqual([]);
  expect(result.pages).toBeGreaterThan(200);
  expect(result.files).toBeGreaterThan(500);
});

test('the copy holds no listing document: those are mailed as signed links by the server only', async ({ request }) => {
  const exportDir = `var/export-e2e-${sitePort + 2}`;
  const files = readdirSync(exportDir, { recursive: true, encoding: 'utf8' });
  expect(files.filter((file) => /\.pdf$/i.test(file))).toEqual([]);
  for (const document of fullListings('en')
    .flatMap((property) => property.documents)
    .slice(0, 5)) {
    expect((await request.get(document.url)).status(), document.url).toBe(404);
  }
});

test('sitemap.xml lists every public URL exactly once, and every one of them is in the copy', async ({ request }) => {
  test.setTimeout(120_000);
  await checkSitemapAndRobots(request);
  const xml = await (await request.get('/sitemap.xml')).text();
  const missing: string[] = [];
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const response = await request.get(new URL(loc!).pathname, { maxRedirects: 0 });
    if (response.status() !== 200) missing.push(`${response.status()} ${loc}`);
  }
  expect(missing).toEqual([]);
});

for (const language of getEnabledLanguages()) {
  test(`every localized path in ${language} is a page with JSON-LD, canonical and hreflang`, async ({ request }) => {
    test.setTimeout(180_000);
    await checkPagesSeo(request, language, staticRoutes(language));
  });
}

test.describe('what the server did, done by the static pages', () => {
  test('/ picks the browser language, and ?lng is chosen and remembered', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-BE' });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/?lng=en');
    await expect(page).toHaveURL(/\/en\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await context.close();
  });

  test('a browser in a language the site does not have gets the default one', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl\/$/);
    await context.close();
  });

  test('the unlocalised links of the spec reach their page in the detected language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-BE' });
    await storeConsent(context);
    const page = await context.newPage();
    await page.goto('/for-sale/?city=Mons%7C7000');
    await expect(page).toHaveURL(/\/fr\/a-vendre\/\?city=Mons%7C7000$/);
    await page.goto('/for-rent/');
    await expect(page).toHaveURL(/\/fr\/a-louer\/$/);
    const property = getProperties('fr')[0]!;
    await page.goto(`/property/${property.id}/`);
    await expect(page).toHaveURL(new RegExp(`${href({ page: 'property', id: property.id }, 'fr')}$`));
    await page.goto('/contact-demand/');
    await expect(page).toHaveURL(new RegExp(`${href({ page: 'menu', id: 'free-valuation' }, 'fr')}$`));
    const project = getProjects('fr')[0]!;
    await page.goto(`/project/?id=${project.id}`);
    await expect(page).toHaveURL(new RegExp(`${href({ page: 'project', id: project.id }, 'fr')}$`));
    await page.goto('/project/?id=1');
    await expect(page).toHaveURL(new RegExp(`${href({ page: 'projects' }, 'fr')}$`));
    await context.close();
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/nl/bestaat-niet/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.nl.notFound.title);
  });

  test('the home map lists every town, and a town link opens its filtered list', async ({ page }) => {
    const towns = getCities('fr').filter((city) => city.countSaleProperty + city.countRentProperty > 0);
    await page.goto(href({ page: 'home' }, 'fr'));
    const map = page.locator('section[aria-labelledby="home-map-title"]');
    await expect(map.getByRole('listitem')).toHaveCount(towns.length);
    // No tile source: the towns' list, without a drawing (issue 39).
    await expect(map.locator('svg')).toHaveCount(0);
    const tournai = towns.find((town) => town.Zip === '7500');
    await map.getByRole('link', { name: `${tournai?.Name}: ${tournai?.countRentProperty} à louer`, exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/a-louer\/\?city=Tournai%7C7500$/);
    await expect(page.locator('main article')).toHaveCount(tournai?.countRentProperty ?? -1);
  });

  test('a filtered list shows the filtered listings, though the host ignores the query', async ({ page }) => {
    const city = getCities('fr', 'sale').find((candidate) => candidate.countSaleProperty > 1 && candidate.countSaleProperty < 12)!;
    const query = `?city=${encodeURIComponent(`${city.Name}|${city.Zip}`)}`;
    const expected = applyListParams(getProperties('fr', { goal: 'sale' }).map(listItemOf), parseListParams(new URLSearchParams(query)));
    expect(expected.total).toBe(city.countSaleProperty);
    await page.goto(`${href({ page: 'for-sale' }, 'fr')}${query}`);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(expected.total);
    await expect(page.getByText(`${expected.total} biens · Page 1 sur 1`)).toBeVisible();
    for (const id of expected.ids) await expect(page.locator(`main a[href="${href({ page: 'property', id }, 'fr')}"]`).first()).toBeVisible();
  });

  test('price, bedrooms and surface in the URL filter the copy in the browser as the server would', async ({ page }) => {
    // From the listings' own figures: on offer for sale, at least 150,000 €, 3 bedrooms, 100 m² lived in.
    const expected = getProperties('nl', { goal: 'sale', availability: 'on-offer' }).filter(
      (listing) => listing.price.kind !== 'on-demand' && listing.price.amount >= 150_000 && (listing.rooms.bedrooms ?? 0) >= 3 && (listing.surfaces.living ?? 0) >= 100,
    );
    expect(expected.length).toBeGreaterThan(1);
    await page.goto(`${href({ page: 'for-sale' }, 'nl')}?min-price=150000&bedrooms=3&surface=100`);
    await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${expected.length} panden`));
    await expect(page.getByLabel('Bewoonbare oppervlakte')).toHaveValue('100');
    await expect(page.locator('main article')).toHaveCount(Math.min(expected.length, 12));
  });
});

test('the language switcher maps a listing to its translation, and links navigate', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  // A static host answers an RSC request with the whole HTML page: the copy's links are plain
  // links, so nothing is prefetched or fetched that way.
  page.on('request', (request) => {
    if (request.url().includes('_rsc=')) problems.push(`RSC request ${request.url()}`);
  });
  const property = getProperties('nl').find((candidate) => candidate.town.name !== getProperties('fr').find((other) => other.id === candidate.id)?.town.name) ?? getProperties('nl')[0]!;
  await page.goto(href({ page: 'property', id: property.id }, 'nl'));
  await page.getByRole('navigation', { name: messages.nl.header.language }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(new RegExp(`${href({ page: 'property', id: property.id }, 'fr')}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('navigation').getByRole('link', { name: 'À louer' }).first().click();
  await expect(page).toHaveURL(/\/fr\/a-louer\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biens à louer');
  expect(problems).toEqual([]);
});

test('the search panel finds a town and opens its filtered list', async ({ page }) => {
  await page.goto('/fr/');
  const input = page.getByRole('combobox');
  await input.fill('Écaussinnes');
  const option = page.getByRole('option', { name: /Écaussinnes – À vendre/ });
  await expect(option).toHaveAttribute('href', '/fr/a-vendre/?city=%C3%89caussinnes%7C7190');
  await option.click();
  await expect(page).toHaveURL(/\/fr\/a-vendre\/\?city=%C3%89caussinnes%7C7190$/);
  const count = getProperties('fr', { goal: 'sale', availability: 'on-offer' }).filter((property) => property.town.zip === '7190').length;
  await expect(page.locator('main article')).toHaveCount(count);
});

test.describe('requests from the copy go to the server named by NEXT_PUBLIC_API_ORIGIN', () => {
  test('the newsletter is stored by the server and thanks on the copy', async ({ page, baseURL }) => {
    const email = uniqueEmail('export-newsletter');
    await page.goto('/nl/');
    const form = page.locator('form[data-form="sign-newsletter"]');
    await expect(form).toHaveAttribute('action', `${apiOrigin}/api/forms/sign-newsletter/`);
    await reachForm(form);
    await form.locator('[name="email"]').fill(email);
    await acceptPrivacy(form);
    await form.getByRole('button', { name: messages.nl.forms.ui.submit }).click();
    await expect(page).toHaveURL(`${baseURL}${href({ page: 'thank-you', form: 'sign-newsletter' }, 'nl')}`);
    await expect.poll(async () => (await requestsFor(email)).map((stored) => stored.form)).toEqual(['sign-newsletter']);
  });

  test('without JavaScript, a plain post reaches the server and comes back to the copy', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const reader = uniqueEmail('export-nojs');
    await page.goto('/fr/');
    const form = page.locator('footer form[data-form="sign-newsletter"]');
    await form.locator('[name="email"]').fill(reader);
    await form.locator('[name="privacy"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(`${baseURL}${href({ page: 'thank-you', form: 'sign-newsletter' }, 'fr')}`);
    expect(await requestsFor(reader)).toHaveLength(1);
    await context.close();
  });

  test('a form with a spam check takes its challenge from the server, which checks and stores it, within the policy', async ({ page, baseURL }) => {
    const email = uniqueEmail('export-contact');
    const violations = await watchViolations(page);
    const hosts = new Set<string>();
    page.on('request', (sent) => hosts.add(new URL(sent.url()).origin));
    const challenge = page.waitForResponse(`${apiOrigin}/api/altcha/site-contact/`);
    await page.goto(href({ page: 'menu', id: 'contact' }, 'fr'));
    const form = page.locator('form[data-form="site-contact"]');
    await reachForm(form);
    await fillIdentity(form, { email, firstName: 'Marie', lastName: 'Statique' });
    await form.locator('[name="city"]').fill('Mons');
    await form.locator('[name="remark"]').fill('Envoyé depuis la copie statique.');
    await form.locator('[name="contactDevice"][value="email"]').check();
    await acceptPrivacy(form);
    await expectSpamCheckSolved(form);
    expect((await challenge).status()).toBe(200);
    await form.getByRole('button', { name: messages.fr.forms.ui.submit }).click();
    await expect(page).toHaveURL(`${baseURL}${href({ page: 'thank-you', form: 'site-contact' }, 'fr')}`);
    const [stored] = await requestsFor(email);
    expect(stored).toMatchObject({ form: 'site-contact', lang: 'fr' });
    expect(await violations()).toEqual([]);
    // The widget's script and workers are the copy's own files; nothing comes from a third host.
    expect([...hosts].filter((host) => host !== new URL(baseURL ?? '').origin && host !== apiOrigin && host !== 'null')).toEqual([]);
  });

  test('a listing reads its places left from the server, across origins', async ({ page }) => {
    const now = brusselsNow();
    const property = getProperties('en').find((candidate) => candidate.availability === 'on-offer' && getAppointmentSlots(candidate.id).some((slot) => slot.Start > now))!;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(href({ page: 'property', id: property.id }, 'en'));
    // The visit form's code, and with it the request for the places left, comes when the visitor opens it.
    const slots = page.waitForResponse(`${apiOrigin}/api/slots/${property.id}/`);
    const form = await openRequest(page, 'request-visit');
    const response = await slots;
    expect(response.status()).toBe(200);
    expect(response.headers()['access-control-allow-origin']).toBe(new URL(page.url()).origin);
    await expect(form.locator('[name="slotId"]').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the owner login is on the server', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('footer').getByRole('link', { name: messages.en.nav.login })).toHaveAttribute('href', `${apiOrigin}${href({ page: 'login' }, 'en')}`);
  });
});

test('every exported page carries its script policy, the host sends the rest from _headers, and pages run without a violation', async ({ page, request }) => {
  test.setTimeout(90_000);
  const property = getProperties('fr').find((candidate) => candidate.availability === 'on-offer')!;
  const paths = ['/', href({ page: 'home' }, 'nl'), href({ page: 'for-sale' }, 'fr'), href({ page: 'property', id: property.id }, 'fr'), '/nl/no-such-page/'];
  for (const path of paths) {
    const response = await request.get(path);
    const html = await response.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    expectStrictPolicy(`${meta ?? ''}; frame-ancestors 'none'`, `${path} (meta)`);
    expect(html.indexOf('http-equiv="Content-Security-Policy"'), `${path}: the policy comes before the first script`).toBeLessThan(html.indexOf('<script'));
    expectCommonHeaders(response.headers(), path);
    expect(directives(response.headers()['content-security-policy'] ?? '').get('frame-ancestors'), path).toEqual(["'none'"]);
  }
  const violations = await watchViolations(page);
  for (const path of paths.slice(1, 4)) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
  }
  // A form posts to the API origin, which the policy allows.
  expect(await violations()).toEqual([]);
});

/*
 * Issue 19 on the copy: the list's filters count their choices, and its map pins the results, in
 * the browser over the list's own data; favourites live in the browser and read the saved index;
 * the comparison is a page of the copy that reads ?ids= in the browser over the files the export
 * saved per listing, without the API server.
 */
test.describe('filters with counts, favourites and the comparison on the copy', () => {
  test.describe.configure({ timeout: 120_000 });

  const listCases = [
    { language: 'fr', query: 'min-price=200000', count: (count: number) => `${count} biens` },
    { language: 'nl', query: 'bedrooms=2', count: (count: number) => `${count} panden` },
  ] as const;
  const number = (value: string) => (value ? Number(value) : undefined);

  for (const { language, query, count } of listCases) {
    test(`${language}: the copy counts each filter choice in the browser, and offers no map without a tile source`, async ({ page, baseURL }) => {
      const words = messages[language];
      const outside: string[] = [];
      const pinRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.hostname !== 'localhost') outside.push(url.href);
        if (url.pathname.startsWith('/api/list-pins/')) pinRequests.push(url.href);
      });
      const path = href({ page: 'for-sale' }, language);
      const asked = getListPage(language, 'sale', parseListParams(new URLSearchParams(query)));
      const total = asked.result.total;
      expect(total).toBeGreaterThan(12);
      await page.goto(`${path}?${query}`);
      await expect(page.locator('form[method="get"][data-ready]')).toHaveCount(1);
      await expect(page.locator('main p[aria-live]')).toHaveText(new RegExp(`^${count(total)}`));

      // Each choice counts what the list gives with it and the other filters; none-giving ones are disabled.
      const checks: [string, (value: string) => Partial<ListParams>][] = [
        [words.list.type, (value) => ({ type: number(value) })],
        [words.list.town, (value) => ({ city: value || undefined })],
        [words.list.maxPrice, (value) => ({ maxPrice: number(value) })],
      ];
      let disabled = 0;
      for (const [label, param] of checks) {
        const options = await page
          .getByRole('combobox', { name: label, exact: true })
          .locator('option')
          .evaluateAll((elements: HTMLOptionElement[]) =>
            elements.map((element) => ({ value: element.value, text: element.textContent ?? '', disabled: element.disabled, selected: element.selected })),
          );
        expect(options.length, label).toBeGreaterThan(1);
        for (const option of options) {
          const expected = getListPage(language, 'sale', { ...asked.params, ...param(option.value), page: 1 }).result.total;
          expect(option.text, `${label} ${option.value}`).toMatch(new RegExp(` \\(${expected}\\)$`));
          expect(option.disabled, `${label} ${option.value}`).toBe(expected === 0 && !option.selected);
          if (option.disabled) disabled += 1;
        }
      }
      expect(disabled).toBeGreaterThan(0);

      // No tile source in this build's site: the list offers no map (issue 39: it drew an outline
      // with dots, no streets and no towns). The island has run (the counts above are its own).
      await expect(page.getByRole('button', { name: words.listMap.show })).toHaveCount(0);

      expect(pinRequests).toEqual([]);
      expect(outside).toEqual([]);
      expect(page.url().startsWith(baseURL ?? '-')).toBe(true);
    });
  }

  // One language: favourites work the same in each (see language-turns.ts).
  for (const language of ['nl'] as const) {
    test(`${language}: hearts on the copy survive a reload, its favourites page lists them, and the comparison opens on the copy with their IDs`, async ({ page, baseURL }) => {
      const words = messages[language];
      const elsewhere = watchOtherHosts(page, baseURL!);
      await page.goto(href({ page: 'for-sale' }, language));
      const ids = (await page.locator('main article button[data-favourite]').evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-favourite'))))).slice(0, 2);
      expect(ids).toHaveLength(2);
      for (const id of ids) {
        await page.locator(`button[data-favourite="${id}"][data-ready]`).click();
        await expect(page.locator(`button[data-favourite="${id}"]`)).toHaveAttribute('aria-pressed', 'true');
      }
      await page.reload();
      for (const id of ids) await expect(page.locator(`button[data-favourite="${id}"][data-ready]`)).toHaveAttribute('aria-pressed', 'true');

      await page.goto(href({ page: 'favourites' }, language));
      const saved = [...ids].reverse();
      const cards = page.locator('main article');
      await expect(cards).toHaveCount(2);
      for (const [index, id] of saved.entries()) await expect(cards.nth(index).getByRole('link').first()).toHaveAttribute('href', href({ page: 'property', id }, language));
      for (const id of saved) {
        const own = getProperties(language).find((listing) => listing.id === id);
        if (!own) throw new Error(`listing ${id} in ${language}`);
        await page.getByRole('checkbox', { name: words.favourites.chooseListing.replace('{title}', `${own.type.name} – ${own.town.zip} ${own.town.name}`) }).check();
      }
      await page.getByRole('link', { name: words.favourites.compareButton.replace('{count}', '2').replace('{limit}', '4') }).click();
      // The copy's own comparison page, which reads the IDs in the browser: no server needed.
      await expect(page).toHaveURL(`${baseURL}${href({ page: 'compare', ids: saved }, language)}`);
      const heads = page.locator('main table thead th');
      for (const [index, id] of saved.entries()) {
        const own = getProperties(language).find((listing) => listing.id === id);
        await expect(heads.nth(index + 1)).toContainText(own?.title ?? '-');
      }
      expect(elsewhere).toEqual([]);
    });
  }

  // A house, one with a hidden address (placed at its town), one under option and a sold one.
  const compared = [4000001, 4000009, 4000006, 4000003];
  for (const language of ['fr', 'nl'] as const) {
    test(`${language}: a comparison URL of four listings shows them on the copy, with the server's rows, values and differences`, async ({ page, baseURL }) => {
      const words = messages[language];
      const elsewhere = watchOtherHosts(page, baseURL!);
      const listings = compared.map((id) => {
        const found = getProperty(id, language);
        if (!found) throw new Error(`listing ${id} in ${language}`);
        return found;
      });
      await page.goto(href({ page: 'compare', ids: compared }, language));
      const table = page.locator('main table');
      const heads = table.locator('thead th');
      await expect(heads).toHaveCount(5);
      for (const [index, listing] of listings.entries()) {
        await expect(heads.nth(index + 1)).toContainText(listing.title);
        await expect(heads.nth(index + 1).getByRole('link')).toHaveAttribute('href', href({ page: 'property', id: listing.id }, language));
      }
      // The rows the server's page builds (lib/favourites/compare), cell by cell.
      const rows = compareRows(listings);
      expect(rows.filter((row) => row.differs).length).toBeGreaterThan(0);
      expect(listings[1]?.street).toBeUndefined();
      await expect(table.locator('tbody tr')).toHaveCount(rows.length);
      for (const row of rows) {
        const line = table.locator(`tr[data-row="${row.key}"]`);
        if (row.differs) await expect(line.locator('th')).toContainText(`≠ ${words.compare.differs}`);
        else await expect(line.locator('th')).not.toContainText(words.compare.differs);
        for (const [index, cell] of row.cells.entries()) await expect(line.locator('td').nth(index), `${row.key} ${compared[index]}`).toHaveText(cellText(cell, language));
      }
      await expect(page.getByRole('link', { name: words.compare.toFavourites })).toHaveAttribute('href', href({ page: 'favourites' }, language));
      expect(elsewhere).toEqual([]);
    });
  }

  test("fr: without JavaScript the copy's comparison says what to do instead of an empty page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(href({ page: 'compare', ids: compared }, 'fr'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('main h1')).toHaveText(messages.fr.compare.title);
    await expect(page.locator('main table')).toHaveCount(0);
    // Chromium's parser reads <noscript> as text when Playwright turns scripts off, so its text is read, not its layout.
    expect(await page.locator('main noscript').textContent()).toContain(messages.fr.compare.needsScript);
    await context.close();
  });
});
