import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, prerenderedScriptHashes } from '@/lib/security/inline-scripts';
import { matchesEtag, prerenderedAnswer } from '@/lib/security/prerendered-answers';

/*
 * The proxy's answers for prerendered pages (lib/security/prerendered-answers.ts), over a build
 * folder of its own: the build's bytes, an ETag that names them, nothing outside the page folder,
 * and a bound on what stays in memory.
 */

let dist: string;
const previousDist = process.env.NEXT_DIST_DIR;
const page = (name: string, size = 0) => `<!DOCTYPE html><html><body><h1>${name}</h1>${'x'.repeat(size)}</body></html>`;

function write(relative: string, html: string): void {
  const file = path.join(dist, 'server', 'app', `${relative}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'prerendered-'));
  process.env.NEXT_DIST_DIR = dist;
  write('fr/a-vendre/mons/maison/4000001', page('Maison à Mons'));
  write('nl/te-koop/bergen/huis/4000001', page('Huis in Bergen'));
  writeFileSync(path.join(dist, 'secret.html'), 'not a page');
});

afterAll(() => {
  if (previousDist === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = previousDist;
  rmSync(dist, { recursive: true, force: true });
});

describe('prerendered answers', () => {
  it('sends the bytes the build wrote, under an ETag that names them, in any spelling of the path', async () => {
    const french = await prerenderedAnswer('/fr/a-vendre/mons/maison/4000001/');
    expect(french?.body.toString()).toBe(page('Maison à Mons'));
    expect(french?.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await prerenderedAnswer('/fr/a-vendre/mons/maison/4000001'))?.etag).toBe(french?.etag);
    const dutch = await prerenderedAnswer('/nl/te-koop/bergen/huis/4000001/');
    expect(dutch?.body.toString()).toBe(page('Huis in Bergen'));
    expect(dutch?.etag).not.toBe(french?.etag);
  });

  it('has no answer for a page the build did not write, or a path that leaves the page folder', async () => {
    for (const pathname of ['/fr/a-vendre/mons/maison/4000002/', '/', '/../secret', '/fr/../../secret', '/%2e%2e/secret', '/fr/%ff/', '/fr/a-vendre/mons/maison/4000003/?x=1#y']) {
      expect(await prerenderedAnswer(pathname), pathname).toBeUndefined();
    }
  });

  it('keeps what it read while it fits its bound, and reads again what it had to drop', async () => {
    write('fr/kept', page('first'));
    expect((await prerenderedAnswer('/fr/kept/'))?.body.toString()).toBe(page('first'));
    write('fr/kept', page('second'));
    // About 40 MB of other pages push it out of the 16 MB bound.
    for (let index = 0; index < 50; index += 1) {
      write(`fr/big-${index}`, page(`big ${index}`, 800_000));
      expect((await prerenderedAnswer(`/fr/big-${index}/`))?.body.byteLength).toBeGreaterThan(800_000);
    }
    expect((await prerenderedAnswer('/fr/kept/'))?.body.toString()).toBe(page('second'));
  });

  it('serves a page Next.js wrote again (a revalidated listing) with the hashes of the bytes it sends', async () => {
    const scripted = (text: string) => `<!DOCTYPE html><html><head><script>self.__next_f=[${JSON.stringify(text)}]</script></head><body></body></html>`;
    write('nl/te-koop/bergen/huis/4000009', scripted('235.000'));
    const before = await prerenderedAnswer('/nl/te-koop/bergen/huis/4000009/');
    expect(prerenderedScriptHashes('/nl/te-koop/bergen/huis/4000009/')).toEqual(inlineScriptHashes(scripted('235.000')));
    // The same length: a revalidation often changes a figure, not the page's size.
    write('nl/te-koop/bergen/huis/4000009', scripted('199.000'));
    const file = path.join(dist, 'server', 'app', 'nl/te-koop/bergen/huis/4000009.html');
    const later = new Date(Date.now() + 2000);
    utimesSync(file, later, later);
    const after = await prerenderedAnswer('/nl/te-koop/bergen/huis/4000009/');
    expect(after?.body.toString()).toBe(scripted('199.000'));
    expect(after?.etag).not.toBe(before?.etag);
    expect(after?.hashes).toEqual(inlineScriptHashes(scripted('199.000')));
    expect(prerenderedScriptHashes('/nl/te-koop/bergen/huis/4000009/')).toEqual(after?.hashes);
  });

  it('does not keep a file caught while it is being written', async () => {
    write('nl/half', '<!DOCTYPE html><html><head><script>a()</scr');
    expect(await prerenderedAnswer('/nl/half/')).toBeUndefined();
    write('nl/half', page('whole'));
    expect((await prerenderedAnswer('/nl/half/'))?.body.toString()).toBe(page('whole'));
  });

  it('matches If-None-Match as HTTP does: a list, a weak tag, or *', () => {
    const etag = '"abc"';
    expect(matchesEtag(null, etag)).toBe(false);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
  });
});
