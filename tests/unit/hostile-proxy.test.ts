import { describe, expect, it } from 'vitest';
import { hostileStrings, resolveNextServer, seededRandom, type Random } from './hostile-payloads';

/*
 * Issue 12, "a hostile-input suite that stays", for the proxy: 1,500 seeded URLs of every shape an
 * unknown or hostile visitor sends (dots, encodings, overlong UTF-8, `..`, doubled slashes, paths
 * up to 8 kB, unicode, garbage queries, unknown and disabled languages) through proxy.ts itself,
 * called in-process. Each answer must be a pass-through, a same-site redirect that ends, or a 404
 * served by the localised not-found page, and carry a policy that lets no inline script run.
 *
 * The real next-intl middleware runs here too (see resolveNextServer).
 */
resolveNextServer();

const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { getEnabledLanguages, isSupportedLanguage } = await import('@/lib/config');
const { allPathSegments } = await import('@/lib/pages/check-path');
const { notFoundPath, propertyNotFoundSegments } = await import('@/lib/pages/internal-paths');
const { prerenderedAnswer } = await import('@/lib/security/prerendered-answers');
const { systemSlugs } = await import('@/lib/config/system-slugs');

const origin = 'http://localhost:3000';
const boundMs = 2_000;
const urlCount = 1_500;
const enabled = getEnabledLanguages();

/** Real path segments of every enabled language, so that generated URLs also reach real pages. */
const realPaths = enabled.flatMap((language) => allPathSegments(language).map((segments) => [language, ...segments]));
const realSegments = [...new Set(realPaths.flat())];
/** The pages rendered per request, whose query strings the proxy hands on (lists, newsletter confirmation). */
const perRequestPaths = enabled.flatMap((language) => (['for-sale', 'for-rent', 'newsletter-confirm'] as const).map((page) => [language, systemSlugs[page][language]]));

const hostileSegments: readonly string[] = [
  '..',
  '.',
  '...',
  '%2e%2e',
  '%2E',
  '.%2e',
  '%252e%252e',
  '%ff',
  '%FF%FE',
  '%C0%AE',
  '%C0%AE%C0%AE',
  '%E0%80%AE',
  '%ED%A0%80',
  '%00',
  'a%00b',
  '%2F',
  '%5C',
  '%',
  '%%',
  '%g1',
  '%u002e',
  'anything.y',
  'index.html',
  '.env',
  '.git',
  'wp-login.php',
  'favicon.ico',
  'robots.txt.bak',
  ';jsessionid=1',
  '@evil.example',
  'evil.example',
  'café',
  'caf%C3%A9',
  'CAF%C3%89',
  '%E2%80%AE',
  '%F0%9F%99%82',
  '🙂',
  '404',
  'property',
  'owner-portal',
  'list-results',
  'newsletter-confirmation',
  '_next',
  'api',
  'maps',
  '4000001',
  '-1',
  '0',
  '1e3',
  'NaN',
  '9'.repeat(30),
  'TE-KOOP',
  'Te-Koop',
  ' ',
  '%20',
  '+',
  'a'.repeat(300),
];

const languagePrefixes: readonly string[] = [...enabled, ...enabled, ...enabled, 'de', 'de', 'xx', 'NL', 'Fr', 'nl-BE', '%6El', 'n%00l', 'en%2F', '', '..', 'DE', 'zz-ZZ'];

const queryKeys: readonly string[] = ['lng', 'lng', 'city', 'type', 'page', 'sort', 'token', 'id', 'utm_source', 'goal', 'price', '__proto__', ''];
const queryValues: readonly string[] = [
  'de',
  'fr',
  'nl',
  'en',
  'xx',
  '',
  '%ff',
  '%C0%AE',
  '%E0%A4%A',
  '%',
  '../../etc/passwd',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '-1',
  '0',
  '1e309',
  '0x10',
  'NaN',
  '999999999999999999999',
  '[]',
  '{}',
  'Mons|7000',
  'mons',
  'price-desc',
  '%F0%9F%99%82',
  'a'.repeat(2_000),
];

