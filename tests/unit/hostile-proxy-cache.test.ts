import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 12 asks that unknown URLs "write nothing to disk, whatever their shape"; the same goes for
 * memory. The proxy keeps the script hashes of each prerendered page in a cache that
 * lib/security/inline-scripts.ts says is "bounded by the site". Each miss reads a file (and parses
 * it when it exists), so counting the page files read shows whether a visitor can grow that cache:
 * a fixed site has a fixed number of pages, whatever the query string or the spelling of the path.
 */

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, readFileSync: vi.fn(actual.readFileSync) };
});

resolveNextServer();
const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { allPathSegments } = await import('@/lib/pages/check-path');

const origin = 'http://localhost:3000';
const readSpy = vi.mocked(readFileSync);
const pageRoot = path.resolve(process.env.NEXT_DIST_DIR || '.next', 'server', 'app');
const pageFilesRead = () => readSpy.mock.calls.filter(([file]) => typeof file === 'string' && file.startsWith(pageRoot)).length;

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
  it('reads no file named after a query string: 300 filtered list URLs read at most one page file', async () => {
    const before = pageFilesRead();
    for (let index = 0; index < 300; index += 1) {
      const response = await proxy(new NextRequest(`${origin}/nl/te-koop/?city=town-${index}&utm_source=${'q'.repeat(1_000)}`));
      // An unknown town and a parameter the list does not read: redirected to the plain list (issue 35).
      expect(response.status).toBe(308);
    }
    const named = readSpy.mock.calls.map(([file]) => String(file)).filter((file) => file.includes('?')).map((file) => `${file.slice(0, 100)}…`);
    expect({ pageFilesRead: pageFilesRead() - before, namedAfterQuery: named.slice(0, 2) }).toEqual({ pageFilesRead: expect.any(Number), namedAfterQuery: [] });
    expect(pageFilesRead() - before).toBeLessThanOrEqual(1);
  });

  it('reads a page file once, however its path is spelled: 200 spellings of one page', async () => {
    // The longest prerendered page of the build: the more letters, the more spellings. Each miss
    // reads and parses the whole page (5 to 20 ms for a listing here), on the thread of the proxy.
    const page = allPathSegments('nl')
      .map((segments) => segments.join('/'))
      .filter((joined) => existsSync(path.join(pageRoot, 'nl', `${joined}.html`)))
      .sort((a, b) => b.length - a.length)[0];
    if (page === undefined) return; // Without a build, no page has a file to read.
    expect((await proxy(new NextRequest(`${origin}/nl/${page}/`))).status).toBe(200);
    const before = pageFilesRead();
    const spellings = new Set<string>();
    for (let variant = 1; spellings.size < 200 && variant < 100_000; variant += 1) spellings.add(`/nl/${spelling(`${page}/`, variant)}`);
    expect(spellings.size).toBe(200);
    for (const pathname of spellings) expect((await proxy(new NextRequest(`${origin}${pathname}`))).status).toBe(200);
    expect(pageFilesRead() - before).toBeLessThanOrEqual(1);
  });
});
