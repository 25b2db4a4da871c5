import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The route the catalogue reload asks to revalidate (app/api/catalogue-reload): it exists only for
 * this process (its token, compared in constant time), takes a bounded list, and expires each page
 * path and route tag at once.
 */

const revalidatePath = vi.fn<(path: string) => void>();
const revalidateTag = vi.fn<(tag: string, profile: unknown) => void>();
vi.mock('next/cache', () => ({ revalidatePath, revalidateTag }));

const { reloadRoute } = await import('@/lib/server/reload-route');
const { processToken, processTokenHeader } = await import('@/lib/security/process-token');

const post = (body: unknown, headers: Record<string, string> = { [processTokenHeader]: processToken() }) =>
  new Request('http://localhost/api/catalogue-reload', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

beforeEach(() => {
  revalidatePath.mockClear();
  revalidateTag.mockClear();
});

describe('the revalidation route', () => {
  it('is not there for anyone without the process token, whatever the method', async () => {
    const paths = { paths: [{ path: '/nl/' }] };
    for (const request of [
      post(paths, {}),
      post(paths, { [processTokenHeader]: 'x'.repeat(processToken().length) }),
      post(paths, { [processTokenHeader]: processToken().slice(1) }),
      new Request('http://localhost/api/catalogue-reload', { headers: { [processTokenHeader]: processToken() } }),
    ]) {
      const response = await reloadRoute(request);
      expect(response.status).toBe(404);
    }
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('expires each page path and route tag at once', async () => {
    const response = await reloadRoute(post({ paths: [{ path: '/nl/te-koop/bergen/huis/4000001/' }, { tag: '_N_T_/sitemap.xml/route' }] }));
    expect(response.status).toBe(200);
    expect(revalidatePath).toHaveBeenCalledWith('/nl/te-koop/bergen/huis/4000001/');
    expect(revalidateTag).toHaveBeenCalledWith('_N_T_/sitemap.xml/route', { expire: 0 });
  });

  it('refuses a list it cannot read, and writes nothing', async () => {
    for (const body of [
      '{',
      { paths: [{ path: 'nl/' }] },
      { paths: [{ tag: 'mine' }] },
      { paths: [{ path: '/nl/', extra: 1 }] },
      { paths: Array.from({ length: 20_001 }, () => ({ path: '/nl/' })) },
    ]) {
      expect((await reloadRoute(post(body))).status).toBe(400);
    }
    expect((await reloadRoute(post('x'.repeat(3 * 1024 * 1024)))).status).toBe(413);
    expect(revalidatePath).not.toHaveBeenCalled();
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});

describe('the indexes a reload renders again', () => {
  it('tell browsers and shared caches to ask again before reusing them', async () => {
    const { GET: searchIndex } = await import('@/app/api/search-index/[lang]/route');
    // The favourites index answers through the same catalogueJson (its route needs next-intl's server runtime).
    const response = await searchIndex(new Request('http://localhost/api/search-index/nl/'), { params: Promise.resolve({ lang: 'nl' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});