function randomQuery(random: Random): string {
  if (random.chance(0.5)) return '';
  const roll = random.float();
  if (roll < 0.05) return random.pick(['?', '?&&&', '?=', '?lng', '?lng=', '?%ff', '?a=%ff&=&&b']);
  const pairs = Array.from({ length: 1 + random.int(4) }, () => {
    const key = random.pick(queryKeys);
    const value = random.chance(0.1)
      ? encodeURIComponent(
          random
            .pick(hostileStrings)
            .slice(0, 500)
            .replace(/[\ud800-\udfff]/g, ''),
        )
      : random.pick(queryValues);
    return `${key}=${value}`;
  });
  return `?${pairs.join('&')}`;
}

type Generated = { url: string; headers: Record<string, string>; label: string };

function randomUrl(seed: number): Generated {
  const random = seededRandom(seed);
  let segments: string[];
  const roll = random.float();
  if (roll < 0.1) {
    // A real page as linked, with a query (the list filters, a confirmation token, a language).
    segments = [...random.pick(random.chance(0.5) ? perRequestPaths : realPaths)];
  } else if (roll < 0.35) {
    // A real page, with one segment swapped, added or spelled otherwise.
    segments = [...random.pick(realPaths)];
    const at = 1 + random.int(Math.max(1, segments.length));
    const change = random.float();
    if (change < 0.4) segments.splice(at, 0, random.pick(hostileSegments));
    else if (change < 0.6) segments[Math.min(at, segments.length - 1)] = random.pick(hostileSegments);
    else if (change < 0.75) segments = segments.map((segment) => (random.chance(0.3) ? encodeURIComponent(segment).replace(/-/g, '%2D') : segment));
    else if (change < 0.85) segments = segments.map((segment) => (random.chance(0.5) ? segment.toUpperCase() : segment));
  } else if (roll < 0.45) {
    // A very long path, up to 8 kB.
    const length = 1_000 + random.int(7_000);
    segments = [random.pick(languagePrefixes)];
    while (segments.join('/').length < length) segments.push(random.pick([...hostileSegments, ...realSegments]));
  } else {
    segments = [random.pick(languagePrefixes), ...Array.from({ length: random.int(5) }, () => random.pick(random.chance(0.6) ? hostileSegments : realSegments))];
  }
  const separator = random.chance(0.1) ? '//' : '/';
  const trailing = random.chance(0.6) ? '/' : '';
  const path = `/${segments.filter((segment, index) => index === 0 || segment !== '').join(separator)}${trailing}`.replace(/^\/\/+/, random.chance(0.5) ? '/' : '//');
  const headers: Record<string, string> = {};
  if (random.chance(0.3)) headers['accept-language'] = random.pick(['', 'de', 'de-DE,de;q=0.9', 'xx;q=abc', 'fr-BE', `${'fr,'.repeat(500)}en`, '*', 'en;q=2']);
  if (random.chance(0.2)) headers.cookie = random.pick(['NEXT_LOCALE=de', 'NEXT_LOCALE=xx', 'NEXT_LOCALE=%ff', 'NEXT_LOCALE=', 'NEXT_LOCALE=fr', '=;;;', `NEXT_LOCALE=${'e'.repeat(4_000)}`]);
  if (random.chance(0.05)) {
    headers['next-action'] = 'abc123';
    if (random.chance(0.5)) headers.origin = 'https://evil.example';
  }
  // Half load the URL as a browser's document: those of a prerendered page the proxy answers itself.
  if (random.chance(0.5)) Object.assign(headers, asDocument);
  const url = `${origin}${path}${roll < 0.1 ? randomQuery(random) || '?city=mons' : randomQuery(random)}`;
  return { url, headers, label: `#${seed} ${url.length > 160 ? `${url.slice(0, 160)}… (${url.length} chars)` : url}` };
}

/** URLs of the issue and the edges, checked on top of the random ones. */
const fixedUrls: readonly string[] = [
  '/nl/anything.y',
  '/nl/anything.y/',
  '/fr/a-vendre/x.php',
  '/nl/%ff/',
  '/nl/%C0%AE%C0%AE/',
  '/nl/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
  '/nl/..%2f..%2fetc%2fpasswd',
  '/%ff',
  '/%C0%AE',
  '/de/',
  '/de/zu-verkaufen/',
  '/xx/',
  '/nl//te-koop//',
  `/nl/${'a'.repeat(8_000)}/`,
  `/nl/${'%C3%A9'.repeat(1_300)}/`,
  `/${'../'.repeat(2_500)}`,
  '/nl/te-koop/?lng=de',
  '/nl/te-koop/?lng=xx',
  '/nl/te-koop/?lng=fr&lng=en',
  '/nl/te-koop/?city=%ff',
  '/nl/te-koop/?type=%C0%AE',
  '/nl/te-koop/?page=-1&sort=%3Cscript%3E',
  '/fr/a-louer/?city=Mons%7C7000&type=999999999999999999999',
  '/en/confirm-newsletter/?token=%ff',
  '/nl/404/',
  '/nl/404/property/',
  '/nl/owner-portal/',
  '/nl/list-results/sale/',
  '/nl/newsletter-confirmation/',
  '/property/-1',
  '/property/%ff',
  '/project?id=%ff',
  '/for-sale?lng=%ff',
];

