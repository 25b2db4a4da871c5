import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 35, finding 5: each new ?min-price= value was a new URL that the server rendered (3.3
 * requests/s against 46.1 for a prerendered page), and nothing limited one client. Through
 * proxy.ts itself, with a stand-in for the server's own origin (the proxy's self-fetch of
 * lib/security/shared-answers.ts) that counts the renders it is asked for and sends each marked
 * request back through the proxy, as `next start` does. A render is either such a self-fetch or
 * the proxy's rewrite to the internal list route (a request that is no browser's document).
 */
resolveNextServer();

const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { figureSteps, parseListParams } = await import('@/lib/catalogue/list-query');
const { getListPage } = await import('@/lib/catalogue/list-page');

const origin = 'http://localhost:3000';
const asDocument = { accept: 'text/html', 'sec-fetch-dest': 'document' };
const from = (address: string, headers: Record<string, string> = asDocument) => ({ ...headers, 'x-forwarded-for': address });

let selfFetches = 0;
/** While set, the stand-in server holds its answers until the test releases them (a render under way). */
let hold: Promise<void> | undefined;
/** Resolves once the stand-in server has received so many self-fetches. */
const selfFetchWaiters: { count: number; resolve: () => void }[] = [];
/** What the proxy answered the self-fetches: each must be the rewrite to the internal route, never a refusal. */
const selfFetchAnswers: string[] = [];
/** The path and router headers of each request the stand-in server received. */
const selfRequests: { url: string; rsc: string | undefined; tree: string | undefined }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    selfFetches += 1;
    selfRequests.push({ url: request.url ?? '', rsc: request.headers.rsc?.toString(), tree: request.headers['next-router-state-tree']?.toString() });
    for (const waiter of selfFetchWaiters.filter((candidate) => selfFetches >= candidate.count)) waiter.resolve();
    void (async () => {
      await hold;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers satisfies IncomingHttpHeaders)) if (typeof value === 'string') headers[name] = value;
      const answer = await proxy(new NextRequest(`${origin}${request.url ?? '/'}`, { headers }));
      const rewrite = answer.headers.get('x-middleware-rewrite') ?? '';
      selfFetchAnswers.push(answer.status === 200 && rewrite.includes('/list-results/') ? 'rewrite' : `${answer.status} ${rewrite}`);
      // Next.js tells the router where it rewrote a payload request to, in a relative header.
      const routerRewrite = request.headers.rsc ? { 'x-middleware-rewrite': '/en/list-results/sale/' } : {};
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...routerRewrite }).end(`<!DOCTYPE html><html><body>${request.url ?? ''}</body></html>`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.__NEXT_PRIVATE_ORIGIN = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  delete process.env.__NEXT_PRIVATE_ORIGIN;
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A clock standing at the start of a minute: the limits shared through the database count in
 * windows aligned on the minute, which a test running across one would see as two.
 */
function clockAtWindowStart(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
}

type Answer = { status: number; path: string; rendered: boolean; retryAfter: string | null; body: string; type: string };

/** One request through the proxy, its redirects followed as a browser would; `rendered` when it cost a render. */
async function load(path: string, headers: Record<string, string>): Promise<Answer> {
  let current = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const before = selfFetches;
    const response = await proxy(new NextRequest(`${origin}${current}`, { headers }));
    const location = response.headers.get('location');
    if ((response.status === 307 || response.status === 308) && location) {
      const target = new URL(location, `${origin}${current}`);
      current = `${target.pathname}${target.search}`;
      continue;
    }
    const rewrite = response.headers.get('x-middleware-rewrite') ?? '';
    return {
      status: response.status,
      path: current,
      rendered: selfFetches > before || rewrite.includes('/list-results/'),
      retryAfter: response.headers.get('retry-after'),
      body: response.headers.get('content-type')?.startsWith('text/html') ? await response.text() : '',
      type: response.headers.get('content-type') ?? '',
    };
  }
  throw new Error(`more than 5 redirects from ${path}`);
}

/** Where a URL redirects to (its path and query), or its status when it does not. */
async function redirectOf(path: string): Promise<string> {
  const response = await proxy(new NextRequest(`${origin}${path}`, { headers: from('192.0.2.50') }));
  const location = response.headers.get('location');
  if (response.status !== 308 || !location) return `answers ${response.status}`;
  const target = new URL(location, origin);
  return `${target.pathname}${target.search}`;
}

