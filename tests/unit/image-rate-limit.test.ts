import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/*
 * Issue 35: the image route had no rate limit, and each new variant costs about 60 ms of CPU in
 * sharp. A variant not stored yet now counts against the client's limit; a stored one is free.
 * A fresh variant folder, so that every variant asked here is new; a low limit, so that the test
 * encodes few pictures.
 */
const cacheDir = mkdtempSync(path.join(tmpdir(), 'image-limit-'));
process.env.IMAGE_CACHE_DIR = cacheDir;
process.env.IMAGE_RATE_LIMIT = '20';

const { GET } = await import('@/app/api/image/route');

afterAll(() => {
  vi.useRealTimers();
  rmSync(cacheDir, { recursive: true, force: true });
});

const catalogue = path.join(process.cwd(), 'public', 'catalogue');
/** Small originals (the snapshot's 250 px thumbnails), so that each new variant encodes fast. */
const thumbnails = readdirSync(catalogue)
  .filter((name) => /^\d+$/.test(name))
  .sort()
  .flatMap((listing) =>
    readdirSync(path.join(catalogue, listing))
      .filter((file) => /^\d+-sm\.webp$/.test(file))
      .map((file) => `/catalogue/${listing}/${file}`),
  );

const variant = (src: string) => `src=${encodeURIComponent(src)}&width=100&format=webp`;
const get = (query: string, address: string, headers: Record<string, string> = {}) => GET(new Request(`http://localhost/api/image/?${query}`, { headers: { ...headers, 'x-forwarded-for': address } }));

describe('the image route under new variants from one client', () => {
  it('encodes at most IMAGE_RATE_LIMIT new variants a window per client; past it 429 with Retry-After, while stored variants and other clients are served', async () => {
    // At the start of a minute: the limits shared through the database count in windows aligned on it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    expect(thumbnails.length).toBeGreaterThanOrEqual(102);
    const [first, ...others] = thumbnails;
    const stored = await get(variant(first ?? ''), '203.0.113.40');
    expect(stored.status).toBe(200);
    const etag = stored.headers.get('etag') ?? '';

    const statuses: number[] = [];
    const refusals: Response[] = [];
    for (const src of others.slice(0, 100)) {
      const response = await get(variant(src), '203.0.113.40');
      statuses.push(response.status);
      if (response.status === 429) refusals.push(response);
      else await response.arrayBuffer();
    }
    expect({ encoded: statuses.filter((status) => status === 200).length, refused: refusals.length }).toEqual({ encoded: 19, refused: 81 });
    const refusal = refusals[0];
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refusal?.headers.get('cache-control')).toBe('no-store');
    expect(await refusal?.text()).toMatch(/too many/i);

    // A variant already stored costs no encoding: still served, with its cache headers, and revalidated.
    const again = await get(variant(first ?? ''), '203.0.113.40');
    expect({ status: again.status, cache: again.headers.get('cache-control'), etag: again.headers.get('etag') }).toEqual({ status: 200, cache: 'public, max-age=31536000, immutable', etag });
    expect((await get(variant(first ?? ''), '203.0.113.40', { 'If-None-Match': etag })).status).toBe(304);
    // So is one another client had encoded, and a picture that does not exist is still a 404.
    expect((await get(variant(others[0] ?? ''), '203.0.113.40')).status).toBe(200);
    expect((await get(`src=${encodeURIComponent('/catalogue/9999999/1-sm.webp')}&width=100`, '203.0.113.40')).status).toBe(404);

    // Another client is not affected.
    expect((await get(variant(others[150] ?? ''), '198.51.100.41')).status).toBe(200);
  });
});