type Checked = { problem?: string; status: number; ms: number; location?: string };

const asDocument: Record<string, string> = { accept: 'text/html', 'sec-fetch-dest': 'document' };
let sentByProxy = 0;

const scriptSource = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '));

/** The not-found pages the build prerendered: a 404 the proxy writes itself must be one of them. */
const builtNotFound = (await Promise.all(enabled.map((language) => prerenderedAnswer(notFoundPath(language))))).filter((page) => page !== undefined);

async function check(url: string, headers: Record<string, string>): Promise<Checked> {
  const started = performance.now();
  let response: Awaited<ReturnType<typeof proxy>>;
  try {
    response = await proxy(new NextRequest(url, { headers }));
  } catch (error) {
    return { problem: `threw ${String(error).slice(0, 200)}`, status: 0, ms: performance.now() - started };
  }
  // A browser's request for a prerendered page is answered by the proxy with the build's file.
  const sentItself = response.status === 200 && !response.headers.has('x-middleware-rewrite') && response.headers.get('x-middleware-next') !== '1';
  const body = sentItself ? await response.text() : undefined;
  if (body !== undefined) sentByProxy += 1;
  const ms = performance.now() - started;
  const built = body !== undefined ? (await prerenderedAnswer(new URL(url).pathname))?.body.toString() : undefined;
  const status = response.status;
  const problem = (() => {
    if (ms > boundMs) return `took ${Math.round(ms)} ms`;
    const policy = response.headers.get('content-security-policy');
    if (!policy || !/(^|;\s*)default-src /.test(policy)) return `no content-security-policy: ${String(policy)}`;
    const scripts = scriptSource(policy);
    if (scripts && /'unsafe-inline'|'unsafe-eval'/.test(scripts)) return `script-src allows inline or eval: ${scripts}`;
    if (status === 307 || status === 308) {
      const location = response.headers.get('location');
      if (!location) return `${status} without a location`;
      const target = new URL(location, url);
      if (target.origin !== origin) return `redirects off-site to ${location}`;
      if (target.href === url) return `redirects to itself`;
      return undefined;
    }
    if (status === 404) {
      const rewrite = response.headers.get('x-middleware-rewrite');
      if (rewrite) {
        const target = new URL(rewrite);
        const [language, ...rest] = target.pathname.split('/').filter(Boolean);
        const notFound = rest.join('/') === '404' || rest.join('/') === propertyNotFoundSegments.join('/');
        if (target.origin !== origin || !isSupportedLanguage(language) || !enabled.includes(language) || !notFound) return `404 rewritten to ${rewrite}`;
        return undefined;
      }
      const type = response.headers.get('content-type') ?? '';
      // Without a build (a fresh clone's unit run) there is no prerendered page to send.
      if (builtNotFound.length > 0 && !type.startsWith('text/html')) return `404 answered with ${type}, not the not-found page`;
      return undefined;
    }
    if (status === 200) {
      const rewrite = response.headers.get('x-middleware-rewrite');
      if (rewrite && new URL(rewrite).origin !== origin) return `rewritten off-site to ${rewrite}`;
      if (body !== undefined) {
        const pathname = new URL(url).pathname;
        if (body !== built) return `a 200 with a body that is not the prerendered page ${pathname}`;
        if (!response.headers.get('etag')) return 'a prerendered page without its ETag';
        return undefined;
      }
      if (!rewrite && response.headers.get('x-middleware-next') !== '1') return 'a 200 that is neither a pass-through nor a rewrite';
      return undefined;
    }
    if (status === 403 && 'next-action' in headers) return undefined;
    // One client's list renders past its limit (issue 35): refused, with the time to wait.
    if (status === 429) return Number(response.headers.get('retry-after')) > 0 ? undefined : '429 without Retry-After';
    if (status === 400) return undefined;
    return `unexpected status ${status}`;
  })();
  return { problem, status, ms, location: status === 307 || status === 308 ? (response.headers.get('location') ?? undefined) : undefined };
}