/** Distinct queries of the list's own choices: min-price, max-price and bedrooms steps combined. */
function canonicalQueries(count: number): string[] {
  const steps = figureSteps.price.sale;
  const queries: string[] = [];
  for (const min of steps) for (const max of steps) for (const bedrooms of figureSteps.bedrooms) queries.push(`?min-price=${min}&max-price=${max}&bedrooms=${bedrooms}`);
  return queries.slice(0, count);
}

describe('list renders per client (issue 35, finding 5)', () => {
  it('answers a query value that is none of the filter choices with a permanent redirect to the canonical one, before any render', async () => {
    const lastPage = getListPage('en', 'sale', parseListParams(new URLSearchParams())).result.pages;
    expect(lastPage).toBeGreaterThan(1);
    const cases: Record<string, string> = {
      '/en/for-sale/?min-price=123456': '/en/for-sale/?min-price=100000',
      '/en/for-sale/?min-price=130000': '/en/for-sale/?min-price=150000',
      '/en/for-sale/?min-price=5000000': '/en/for-sale/?min-price=1000000',
      // Above any search anyone makes: ignored, as before.
      '/en/for-sale/?min-price=999999999': '/en/for-sale/',
      '/en/for-rent/?max-price=1100': '/en/for-rent/?max-price=1000',
      '/en/for-sale/?bedrooms=9': '/en/for-sale/?bedrooms=5',
      '/en/for-sale/?surface=80': '/en/for-sale/?surface=75',
      '/en/for-sale/?type=999999': '/en/for-sale/',
      '/en/for-sale/?city=Nowhere%7C9999': '/en/for-sale/',
      '/en/for-sale/?page=999': `/en/for-sale/?page=${lastPage}`,
      '/en/for-sale/?page=1': '/en/for-sale/',
      '/en/for-sale/?sort=newest': '/en/for-sale/',
      '/en/for-sale/?bedrooms=2&bedrooms=3': '/en/for-sale/?bedrooms=2',
      '/en/for-sale/?bedrooms=3&utm_source=mail': '/en/for-sale/?bedrooms=3',
      '/en/for-sale/?sort=price-asc&bedrooms=3': '/en/for-sale/?bedrooms=3&sort=price-asc',
      '/nl/te-koop/?city=mons': '/nl/te-koop/?city=Bergen%7C7000',
      // The canonical queries themselves are answered, not redirected.
      '/en/for-sale/?min-price=100000': 'answers 200',
      '/nl/te-koop/?city=Bergen%7C7000&type=3': 'answers 200',
      '/fr/a-louer/?max-price=1000&sort=price-desc': 'answers 200',
    };
    const answers: Record<string, string> = {};
    for (const path of Object.keys(cases)) answers[path] = await redirectOf(path);
    expect(answers).toEqual(cases);
  });

  it('renders 200 new min-price values from one client at most once per filter choice', async () => {
    const before = selfFetches;
    const answers: Answer[] = [];
    for (let index = 0; index < 200; index += 1) answers.push(await load(`/en/for-sale/?min-price=${100_001 + index * 4_567}`, from('203.0.113.7')));
    const renders = answers.filter((answer) => answer.rendered).length;
    expect({ renders, selfFetches: selfFetches - before, statuses: [...new Set(answers.map((answer) => answer.status))] }).toEqual({
      renders: expect.any(Number),
      selfFetches: renders,
      statuses: [200],
    });
    expect(renders).toBeLessThanOrEqual(figureSteps.price.sale.length);
    expect(new Set(answers.map((answer) => answer.path)).size).toBeLessThanOrEqual(figureSteps.price.sale.length);
  });

  it('limits the renders of one client to LIST_RENDER_LIMIT a minute: past it a localized 429 with Retry-After; kept answers and other clients stay served', async () => {
    clockAtWindowStart();
    const client = from('198.51.100.23');
    const answers: Answer[] = [];
    for (const query of canonicalQueries(200)) answers.push(await load(`/en/for-sale/${query}`, client));
    const rendered = answers.filter((answer) => answer.rendered);
    const refused = answers.filter((answer) => answer.status === 429);
    expect({ renders: rendered.length, refused: refused.length }).toEqual({ renders: 30, refused: 170 });
    expect(refused.every((answer) => !answer.rendered && Number(answer.retryAfter) > 0 && Number(answer.retryAfter) <= 60)).toBe(true);
    const page = refused[0];
    expect(page?.type).toMatch(/^text\/html/);
    expect(page?.body).toContain('<html lang="en"');
    expect(page?.body).toContain('href="/en/for-sale/"');
    const french = await load(`/fr/a-vendre/${canonicalQueries(1)[0] ?? ''}&sort=price-asc`, client);
    expect(french.status).toBe(429);
    expect(french.body).toContain('href="/fr/a-vendre/"');

    // A kept answer costs nothing: served to the limited client as to anyone.
    const kept = await load(rendered[0]?.path ?? '', client);
    expect({ status: kept.status, rendered: kept.rendered }).toEqual({ status: 200, rendered: false });
    // Another client is not affected.
    const other = await load(`/en/for-sale/${canonicalQueries(201)[200] ?? ''}`, from('192.0.2.77'));
    expect({ status: other.status, rendered: other.rendered }).toEqual({ status: 200, rendered: true });
    // The proxy's own self-fetches were never counted, nor refused.
    expect(selfFetchAnswers.filter((answer) => answer !== 'rewrite')).toEqual([]);

    // A minute later the client may render again.
    vi.setSystemTime(Date.now() + 61_000);
    const later = await load(`/en/for-sale/${canonicalQueries(202)[201] ?? ''}`, client);
    expect({ status: later.status, rendered: later.rendered }).toEqual({ status: 200, rendered: true });
  });

  it('renders one list at a time for a client: its other new queries wait their turn, a few at most, and another client is not held up', async () => {
    clockAtWindowStart();
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const queries = canonicalQueries(240).slice(210);
    const client = from('198.51.100.61');
    const started = (count: number) => new Promise<void>((resolve) => selfFetchWaiters.push({ count: selfFetches + count, resolve }));
    const firstStarted = started(1);
    const first = load(`/en/for-sale/${queries[0] ?? ''}`, client);
    await firstStarted;
    const rendersBefore = selfFetches;
    // While the first render is under way, four more new queries of the same client wait their turn...
    const waiting = queries.slice(1, 5).map((query) => load(`/en/for-sale/${query}`, client));
    // ...and a fifth finds the queue full: refused at once, without a render.
    const refused = await load(`/en/for-sale/${queries[5] ?? ''}`, client);
    expect({ status: refused.status, rendered: refused.rendered, retryAfter: refused.retryAfter }).toEqual({ status: 429, rendered: false, retryAfter: '1' });
    expect(selfFetches).toBe(rendersBefore);
    // Another client renders meanwhile.
    const otherStarted = started(1);
    const other = load(`/en/for-sale/${queries[6] ?? ''}`, from('192.0.2.61'));
    await otherStarted;
    hold = undefined;
    release();
    const answers = await Promise.all([first, other, ...waiting]);
    expect(answers.map((answer) => ({ status: answer.status, rendered: answer.rendered }))).toEqual(Array.from({ length: 6 }, () => ({ status: 200, rendered: true })));
  });

  it('renders a map area (?bbox=) for its visitor without keeping it: new areas cannot push the kept lists out', async () => {
    clockAtWindowStart();
    const client = from('198.51.100.71');
    const area = '/en/for-sale/?bbox=3.9%2C50.4%2C4.0%2C50.5';
    const first = await load(area, client);
    const again = await load(area, client);
    expect([first, again].map((answer) => ({ status: answer.status, rendered: answer.rendered }))).toEqual([
      { status: 200, rendered: true },
      { status: 200, rendered: true },
    ]);
  });

  it("takes the router's ?_rsc= for no parameter of the list: a payload request of a canonical query is no redirect, and is rendered with its headers", async () => {
    const rsc = from('192.0.2.90', { accept: '*/*', 'sec-fetch-dest': 'empty', rsc: '1', 'next-router-state-tree': '%5B%22%22%5D' });
    const before = selfRequests.length;
    const response = await proxy(new NextRequest(`${origin}/en/for-sale/?bedrooms=2&_rsc=1x9ab`, { headers: rsc }));
    expect({ status: response.status, location: response.headers.get('location') }).toEqual({ status: 200, location: null });
    await response.text();
    // Relayed: the proxy asked its server for the payload, with the router's headers and ?_rsc=, and the server rewrote it to the list route.
    expect(selfRequests.slice(before)).toEqual([{ url: '/en/for-sale/?bedrooms=2&_rsc=1x9ab', rsc: '1', tree: '%5B%22%22%5D' }]);
    expect(selfFetchAnswers.at(-1)).toBe('rewrite');
    // Passed on, the server's rewrite header would be read as the proxy's own (a relative URL Next.js cannot take: a 500).
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it("answers the router's prefetch of a new list with nothing while the client renders, so that it never makes the client's own pages wait", async () => {
    clockAtWindowStart();
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const queries = canonicalQueries(300).slice(290);
    const client = '198.51.100.63';
    const started = new Promise<void>((resolve) => selfFetchWaiters.push({ count: selfFetches + 1, resolve }));
    const page = load(`/en/for-sale/${queries[0] ?? ''}`, from(client));
    await started;
    const prefetch = await load(`/en/for-sale/${queries[1] ?? ''}`, from(client, { accept: '*/*', 'sec-fetch-dest': 'empty', rsc: '1', 'next-router-prefetch': '1' }));
    expect({ status: prefetch.status, rendered: prefetch.rendered }).toEqual({ status: 204, rendered: false });
    hold = undefined;
    release();
    expect((await page).status).toBe(200);
    // With nothing under way, a prefetch is rendered (in its turn).
    const idle = await load(`/en/for-sale/${queries[2] ?? ''}`, from(client, { accept: '*/*', 'sec-fetch-dest': 'empty', rsc: '1', 'next-router-prefetch': '1' }));
    expect({ status: idle.status, rendered: idle.rendered }).toEqual({ status: 200, rendered: true });
  });

  it("renders the router's payloads of one client one at a time too: a forged fetch cannot skip the turn", async () => {
    clockAtWindowStart();
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const queries = canonicalQueries(280).slice(250);
    const client = from('198.51.100.62', { accept: '*/*', 'sec-fetch-dest': 'empty', rsc: '1' });
    const started = (count: number) => new Promise<void>((resolve) => selfFetchWaiters.push({ count: selfFetches + count, resolve }));
    const firstStarted = started(1);
    const first = load(`/en/for-sale/${queries[0] ?? ''}`, client);
    // Before: the payload was a rewrite rendered after the proxy answered, never a request it waited for.
    await expect(Promise.race([firstStarted.then(() => 'asked'), new Promise((resolve) => setTimeout(resolve, 5000, 'not asked'))])).resolves.toBe('asked');
    const rendersBefore = selfFetches;
    const waiting = queries.slice(1, 5).map((query) => load(`/en/for-sale/${query}`, client));
    const refused = await load(`/en/for-sale/${queries[5] ?? ''}`, client);
    expect({ status: refused.status, rendered: refused.rendered, retryAfter: refused.retryAfter }).toEqual({ status: 429, rendered: false, retryAfter: '1' });
    expect(selfFetches).toBe(rendersBefore);
    hold = undefined;
    release();
    const answers = await Promise.all([first, ...waiting]);
    expect(answers.map((answer) => ({ status: answer.status, rendered: answer.rendered }))).toEqual(Array.from({ length: 5 }, () => ({ status: 200, rendered: true })));
  });

  it('counts the renders that are never kept (a request that is no document, the per-request fallback) against the same limit', async () => {
    clockAtWindowStart();
    const client = from('198.51.100.99', { accept: '*/*', 'sec-fetch-dest': 'empty' });
    const answers: Answer[] = [];
    for (let index = 0; index < 40; index += 1) answers.push(await load('/en/for-sale/?bedrooms=2', client));
    expect({ renders: answers.filter((answer) => answer.rendered).length, refused: answers.filter((answer) => answer.status === 429).length }).toEqual({ renders: 30, refused: 10 });
  });
});
