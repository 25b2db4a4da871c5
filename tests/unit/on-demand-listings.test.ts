import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 36 item 7: a listing the build did not prerender renders on its first request, through
 * the proxy (proxy.ts serveOnDemand, lib/security/on-demand-answers.ts), without a nonce, under
 * the hashes of its inline scripts; then the file Next.js kept serves it through the proxy's fast
 * path. A stand-in for the server's own origin plays Next.js: it answers the proxy's marked
 * request and writes the page where Next.js 16.4 keeps a page rendered on demand.
 */
resolveNextServer();

const dist = mkdtempSync(path.join(tmpdir(), 'on-demand-'));
process.env.NEXT_DIST_DIR = dist;
process.env.LIST_RENDER_LIMIT = '12';

const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { getProperties } = await import('@/lib/catalogue');
const { href } = await import('@/lib/pages');
const { inlineScriptHashes, renderedCacheFile } = await import('@/lib/security/inline-scripts');
const { sharedRenderHeader } = await import('@/lib/security/shared-answers');
const { getRouteCacheKey } = await import('next/dist/server/lib/route-cache-key');

const origin = 'http://localhost:3300';
const asDocument = { accept: 'text/html', 'sec-fetch-dest': 'document' };
const renders: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;

const page = (pathname: string) => `<!DOCTYPE html><html><head><script>self.__next_f=[${JSON.stringify(pathname)}]</script></head><body><h1>${pathname}</h1></body></html>`;
const listingPaths = getProperties('nl').map((listing) => href({ page: 'property', id: listing.id }, 'nl'));
/** A listing whose render fails (its data, say): it answers 500 and leaves no file. */
const failingListing = listingPaths[7];
const fileOf = (pathname: string) => renderedCacheFile(pathname.replace(/^\/+|\/+$/g, ''));

