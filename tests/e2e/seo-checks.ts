import { expect, type APIRequestContext } from '@playwright/test';
import { getEnabledLanguages, type Language } from '@/lib/config';
import { allRoutes, href, type Route } from '@/lib/pages';

/*
 * What search engines read, checked the same way on the server build (seo.spec.ts) and on the
 * static export (export.spec.ts): sitemap.xml lists every public page of every enabled language
 * once, robots.txt names it, and every page carries valid JSON-LD, a canonical link and hreflang
 * alternates with x-default.
 */

type Node = Record<string, unknown> & { '@type'?: string };

function jsonLdNodes(html: string): Node[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as { '@context'?: string; '@graph'?: Node[] } & Node;
    expect(data['@context']).toBe('https://schema.org');
    return data['@graph'] ?? [data];
  });
}

export async function checkSitemapAndRobots(request: APIRequestContext): Promise<void> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(new Set(locs).size).toBe(locs.length);
  for (const language of getEnabledLanguages()) {
    for (const route of allRoutes(language)) {
      if (['thank-you', 'login', 'forgot-password', 'set-password'].includes(route.page)) {
        expect(locs).not.toContain(href(route, language));
      }
    }
    expect(locs).toContain(href({ page: 'property', id: 4000001 }, language));
    expect(locs).toContain(href({ page: 'menu', id: 'contact' }, language));
  }
  expect(xml).toContain('hreflang="x-default"');
  expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /api/');
}

/** JSON-LD, canonical, hreflang and social cards on every page of `routes`. */
export async function checkPagesSeo(request: APIRequestContext, language: Language, routes: readonly Route[]): Promise<void> {
  let checkedImage = false;
  for (const route of routes) {
    const url = href(route, language);
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    const nodes = jsonLdNodes(html);
    const agency = nodes.find((node) => node['@type'] === 'RealEstateAgent');
    expect(agency, url).toMatchObject({
      name: expect.any(String),
      telephone: expect.any(String),
      logo: expect.stringMatching(/^https?:\/\//),
      address: { '@type': 'PostalAddress', postalCode: expect.any(String) },
    });
    if (route.page !== 'home') {
      const breadcrumb = nodes.find((node) => node['@type'] === 'BreadcrumbList') as { itemListElement?: { position: number; name: string; item: string }[] } | undefined;
      expect(breadcrumb?.itemListElement?.length, url).toBeGreaterThanOrEqual(1);
      for (const item of breadcrumb?.itemListElement ?? []) expect(item.item, url).toMatch(/^https?:\/\//);
    }
    if (route.page === 'property') {
      const listing = nodes.find((node) => node['@type'] === 'RealEstateListing');
      expect(listing, url).toMatchObject({
        url: expect.stringContaining(url),
        name: expect.any(String),
        offers: { '@type': 'Offer', priceCurrency: 'EUR', availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|SoldOut)$/) },
        about: { address: { '@type': 'PostalAddress', postalCode: expect.stringMatching(/^\d{4}$/), addressLocality: expect.any(String) } },
      });
    }
    if (route.page === 'project')
      expect(
        nodes.find((node) => node['@type'] === 'ApartmentComplex'),
        url,
      ).toMatchObject({ name: expect.any(String), address: expect.any(Object) });
    const canonical = /<link rel="canonical" href="([^"]+)"/
      .exec(html)?.[1]
      ?.replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(canonical && decodeURIComponent(new URL(canonical).pathname), url).toBe(url.split('?')[0]);
    for (const other of [...getEnabledLanguages(), 'x-default']) expect(html, `${url} hreflang ${other}`).toContain(`hrefLang="${other}"`);
    // Social cards on every page.
    expect(html, url).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html, url).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"/);
    if (route.page === 'property' && html.includes('property="og:image"')) {
      expect(html, url).toContain('<meta property="og:image:width" content="1200"/>');
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      // The query form on the server, the path form on a static copy (lib/media/image-url).
      expect(image, url).toMatch(/width=1200&format=png|\/w1200\/.*\.png$/);
      // Absolute on the site's own origin (SITE_URL), like the canonical link.
      expect(new URL(image!).origin, url).toBe(new URL(canonical!).origin);
      if (!checkedImage) {
        const picture = await request.get(new URL(image!).pathname + new URL(image!).search);
        expect(picture.status()).toBe(200);
        expect(picture.headers()['content-type']).toBe('image/png');
        checkedImage = true;
      }
    }
  }
}
