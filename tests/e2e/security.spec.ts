import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './warm-page';
import { getProperties, latestListings } from '@/lib/catalogue';
import { getEnabledLanguages } from '@/lib/config';
import { allRoutes, href } from '@/lib/pages';
import { notFoundPath } from '@/lib/pages/internal-paths';
import { messages, queryCount, sitePort } from './forms-helpers';
import { deployments } from './deployments';
import { directives, expectSecureAnswer, expectStrictPolicy, watchViolations } from './security-checks';

/*
 * The site as a hostile visitor and a security scanner see it, through the real server
 * (`next start`): security headers on every kind of answer, pages that run under their policy
 * without a single violation, unknown URLs of any shape answered 404 without writing to disk,
 * bodies bounded before they are read, no cookie on a page nobody chose a language for.
 */

const languages = getEnabledLanguages();
// The site server's build folder (deployments.ts): every port has its own, 3100 included.
const distDir = deployments(sitePort).find((deployment) => deployment.name === 'site')?.env.NEXT_DIST_DIR ?? `.next-e2e-${sitePort}`;

test.describe('security headers', () => {
  test('pages, 404s, API answers, pictures, scripts and public files all carry them', async ({ request }) => {
    const property = getProperties('nl').find((candidate) => candidate.availability === 'on-offer')!;
    const pages = [
      '/nl/',
      href({ page: 'for-sale' }, 'fr'),
      href({ page: 'property', id: property.id }, 'nl'),
      href({ page: 'login' }, 'en'),
      `${href({ page: 'for-sale' }, 'nl')}?sort=price-asc`,
      '/nl/no-such-page/',
    ];
    let script: string | undefined;
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      expectSecureAnswer(response, path);
      script ??= /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(await response.text())?.[1];
    }
    const detail = await (await request.get(href({ page: 'property', id: property.id }, 'nl'))).text();
    const picture = /(\/api\/image\/\?src=[^"\s]+)/.exec(detail)?.[1]?.replace(/&amp;/g, '&');
    expect(picture).toBeTruthy();
    const others = ['/api/search-index/nl/', '/icon.svg', '/robots.txt', '/sitemap.xml', picture!, script!];
    for (const path of others) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecureAnswer(response, path);
    }
    const api = await request.post('/api/forms/contact-me/', { headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, data: '{}' });
    expect(api.status()).toBe(403);
    expectSecureAnswer(api, 'refused form post');
  });

  test('pages may be framed by nobody, and allow no tile host when none is configured', async ({ request }) => {
    const home = await request.get('/nl/');
    const policy = directives(home.headers()['content-security-policy'] ?? '');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // The old map embed is gone: its path is an unknown page now.
    expect((await request.get('/embed/map.html')).status()).toBe(404);
  });

  test('a prerendered page lists the hashes of its inline scripts; a page rendered per request gets a fresh nonce', async ({ request }) => {
    const list = await request.get(href({ page: 'for-sale' }, 'nl'));
    const hashes = (directives(list.headers()['content-security-policy'] ?? '').get('script-src') ?? []).filter((source) => source.startsWith("'sha256-"));
    expect(hashes.length).toBeGreaterThan(0);
    const inline = [...(await list.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].length;
    expect(hashes.length).toBeGreaterThanOrEqual(Math.min(inline, 1));

    // A list with a query, asked for by a client that says nothing of its purpose: rendered
    // without a nonce (the proxy asks its own server for it) and served under its scripts' hashes.
    const sorted = await request.get(`${href({ page: 'for-sale' }, 'nl')}?sort=price-asc`);
    const sortedSources = directives(sorted.headers()['content-security-policy'] ?? '').get('script-src') ?? [];
    expect(sortedSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(sortedSources.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);

    const nonceOf = async () => {
      const response = await request.get(href({ page: 'compare', ids: [4000001, 4000002] }, 'nl'));
      const source = (directives(response.headers()['content-security-policy'] ?? '').get('script-src') ?? []).find((entry) => entry.startsWith("'nonce-"));
      const body = await response.text();
      return { source, body };
    };
    const first = await nonceOf();
    const second = await nonceOf();
    expect(first.source).toBeTruthy();
    expect(first.source).not.toBe(second.source);
    const nonce = first.source!.slice("'nonce-".length, -1);
    expect(first.body).toContain(`nonce="${nonce}"`);
  });
});

test.describe('prerendered pages', () => {
  test("a browser gets the build's own bytes with an ETag it can revalidate, and the router still gets the page's React payload", async ({ request }) => {
    const asDocument = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
    for (const language of languages) {
      // A listing of the build's prerendered share (a module's): one outside it has no build file.
      const [property] = latestListings('sale', language, 1);
      if (!property) throw new Error(`no listing for sale in ${language}`);
      for (const pagePath of [href({ page: 'home' }, language), href({ page: 'property', id: property.id }, language)]) {
        const file = path.join(distDir, 'server', 'app', `${decodeURIComponent(pagePath).replace(/^\/|\/$/g, '')}.html`);
        const response = await request.get(pagePath, { headers: asDocument });
        expect(response.status(), pagePath).toBe(200);
        expect(await response.text(), pagePath).toBe(readFileSync(file, 'utf8'));
        expectSecureAnswer(response, pagePath);
        const headers = response.headers();
        expect(headers['content-type'], pagePath).toBe('text/html; charset=utf-8');
        expect(headers['cache-control'], pagePath).toBe('s-maxage=31536000');
        expect(headers['vary'], pagePath).toMatch(/^rsc, next-router-state-tree, .*Accept-Encoding$/);
        expect(headers['content-encoding'], pagePath).toBe('gzip');
        const scripts = directives(headers['content-security-policy'] ?? '').get('script-src') ?? [];
        expect(scripts.some((source) => source.startsWith("'sha256-")) && !scripts.some((source) => source.startsWith("'nonce-")), pagePath).toBe(true);
        const etag = headers['etag'];
        expect(etag, pagePath).toMatch(/^"[\w-]{27}"$/);

        const again = await request.get(pagePath, { headers: { ...asDocument, 'if-none-match': `"stale", ${etag}` } });
        expect(again.status(), pagePath).toBe(304);
        expect(await again.text(), pagePath).toBe('');
        expect(again.headers()['etag'], pagePath).toBe(etag);

        const payload = await request.get(pagePath, { headers: { rsc: '1', 'sec-fetch-dest': 'empty', accept: '*/*' } });
        expect(payload.status(), pagePath).toBe(200);
        expect(payload.headers()['content-type'], pagePath).toMatch(/^text\/x-component/);
      }
    }
  });
});

test.describe('pages run under their policy', () => {
  for (const language of languages) {
    test(`${language}: home, lists, a listing, a form page, login, a filtered list and a 404 report no violation`, async ({ page }) => {
      test.setTimeout(90_000);
      const violations = await watchViolations(page);
      // A listing of the build's prerendered share (a module's): one outside it has no build file.
      const [property] = latestListings('sale', language, 1);
      if (!property) throw new Error(`no listing for sale in ${language}`);
      const paths = [
        href({ page: 'home' }, language),
        href({ page: 'for-rent' }, language),
        href({ page: 'property', id: property.id }, language),
        href({ page: 'menu', id: 'contact' }, language),
        href({ page: 'login' }, language),
        `${href({ page: 'for-sale' }, language)}?sort=price-desc`,
        `/${language}/no-such-page/`,
      ];
      for (const path of paths) {
        await page.goto(path);
        // The consent dialog is drawn by the page's scripts: it shows only if they were allowed to run.
        await expect(page.getByRole('dialog', { name: messages[language].consent.title }), path).toBeVisible();
      }
      expect(await violations()).toEqual([]);
    });
  }
});

test.describe('unknown URLs', () => {
  const shapes = ['/nl/anything.y', '/nl/%ff/', '/nl/%C0%AE%C0%AE/', '/fr/a-vendre/x.json', `/en/${'segment-'.repeat(200)}/`, '/nl/..%2f..%2fetc/passwd'];
  for (const shape of shapes) {
    test(`${shape.slice(0, 40)} answers the localised 404`, async ({ request }) => {
      // Next.js may first add the trailing slash (308); the answer at the end is the 404.
      const response = await request.get(shape);
      expect(response.status()).toBe(404);
      const language = shape.split('/')[1] as 'nl' | 'fr' | 'en';
      expect(await response.text()).toContain(messages[language].notFound.title.replace(/'/g, '&#x27;'));
      expectSecureAnswer(response, shape);
    });
  }

  test('a path outside any language goes under the visitor language, then 404', async ({ request }) => {
    const response = await request.get('/wp-login.php', { maxRedirects: 0, headers: { 'Accept-Language': 'fr' } });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toMatch(/\/fr\/wp-login\.php$/);
    expect((await request.get('/wp-login.php', { headers: { 'Accept-Language': 'fr' } })).status()).toBe(404);
  });

  test('200 unknown URLs of every shape write nothing to the build folder', async ({ request }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const since = path.join(tmpdir(), `agency-since-${run}`);
    writeFileSync(since, '');
    for (let index = 0; index < 200; index += 1) {
      // Unknown listing IDs too: a listing outside the build's share renders on demand, an unknown one never.
      // And missing files of the folders the proxy does not see, which once reached the pages as a language.
      const url = [
        `/nl/x-${run}-${index}.y`,
        `/fr/a-vendre/${run}-${index}.json`,
        `/en/${run}/${index}/deep/`,
        `/nl/%C0%AE-${run}-${index}/`,
        `/nl/te-koop/bergen/huis/${9_000_000 + index}/`,
        `/fr/a-louer/mons/${run}/${index}/`,
        `/images/${run}/${index}/`,
        `/catalogue/${run}/${index}.webp`,
        `/_next/${run}/${index}/`,
        `/api/${run}/${index}/`,
      ][index % 10]!;
      expect((await request.get(url)).status(), url).toBe(404);
    }
    // Next.js copies a prerendered answer into the build folder the first time it serves it
    // (server/route-cache/…/$/{page}.html, .rsc, .meta, .segments, .body): real pages, the
    // localised not-found pages these URLs are answered with, and the fixed routes that other
    // tests ask for meanwhile. Those are the only files allowed; none is named after a request.
    const fixed = ['_not-found', 'robots.txt', 'sitemap.xml', 'icon.svg', ...languages.flatMap((language) => [`api/search-index/${language}`, `api/favourites-index/${language}`])];
    const notFound = languages.flatMap((language) => [notFoundPath(language), notFoundPath(language, 'property')]);
    const pages = new Set([
      ...fixed,
      ...[...notFound, ...languages.flatMap((language) => allRoutes(language).map((route) => href(route, language).split('?')[0]!))].map((page) => decodeURIComponent(page).replace(/^\/|\/$/g, '')),
    ]);
    const written = execFileSync('find', [distDir, '-type', 'f', '-newer', since], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const unexpected = written.filter((file) => {
      const cached = /\/route-cache\/[^/]+\/[^/]+\/\$\/(.+?)(?:\.(?:html|rsc|meta|body)|\.segments\/.*)$/.exec(file);
      return !cached || !pages.has(cached[1]!);
    });
    rmSync(since);
    expect(unexpected).toEqual([]);
  });
});

test.describe('odd links and query values', () => {
  const long = 'x'.repeat(4000);
  // Forged, malformed or oversized document links: refused with a short page, never a file, never a 500.
  const documentLinks = [
    '/api/documents/4000001/900011/',
    '/api/documents/abc/900011/?lang=nl&expires=1&signature=' + 'a'.repeat(43),
    '/api/documents/4000001/900011/?lang=xx&expires=99999999999&signature=' + 'a'.repeat(43),
    '/api/documents/4000001/900011/?lang=nl&expires=99999999999999999999&signature=' + 'a'.repeat(43),
    '/api/documents/4000001/900011/?lang=nl&expires=99999999999&signature=' + 'a'.repeat(43),
    `/api/documents/4000001/900011/?lang=fr&expires=99999999999&signature=${long}`,
    '/api/documents/4000001/..%2f..%2fpackage.json/?lang=nl&expires=99999999999&signature=' + 'a'.repeat(43),
    '/api/documents/99999999999999/1/?lang=en&expires=1&signature=' + 'a'.repeat(43),
  ];
  for (const link of documentLinks) {
    test(`document link ${link.slice(15, 75)} is refused without a file`, async ({ request }) => {
      // A last segment that looks like a file name first loses its trailing slash (308).
      const response = await request.get(link);
      expect([403, 404, 410], link).toContain(response.status());
      expect(response.headers()['content-type']).not.toContain('pdf');
      expect(await response.text()).not.toContain('%PDF');
      expectSecureAnswer(response, link);
    });
  }

  test('a spam-check challenge exists only for the forms that have one', async ({ request }) => {
    for (const form of ['unknown', '%00', long.slice(0, 1500), '..%2f..%2fpackage.json', 'newsletter%20']) {
      const response = await request.get(`/api/altcha/${form}/`, { maxRedirects: 0 });
      expect([404, 308], form.slice(0, 40)).toContain(response.status());
      if (response.status() === 404) expect(await response.text()).not.toContain('challenge');
    }
  });

  test('an odd draft or status value shows the normal page', async ({ request }) => {
    const pages = [href({ page: 'for-sale' }, 'nl'), href({ page: 'for-rent' }, 'fr'), href({ page: 'property', id: getProperties('en')[0]!.id }, 'en')];
    for (const path of pages) {
      for (const query of [`draft=${long}`, 'draft=../../etc/passwd', 'draft=AAAAAAAAAAAAAAA%00', `status=${long}`, 'status=references&status=%3Cscript%3Exss-probe', 'draft[]=1&status[]=2']) {
        const response = await request.get(`${path}?${query}`);
        expect(response.status(), `${path}?${query.slice(0, 40)}`).toBe(200);
        expect(await response.text()).not.toContain('<script>xss-probe');
      }
    }
  });
});

test.describe('odd list filters, map pins and searcher notices', () => {
  const long = '9'.repeat(3000);
  const oddFilters = [
    'min-price=abc&max-price=-5&bedrooms=1e400&surface=NaN&epc=z',
    `min-price=${long}&epc=${'a'.repeat(500)}`,
    'bbox=1,2,3&page=-1',
    'bbox=999,999,-999,-999&city=%00&type=..%2f..',
    'bbox=4.1234567,50.1,4.2,50.2&bedrooms=2&bedrooms=3&epc=c&epc=%3Cscript%3Exss-probe',
    'sort=%3Cscript%3Exss-probe&city=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  ];

  test('an odd or forged filter value shows the list as if it were absent, never a 500 or an echo', async ({ request }) => {
    for (const [goal, language] of [
      ['for-sale', 'nl'],
      ['for-rent', 'fr'],
    ] as const) {
      const path = href({ page: goal }, language);
      for (const query of oddFilters) {
        const response = await request.get(`${path}?${query}`);
        expect(response.status(), `${path}?${query.slice(0, 60)}`).toBe(200);
        const html = await response.text();
        expect(html).not.toContain('<script>xss-probe');
        expect(html).not.toContain('<img src=x');
      }
    }
  });

  test('the map pins answer odd queries with 400 or pins of a bounded query, and an unknown language with 404', async ({ request }) => {
    for (const query of ['', 'goal=buy', `goal=sale&${'city=x&'.repeat(400)}`, ...oddFilters.map((filters) => `goal=sale&${filters}`)]) {
      const response = await request.get(`/api/list-pins/en/?${query}`);
      expect([200, 400], query.slice(0, 60)).toContain(response.status());
      const body: unknown = await response.json();
      expect(typeof body === 'object' && body !== null, query.slice(0, 60)).toBe(true);
      expect(JSON.stringify(body)).not.toContain('xss-probe');
    }
    expect((await request.get('/api/list-pins/xx/?goal=sale')).status()).toBe(404);
    expect((await request.get('/api/list-pins/%2e%2e/?goal=sale')).status()).toBe(404);
  });

  test("a forged searcher notice or error list shows nobody's data and no echo", async ({ request }) => {
    for (const query of [`notice=${long}`, 'search=00000000-0000-4000-8000-000000000000&errors=priceMax:priceRange', `search=../../x&errors=${'a:b,'.repeat(500)}`, 'errors=%3Cscript%3Exss-probe:x']) {
      const response = await request.get(`${href({ page: 'searcher' }, 'en')}?${query}`, { maxRedirects: 0 });
      // Not signed in: the searcher's space sends the visitor to sign in.
      expect([200, 303, 307], query.slice(0, 60)).toContain(response.status());
      expect(await response.text()).not.toContain('<script>xss-probe');
    }
  });
});

test.describe('bodies and forged requests', () => {
  test('a 10 MB beacon is refused without being read; a 60 kB post of 15,000 repeated names is refused as too large', async ({ request }) => {
    const beacon = await request.post('/api/visits/', { headers: { 'content-type': 'text/plain' }, data: Buffer.alloc(10 * 1024 * 1024, 0x61) });
    expect(beacon.status()).toBe(413);
    const before = await queryCount('SELECT COUNT(*) AS n FROM requests');
    const repeated = await request.post('/api/forms/contact-me/', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: Array.from({ length: 15_000 }, () => 'a=1').join('&'),
    });
    expect(repeated.status()).toBe(413);
    expect((await repeated.json()).message).toBe(messages.nl.forms.status.tooLarge);
    expect(await queryCount('SELECT COUNT(*) AS n FROM requests')).toBe(before);
  });

  test('a server action posted from another site is refused with 403, not 500', async ({ request }) => {
    const response = await request.post(href({ page: 'login' }, 'nl'), {
      headers: { 'next-action': '0123456789abcdef0123456789abcdef01234567', origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
      data: '[]',
    });
    expect(response.status()).toBe(403);
  });
});

test.describe('cookies', () => {
  test('a prerendered page sets no cookie; choosing a language does, and lands on the clean URL', async ({ request }) => {
    const page = await request.get(href({ page: 'for-sale' }, 'fr'), { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(page.headers()['set-cookie']).toBeUndefined();
    const chosen = await request.get(`${href({ page: 'for-sale' }, 'fr')}?lng=fr`, { maxRedirects: 0 });
    expect(chosen.status()).toBe(307);
    expect(chosen.headers().location).toMatch(/\/fr\/a-vendre\/$/);
    expect(chosen.headers()['set-cookie']).toMatch(/NEXT_LOCALE=fr;.*Max-Age=31536000/i);
  });

  test('the language switcher remembers the choice for the next visit to /', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'nl-BE' });
    const page = await context.newPage();
    await page.goto(href({ page: 'for-sale' }, 'nl'));
    await page.getByRole('dialog').getByRole('button', { name: messages.nl.consent.decline, exact: true }).click();
    await page.locator('nav a[hreflang="en"]').first().click();
    await expect(page).toHaveURL(/\/en\/for-sale\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await context.close();
  });
});

test('policies name no script host when no analytics ID is configured', async ({ request }) => {
  const response = await request.get('/nl/');
  expectStrictPolicy(response.headers()['content-security-policy'], '/nl/');
  const scripts = directives(response.headers()['content-security-policy'] ?? '').get('script-src') ?? [];
  expect(scripts.filter((source) => source.startsWith('http'))).toEqual([]);
});
