import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeOpenedStores, runSql, testDatabases } from './test-stores';

process.env.SITE_SECRET = 'unit-test-secret';
const { createSession, deleteSearcherAccount, mergeSearcherFavourites, searcherFavourites, setSearcherPassword, setStore } = await import('@/lib/db');
const { favouritesGet, favouritesPost, maxFavouritesBody } = await import('@/lib/favourites/account-route');
const { sessionCookie } = await import('@/lib/auth/owner-auth');

type Store = Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;

const site = 'http://localhost:4120';
const hour = 60 * 60 * 1000;

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  beforeEach(async () => {
    store = await database.open();
    setStore(store);
  });

  /** A searcher's account (any stored hash will do: the session is what the route checks) and a session cookie. */
  async function signedInSearcher(email = 'chercheuse@example.be'): Promise<string> {
    await setSearcherPassword(store, email, 'stored-hash');
    const { token } = await createSession(store, email, hour, new Date(), 'searcher');
    return `${sessionCookie}=${token}`;
  }

  const request = (method: 'GET' | 'POST', headers: Record<string, string>, body?: string) => new Request(`${site}/api/favourites/`, { method, headers: { host: 'localhost:4120', ...headers }, body });
  const post = (cookie: string | undefined, body: unknown, extra: Record<string, string> = {}) =>
    favouritesPost(request('POST', { origin: site, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...extra }, typeof body === 'string' ? body : JSON.stringify(body)));

  describe('the account list', () => {
    it('merges a device list with the stored one: the device first, no repeats, newest first', async () => {
      expect(await mergeSearcherFavourites(store, 'A@example.be', [4000001, 4000002])).toEqual([4000001, 4000002]);
      expect(await mergeSearcherFavourites(store, 'a@example.be', [4000003, 4000001])).toEqual([4000003, 4000001, 4000002]);
      expect(await searcherFavourites(store, 'a@example.be')).toEqual([4000003, 4000001, 4000002]);
      // Another device with nothing of its own receives the account's list unchanged.
      expect(await mergeSearcherFavourites(store, 'a@example.be', [])).toEqual([4000003, 4000001, 4000002]);
    });

    it('drops what a device forgot, and keeps at most 100 (the oldest go)', async () => {
      await mergeSearcherFavourites(store, 'a@example.be', [3, 2, 1]);
      expect(await mergeSearcherFavourites(store, 'a@example.be', [], [2])).toEqual([3, 1]);
      const many = Array.from({ length: 100 }, (_, index) => 1000 + index);
      const merged = await mergeSearcherFavourites(store, 'a@example.be', many);
      expect(merged).toHaveLength(100);
      expect(merged).toEqual(many);
      expect(await searcherFavourites(store, 'a@example.be')).toEqual(many);
      expect((await runSql<{ n: number }>(store, "SELECT COUNT(*) AS n FROM searcher_favourites WHERE email = 'a@example.be'")).map((row) => Number(row.n))).toEqual([100]);
    });

    it("is one searcher's: another address sees none of it", async () => {
      await mergeSearcherFavourites(store, 'a@example.be', [7]);
      expect(await searcherFavourites(store, 'b@example.be')).toEqual([]);
    });

    it('is deleted with the account, and no other account loses theirs', async () => {
      await setSearcherPassword(store, 'a@example.be', 'stored-hash');
      await mergeSearcherFavourites(store, 'a@example.be', [7, 8]);
      await mergeSearcherFavourites(store, 'b@example.be', [9]);
      await deleteSearcherAccount(store, 'A@example.be');
      expect(await searcherFavourites(store, 'a@example.be')).toEqual([]);
      expect(await searcherFavourites(store, 'b@example.be')).toEqual([9]);
    });
  });

  describe('GET/POST /api/favourites/', () => {
    it("gives a signed-in searcher the account's list, and merges a posted one into it", async () => {
      const cookie = await signedInSearcher();
      const first = await favouritesGet(request('GET', { cookie }));
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(await first.json()).toEqual([]);
      const merged = await post(cookie, { ids: [4000002, 4000001] });
      expect(merged.status).toBe(200);
      expect(merged.headers.get('cache-control')).toBe('no-store');
      expect(await merged.json()).toEqual([4000002, 4000001]);
      expect(await (await post(cookie, { ids: [4000005], forgotten: [4000001] })).json()).toEqual([4000005, 4000002]);
      expect(await (await favouritesGet(request('GET', { cookie }))).json()).toEqual([4000005, 4000002]);
    });

    it('refuses a visitor who is not signed in as a searcher (401) and deletes the hint cookie', async () => {
      const owner = await createSession(store, 'owner@example.be', hour, new Date(), 'owner');
      for (const cookie of [undefined, `${sessionCookie}=not-a-session`, `${sessionCookie}=${owner.token}`]) {
        const got = await favouritesGet(request('GET', cookie ? { cookie } : {}));
        expect(got.status).toBe(401);
        expect(got.headers.get('set-cookie')).toMatch(/^agency_searcher=; .*Max-Age=0/);
        expect((await post(cookie, { ids: [1] })).status).toBe(401);
      }
      expect(await runSql(store, 'SELECT * FROM searcher_favourites')).toEqual([]);
    });

    it('refuses a post from another site (403) and stores nothing', async () => {
      const cookie = await signedInSearcher();
      expect((await post(cookie, { ids: [1] }, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await post(cookie, { ids: [1] }, { origin: 'null' })).status).toBe(403);
      expect(await searcherFavourites(store, 'chercheuse@example.be')).toEqual([]);
    });

    it('refuses a body that is not a list of at most 100 listing IDs (400)', async () => {
      const cookie = await signedInSearcher();
      const bad: unknown[] = [
        'not json',
        '',
        [1, 2],
        { ids: [0] },
        { ids: [-3] },
        { ids: [1.5] },
        { ids: ['4000001'] },
        { ids: [2_147_483_648] },
        { ids: Array.from({ length: 101 }, (_, index) => index + 1) },
        { ids: [1], forgotten: [0] },
        { ids: [1], extra: true },
      ];
      for (const body of bad) expect((await post(cookie, body)).status, JSON.stringify(body)).toBe(400);
      expect(await searcherFavourites(store, 'chercheuse@example.be')).toEqual([]);
    });

    it('refuses a body larger than the cap before reading it (413), whatever Content-Length claims', async () => {
      const cookie = await signedInSearcher();
      const large = JSON.stringify({ ids: [1], padding: ' '.repeat(maxFavouritesBody) });
      expect((await post(cookie, large)).status).toBe(413);
      expect((await post(cookie, large, { 'content-length': '10' })).status).toBe(413);
      expect(await searcherFavourites(store, 'chercheuse@example.be')).toEqual([]);
    });
  });
});
