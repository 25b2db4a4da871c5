import { describe, expect, it } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 39, items 11 and 27: what the proxy answers a visitor who typed or pasted a path a little
 * off, asked through proxy.ts itself. Each answer is one hop: a 308 to the page's own URL, or the
 * 404 page with its status, never a redirect to a URL that is itself a 404.
 */
resolveNextServer();

const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { getProperties } = await import('@/lib/catalogue');
const { href } = await import('@/lib/pages');

const origin = 'http://localhost:3000';
const english = { 'accept-language': 'en' };

async function answer(path: string, headers: Record<string, string> = english) {
  const response = await proxy(new NextRequest(`${origin}${path}`, { headers }));
  const location = response.headers.get('location');
  return { status: response.status, location: location === null ? null : decodeURI(location.replace(origin, '')), rewrite: response.headers.get('x-middleware-rewrite')?.replace(origin, '') };
}

describe('an upper-case language prefix (spec §2: the first two characters are the language)', () => {
  it('redirects to the lower-case page, the rest of the path put right in the same hop', async () => {
    expect(await answer('/EN/for-sale/')).toMatchObject({ status: 308, location: '/en/for-sale/' });
    expect(await answer('/Nl/te-koop/')).toMatchObject({ status: 308, location: '/nl/te-koop/' });
    expect(await answer('/EN/Services/')).toMatchObject({ status: 308, location: '/en/services/' });
    expect(await answer('/EN')).toMatchObject({ status: 308, location: '/en/' });
    expect(await answer('/NL/')).toMatchObject({ status: 308, location: '/nl/' });
  });

  it('keeps the query string', async () => {
    expect(await answer('/EN/for-rent/?type=1&page=2')).toMatchObject({ status: 308, location: '/en/for-rent/?type=1&page=2' });
  });

  it('sends an upper-case listing URL to the listing', async () => {
    const listing = getProperties('en')[0]!;
    const canonical = href({ page: 'property', id: listing.id }, 'en');
    const [, , list, , type, id] = canonical.split('/');
    expect(await answer(canonical.replace('/en/', '/EN/'))).toMatchObject({ status: 308, location: canonical });
    expect(await answer(`/EN/${list}/elsewhere/${type}/${id}/`)).toMatchObject({ status: 308, location: canonical });
  });

  it('leaves a path that only starts with two letters a 404', async () => {
    expect((await answer('/ENX/for-sale/')).location).toBe('/en/ENX/for-sale/');
  });
});

describe('issue 39 item 27', () => {
  it('answers an unknown listing id of the old /property/ links with its 404 directly', async () => {
    expect(await answer('/property/9999999/')).toMatchObject({ status: 404, location: null, rewrite: '/en/404/property/' });
    expect(await answer('/property/9999999/', { 'accept-language': 'fr' })).toMatchObject({ status: 404, location: null, rewrite: '/fr/404/property/' });
  });

  it('still redirects a known id of the old /property/ links to the listing', async () => {
    const listing = getProperties('en')[0]!;
    expect(await answer(`/property/${listing.id}/`)).toMatchObject({ status: 308, location: href({ page: 'property', id: listing.id }, 'en') });
  });

  it('redirects a typographic apostrophe in a slug to the page', async () => {
    for (const apostrophe of ['\u2019', '\u2018', '\u02bc']) {
      expect(await answer(`/en/i${encodeURIComponent(apostrophe)}m-looking-for/`)).toMatchObject({ status: 308, location: "/en/i'm-looking-for/" });
    }
    expect(await answer('/fr/je-cherche/')).toMatchObject({ status: 200 });
  });
});

describe('a thank-you page with its summary (issue 39 item 15)', () => {
  it('is rendered per request from the ids in its query, any other spelling sent to the canonical one', async () => {
    expect(await answer('/fr/merci/contact-appointment/?listing=4000001&slot=7')).toMatchObject({ status: 200, rewrite: '/fr/thank-you-summary/?form=contact-appointment&listing=4000001&slot=7' });
    expect(await answer('/fr/merci/contact-appointment/?slot=7&listing=4000001&utm_source=x')).toMatchObject({ status: 308, location: '/fr/merci/contact-appointment/?listing=4000001&slot=7' });
    expect((await answer('/fr/merci/contact-appointment/')).rewrite).toBeUndefined();
  });
});