/** Follows redirects as a browser would (cookies aside): every chain must end within a few hops. */
async function follow(url: string, headers: Record<string, string>): Promise<Checked & { hops: number }> {
  let current = url;
  const seen = new Set<string>();
  for (let hops = 0; hops < 6; hops += 1) {
    const result = await check(current, headers);
    if (result.problem || !result.location) return { ...result, hops };
    seen.add(current);
    current = new URL(result.location, current).href;
    if (seen.has(current)) return { ...result, hops, problem: `redirect loop through ${current}` };
  }
  return { problem: 'more than 5 redirects', status: 0, ms: 0, hops: 6 };
}

describe('the proxy, under 1,500 generated URLs', () => {
  it('never throws, answers a pass-through, a same-site redirect that ends, or the not-found page, with a strict script policy', { timeout: 120_000 }, async () => {
    const cases: Generated[] = [
      ...fixedUrls.flatMap((path) => [{}, asDocument].map((headers) => ({ url: `${origin}${path}`, headers, label: `fixed ${path.length > 160 ? `${path.slice(0, 160)}…` : path}` }))),
      // Real pages, asked for as a browser's document: the prerendered ones are sent by the proxy.
      ...realPaths.slice(0, 60).map((segments) => ({ url: `${origin}/${segments.join('/')}/`, headers: asDocument, label: `real /${segments.join('/')}/` })),
      ...Array.from({ length: urlCount }, (_, index) => randomUrl(index + 1)),
    ];
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let worst = { ms: 0, label: '-' };
    for (const generated of cases) {
      const result = await follow(generated.url, generated.headers);
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      if (result.ms > worst.ms) worst = { ms: result.ms, label: generated.label };
      if (result.problem) problems.push(`${generated.label} ${JSON.stringify(generated.headers).slice(0, 120)}: ${result.problem}`);
    }
    console.log(
      `hostile proxy URLs: ${cases.length}; worst ${worst.ms.toFixed(1)} ms (${worst.label}); final statuses ${JSON.stringify(statuses)}; ${sentByProxy} prerendered pages sent by the proxy`,
    );
    expect(problems.slice(0, 25), `${problems.length} problems`).toEqual([]);
  });

  it('answers 404 with the localised not-found page for URLs of every shape the issue names', async () => {
    for (const path of ['/nl/anything.y', '/fr/a-vendre/x.php', '/en/.env', `/nl/${'a'.repeat(8_000)}/`, '/nl/%C3%A9t%C3%A9/', '/nl/te-koop/x.y/', '/nl/%2e%2e%2e/']) {
      const response = await proxy(new NextRequest(`${origin}${path}`));
      expect({ path: path.slice(0, 40), status: response.status }).toEqual({ path: path.slice(0, 40), status: 404 });
      expect(response.headers.get('x-middleware-rewrite')).toMatch(/^http:\/\/localhost:3000\/(nl|fr|en)\/404\/$/);
    }
    for (const path of ['/nl/%ff/', '/nl/%C0%AE%C0%AE/', '/fr/%ED%A0%80']) {
      const response = await proxy(new NextRequest(`${origin}${path}`));
      expect([400, 404]).toContain(response.status);
    }
  });

  it('answers a malformed %-escape in the query of a page rendered per request without an exception', async () => {
    // Found by this suite: the list and confirmation pages pass their query string to the policy's
    // file lookup (lib/security/inline-scripts.ts prerenderedFile), whose decodeURIComponent throws.
    for (const path of ['/nl/te-koop/?city=%ff', '/fr/a-louer/?type=%C0%AE', '/en/for-sale/?page=%E0%A4%A', '/en/confirm-newsletter/?token=%ff']) {
      let status: number | string;
      try {
        status = (await proxy(new NextRequest(`${origin}${path}`))).status;
      } catch (error) {
        status = `threw ${String(error)}`;
      }
      // The page may ignore the broken parameter (200, or 308 to the query without it) or refuse it (400, 404); it may not throw (a 500).
      expect({ path, answered: typeof status === 'number' && [200, 308, 400, 404].includes(status) ? 'ok' : status }).toEqual({ path, answered: 'ok' });
    }
  });
});
