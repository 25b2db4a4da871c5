import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 12 asks that unknown URLs "write nothing to disk, whatever their shape"; the same goes for
 * memory. The proxy keeps the script hashes of each prerendered page in a cache that
 * lib/security/inline-scripts.ts says is "bounded by the site". Each miss reads a file (and parses
 * it when it exists), so counting the page files read shows whether a visitor can grow that cache:
 * a fixed site has a fixed number of pages, whatever the query string or the spelling of the path.
 *
 * The pages are a fixture written where a build writes them (its server/app folder, and the route
 * cache of a listing rendered after the build), not a build's: the unit tests run on a fresh clone
 * before any build exists, and a test that returned without a build could not fail there.
 */

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, readFileSync: vi.fn(actual.readFileSync), statSync: vi.fn(actual.statSync), existsSync: vi.fn(actual.existsSync) };
});

const distDir = mkdtempSync(path.join(tmpdir(), 'proxy-cache-'));
// Read by lib/security/inline-scripts.ts at each lookup: set before the first request.
process.env.NEXT_DIST_DIR = distDir;
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

resolveNextServer();
const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { allPathSegments, checkPath } = await import('@/lib/pages/check-path');
const { renderedCacheFile } = await import('@/lib/security/inline-scripts');

const origin = 'http://localhost:3000';
const readSpy = vi.mocked(readFileSync);
const pagesRoot = path.join(distDir, 'server');
const pageFilesRead = () => readSpy.mock.calls.filter(([file]) => typeof file === 'string' && file.startsWith(pagesRoot)).length;
/** Every file the proxy looked for or at: a name with a query in it is a file per query. */
const filesTouched = () => [readSpy, vi.mocked(statSync), vi.mocked(existsSync)].flatMap((spy) => spy.mock.calls.map(([file]) => String(file)));

/** A page file as Next.js writes one: whole (it ends with </html>), with an inline script of its own. */
function writePage(file: string, name: string): string {
  const script = `self.__page=${JSON.stringify(name)}`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `<!DOCTYPE html><html><head></head><body><p>${name}</p><script>${script}</script></body></html>`);
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

const joined = allPathSegments('nl').map((segments) => segments.join('/'));
const listingPaths = joined.filter((page) => {
  const check = checkPath(`/nl/${page}/`);
  return check.kind === 'ok' && check.resolved.route.page === 'property';
});
/** The longest page that is not a listing: the more letters, the more spellings. */
const longPage = joined.filter((page) => !listingPaths.includes(page)).sort((a, b) => b.length - a.length)[0];
/** A listing the build did not prerender, which Next.js rendered on its first request (its route cache). */
const renderedListing = [...listingPaths].sort((a, b) => b.length - a.length)[0];
if (longPage === undefined || renderedListing === undefined) throw new Error('the demo site has no page or no listing to write');
const fixture = {
  list: { page: 'te-koop', hash: writePage(path.join(pagesRoot, 'app', 'nl', 'te-koop.html'), 'list') },
  long: { page: longPage, hash: writePage(path.join(pagesRoot, 'app', 'nl', `${longPage}.html`), 'long') },
  listing: { page: renderedListing, hash: writePage(renderedCacheFile(`nl/${renderedListing}`), 'listing') },
};

/** The same path with some of its letters percent-encoded (upper- or lower-case hex): one page, many spellings. */
function spelling(pathname: string, variant: number): string {
  let bits = variant;
  return [...pathname]
    .map((character) => {
      if (!/[a-z]/.test(character)) return character;
      const choice = bits % 3;
      bits = Math.floor(bits / 3);
      const hex = character.charCodeAt(0).toString(16);
      return choice === 0 ? character : choice === 1 ? `%${hex.toUpperCase()}` : `%${hex}`;
    })
    .join('');
}

describe('the policy cache of the proxy', () => {
  it('serves each fixture page under the hashes of its file, read once', async () => {
    for (const { page, hash } of Object.values(fixture)) {
      const before = pageFilesRead();
      const response = await proxy(new NextRequest(`${origin}/nl/${page}/`));
      expect(response.status).toBe(200);
      // The policy names the fixture's own script: the proxy read the file written for this page.
      expect(response.headers.get('content-security-policy')).toContain(hash);
      expect(pageFilesRead() - before).toBe(1);
    }
  });

  it('reads no file named after a query string: 300 filtered list URLs and 600 pages with a query read each page file at most once', async () => {
    const before = pageFilesRead();
    for (let index = 0; index < 300; index += 1) {
      const response = await proxy(new NextRequest(`${origin}/nl/te-koop/?city=town-${index}&utm_source=${'q'.repeat(1_000)}`));
      // An unknown town and a parameter the list does not read: redirected to the plain list (issue 35).
      expect(response.status).toBe(308);
    }
    // Served with the policy of the page's file: the router's payload requests (a cache key of
    // its own in ?_rsc=) and a listing reached by a tagged link.
    for (let index = 0; index < 300; index += 1) {
      const payload = await proxy(new NextRequest(`${origin}/nl/te-koop/?_rsc=${index.toString(36)}`));
      expect(payload.headers.get('content-security-policy')).toContain(fixture.list.hash);
      const tagged = await proxy(new NextRequest(`${origin}/nl/${fixture.listing.page}/?utm_source=${index}-${'q'.repeat(1_000)}`));
      expect(tagged.headers.get('content-security-policy')).toContain(fixture.listing.hash);
    }
    const named = filesTouched()
      .filter((file) => file.includes('?'))
      .map((file) => `${file.slice(0, 100)}…`);
    expect({ pageFilesRead: pageFilesRead() - before, namedAfterQuery: named.slice(0, 2) }).toEqual({ pageFilesRead: expect.any(Number), namedAfterQuery: [] });
    expect(pageFilesRead() - before).toBeLessThanOrEqual(2);
  });

  it.each([
    ['a prerendered page', fixture.long],
    ['a listing rendered after the build', fixture.listing],
  ])('reads a page file once, however its path is spelled: 200 spellings of %s', async (_name, { page, hash }) => {
    // Each miss reads and parses the whole page (5 to 20 ms for a listing), on the thread of the proxy.
    expect((await proxy(new NextRequest(`${origin}/nl/${page}/`))).status).toBe(200);
    const before = pageFilesRead();
    const spellings = new Set<string>();
    for (let variant = 1; spellings.size < 200 && variant < 100_000; variant += 1) spellings.add(`/nl/${spelling(`${page}/`, variant)}`);
    expect(spellings.size).toBe(200);
    for (const pathname of spellings) {
      const response = await proxy(new NextRequest(`${origin}${pathname}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain(hash);
    }
    expect(pageFilesRead() - before).toBeLessThanOrEqual(1);
  });
});