/** Every file under the build folder, to show that a request wrote none. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    renders.push({ path: pathname, headers: request.headers });
    // A slow render, so that visitors arriving meanwhile find it under way; Next.js writes the
    // page's file before it answers.
    setTimeout(() => {
      if (pathname === failingListing) {
        response.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>failed</body></html>');
        return;
      }
      const file = fileOf(pathname);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page(pathname));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=31536000', vary: 'rsc' }).end(page(pathname));
    }, 40);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.__NEXT_PRIVATE_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  renders.length = 0;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('a listing rendered on its first request', () => {
  it('is named where Next.js 16.4 keeps a page it rendered after the build', () => {
    // RouteKind.APP_PAGE is a const enum of next/dist/server/route-kind, whose value is 'APP_PAGE'.
    const isRouteKind = (value: string): value is Parameters<typeof getRouteCacheKey>[1]['kind'] => value === 'APP_PAGE';
    const kind = 'APP_PAGE';
    if (!isRouteKind(kind)) throw new Error('unreachable');
    const owner = { kind, sourceRoute: '/[lang]/[...path]/page' };
    expect(renderedCacheFile('nl/te-koop/bergen/huis/4000001')).toBe(path.join(dist, 'server', `${getRouteCacheKey('/nl/te-koop/bergen/huis/4000001', owner)}.html`));
    expect(renderedCacheFile('nl')).toBe(path.join(dist, 'server', `${getRouteCacheKey('/nl', { kind, sourceRoute: '/[lang]/page' })}.html`));
  });

  it('is rendered once for visitors arriving together, without a nonce, and sent under its scripts’ hashes', async () => {
    const listing = listingPaths[0]!;
    const responses = await Promise.all(Array.from({ length: 5 }, () => proxy(new NextRequest(`${origin}${listing}`, { headers: asDocument }))));
    expect(renders.map((render) => render.path)).toEqual([listing]);
    expect(renders[0]?.headers[sharedRenderHeader]).toBeTruthy();
    expect(renders[0]?.headers['content-security-policy']).toBeUndefined();
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(page(listing));
      const policy = response.headers.get('content-security-policy') ?? '';
      for (const hash of inlineScriptHashes(page(listing))) expect(policy).toContain(`'${hash}'`);
      expect(policy).not.toContain('nonce-');
    }
  });

  it('is then sent from the file Next.js kept, through the fast path, with its ETag, and renders no more', async () => {
    const listing = listingPaths[4]!;
    expect((await proxy(new NextRequest(`${origin}${listing}`, { headers: asDocument }))).headers.get('etag')).toBeNull();
    renders.length = 0;
    const response = await proxy(new NextRequest(`${origin}${listing}`, { headers: asDocument }));
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(await response.text()).toBe(page(listing));
    expect(response.headers.get('content-security-policy')).toContain(`'${inlineScriptHashes(page(listing))[0]}'`);
    expect(renders).toEqual([]);
  });

  it('hands Next.js no policy header for a listing not rendered yet, the visitor’s own included (a React payload request)', async () => {
    const listing = listingPaths[1]!;
    const response = await proxy(new NextRequest(`${origin}${listing}`, { headers: { rsc: '1', 'sec-fetch-dest': 'empty', 'content-security-policy': "script-src 'nonce-chosen-by-the-client'" } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next') ?? response.headers.get('x-middleware-rewrite')).toBeTruthy();
    const overridden = (response.headers.get('x-middleware-override-headers') ?? '').split(',');
    expect(overridden).not.toContain('content-security-policy');
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(renders).toEqual([]);
  });

  it('whose render failed is rendered for its visitor under a fresh nonce of their own, so that the error page it shows can run', async () => {
    // Under the layout's hashes alone, the error page's inline scripts were refused and the visitor saw an empty page.
    const response = await proxy(new NextRequest(`${origin}${failingListing}`, { headers: { ...asDocument, 'content-security-policy': "script-src 'nonce-chosen-by-the-client'" } }));
    expect(renders.map((render) => render.path)).toEqual([failingListing]);
    expect(response.headers.get('x-middleware-next') ?? response.headers.get('x-middleware-rewrite')).toBeTruthy();
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(policy).not.toContain('chosen-by-the-client');
    expect(existsSync(fileOf(failingListing!))).toBe(false);
  });

  it('passes the proxy’s own marked request on to Next.js without a nonce', async () => {
    const listing = listingPaths[2]!;
    await proxy(new NextRequest(`${origin}${listing}`, { headers: asDocument }));
    const token = String(renders[0]?.headers[sharedRenderHeader]);
    const marked = await proxy(new NextRequest(`${origin}${listingPaths[3]}`, { headers: { ...asDocument, [sharedRenderHeader]: token } }));
    expect(marked.headers.get('x-middleware-request-content-security-policy')).toBeNull();
    // Next.js takes a nonce from the answer's policy too (it wrote one into a kept page's stylesheet links).
    expect(marked.headers.get('content-security-policy')).not.toContain('nonce-');
    expect((marked.headers.get('x-middleware-override-headers') ?? '').split(',')).not.toContain('content-security-policy');
  });

  it('counts each render against the client’s limit, as a list render is, and past it sends the short page', async () => {
    // LIST_RENDER_LIMIT is 12 here: the renders of the tests above count too.
    const statuses: number[] = [];
    for (const listing of listingPaths.slice(10, 24)) statuses.push((await proxy(new NextRequest(`${origin}${listing}`, { headers: asDocument }))).status);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(0, first).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
    expect(renders).toHaveLength(first);
    const refused = await proxy(new NextRequest(`${origin}${listingPaths[25]}`, { headers: asDocument }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/href="\/nl\/te-(koop|huur)\/"/);
    // A listing already rendered costs nothing, past the limit too.
    expect((await proxy(new NextRequest(`${origin}${listingPaths[10]}`, { headers: asDocument }))).status).toBe(200);
  });
});

describe('unknown IDs and odd paths', () => {
  it('render nothing and write nothing: 404 through the prerendered not-found pages', async () => {
    const before = filesOf(dist);
    const [list, town, type] = listingPaths[0]!.split('/').filter(Boolean).slice(1);
    const paths = [
      `/nl/${list}/${town}/${type}/999999999/`,
      `/nl/${list}/-/-/1/`,
      `/fr/${list}/${town}/${type}/4000001/`,
      `/nl/${list}/${town}/${type}/0${listingPaths[0]!.split('/').at(-2)}x/`,
      `/nl/${list}/${town}/${type}/%ff/`,
      `/nl/${list}/${town}/${type}/1.html`,
      `/nl/${list}/${town}/${type}/${'9'.repeat(400)}/`,
      '/nl/route-cache/APP_PAGE/x/',
    ];
    for (const pathname of paths) {
      for (const headers of [asDocument, { rsc: '1' }]) {
        const response = await proxy(new NextRequest(`${origin}${pathname}`, { headers }));
        expect({ pathname, status: response.status }).toEqual({ pathname, status: expect.any(Number) });
        expect([301, 307, 308, 400, 404]).toContain(response.status);
        const rewrite = response.headers.get('x-middleware-rewrite');
        if (rewrite) expect(new URL(rewrite).pathname).toMatch(/^\/(nl|fr|en)\/404\/(property\/)?$/);
      }
    }
    expect(renders).toEqual([]);
    expect(filesOf(dist)).toEqual(before);
  });
});
