import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@/lib/catalogue/load';
import { inlineScriptHashes } from '@/lib/security/inline-scripts';
import { isSharedRender, keptAnswer, sharedAnswer, sharedRenderHeader } from '@/lib/security/shared-answers';

/*
 * The proxy's kept answers (lib/security/shared-answers.ts), against a stand-in for the server's
 * own origin that counts the renders it is asked for.
 */

const renders = new Map<string, number>();
const received: IncomingHttpHeaders[] = [];
let server: Server;

const page = (path: string, size = 0) =>
  `<!DOCTYPE html><html><head><script>self.__next_f=[${JSON.stringify(path)}]</script></head><body>${'x'.repeat(size)}<script type="application/ld+json">{}</script><script src="/a.js"></script></body></html>`;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    renders.set(url.pathname, (renders.get(url.pathname) ?? 0) + 1);
    received.push(request.headers);
    const size = Number(url.searchParams.get('size') ?? 0);
    // A slow render, so that visitors arriving meanwhile find it under way.
    setTimeout(() => {
      if (url.pathname.startsWith('/missing')) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>no</p>');
      } else if (url.pathname.startsWith('/json')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', vary: 'rsc', 'set-cookie': 'a=b' }).end(page(url.pathname, size));
      }
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.__NEXT_PRIVATE_ORIGIN = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  delete process.env.__NEXT_PRIVATE_ORIGIN;
  await new Promise((resolve) => server.close(resolve));
});

describe('answers kept by the proxy', () => {
  it('renders a URL once however many visitors ask at the same time, and serves the kept copy after', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => sharedAnswer('/fr/a-vendre/?city=Mons%7C7000')));
    expect(renders.get('/fr/a-vendre/')).toBe(1);
    expect(new Set(answers.map((answer) => answer?.body)).size).toBe(1);
    await sharedAnswer('/fr/a-vendre/?city=Mons%7C7000');
    expect(renders.get('/fr/a-vendre/')).toBe(1);
  });

  it('forgets every kept answer when the process serves another catalogue, and keeps no render begun before', async () => {
    const saved = globalThis.agencyCatalogue;
    const served = loadCatalogue();
    try {
      await sharedAnswer('/fr/a-louer/?city=Mons%7C7000');
      expect(keptAnswer('/fr/a-louer/?city=Mons%7C7000')).toBeDefined();
      // The reload swaps the catalogue object (lib/catalogue/load.ts serveCatalogue).
      globalThis.agencyCatalogue = { ...served };
      expect(keptAnswer('/fr/a-louer/?city=Mons%7C7000')).toBeUndefined();
      const before = renders.get('/fr/a-louer/') ?? 0;
      const started = sharedAnswer('/fr/a-louer/?city=Bergen%7C7000');
      // A render under way when the catalogue changes answers its visitor, but is not kept.
      globalThis.agencyCatalogue = { ...served };
      expect(await started).toBeDefined();
      expect(keptAnswer('/fr/a-louer/?city=Bergen%7C7000')).toBeUndefined();
      await sharedAnswer('/fr/a-louer/?city=Bergen%7C7000');
      expect(renders.get('/fr/a-louer/')).toBe(before + 2);
    } finally {
      globalThis.agencyCatalogue = saved;
    }
  });

  it('keeps the hashes of the inline scripts that run, and the headers that describe the page, not its cookies', async () => {
    const answer = await sharedAnswer('/nl/te-koop/?page=2');
    expect(answer?.hashes).toEqual(inlineScriptHashes(page('/nl/te-koop/')));
    expect(answer?.hashes).toHaveLength(1);
    expect(answer?.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', vary: 'rsc' });
  });

  it('asks its own server with a mark no client can forge', async () => {
    await sharedAnswer('/en/for-sale/?sort=price-asc');
    const mark = received.at(-1)?.[sharedRenderHeader];
    expect(typeof mark).toBe('string');
    expect(isSharedRender(new Headers({ [sharedRenderHeader]: String(mark) }))).toBe(true);
    expect(isSharedRender(new Headers())).toBe(false);
    expect(isSharedRender(new Headers({ [sharedRenderHeader]: 'x'.repeat(String(mark).length) }))).toBe(false);
    expect(isSharedRender(new Headers({ [sharedRenderHeader]: `${String(mark)}x` }))).toBe(false);
  });

  it('keeps no answer that is not a page (an error, another type), so the visitor gets a render of their own', async () => {
    expect(await sharedAnswer('/missing/?a=1')).toBeUndefined();
    expect(await sharedAnswer('/missing/?a=1')).toBeUndefined();
    expect(renders.get('/missing/')).toBe(2);
    expect(await sharedAnswer('/json/')).toBeUndefined();
  });

  it('asks nothing for a path that would leave its own origin', async () => {
    const before = received.length;
    expect(await sharedAnswer('//example.com/fr/')).toBeUndefined();
    expect(await sharedAnswer('https://example.com/fr/')).toBeUndefined();
    expect(received.length).toBe(before);
  });

  it('stays within its memory bound: the least recently used answers go first', async () => {
    // 50 answers of 0.8 MB each (UTF-16 in memory), 40 MB, cannot all stay within the 32 MiB bound.
    const url = (index: number) => `/big-${index}/?size=400000`;
    for (let index = 0; index < 50; index += 1) await sharedAnswer(url(index));
    await sharedAnswer(url(49));
    expect(renders.get('/big-49/')).toBe(1);
    await sharedAnswer(url(0));
    expect(renders.get('/big-0/')).toBe(2);
  });

  it('serves an answer too large to keep without keeping it', async () => {
    const huge = '/huge/?size=800000';
    expect((await sharedAnswer(huge))?.body.length).toBeGreaterThan(800_000);
    await sharedAnswer(huge);
    expect(renders.get('/huge/')).toBe(2);
  });
});
