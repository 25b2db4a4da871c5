import { describe, expect, it } from 'vitest';
import { getEnabledLanguages, getMenuEntry } from '@/lib/config';
import { allRoutes, breadcrumbTrail, href } from '@/lib/pages';
import { getProperty } from '@/lib/catalogue';
import { checkedCatalogue } from '../checked-catalogue';
import { agencyJsonLd, pageJsonLd } from '@/lib/pages/json-ld';
import { listingJsonLd } from '@/lib/pages/property/json-ld';
import { serializeJsonLd } from '@/lib/seo/json-ld';
import { robotsRules, sitemapEntries } from '@/lib/pages/sitemap';

describe('sitemap.xml', () => {
  const entries = sitemapEntries();
  const urls = entries.map((entry) => entry.url);

  it('lists every public page of every enabled language exactly once', () => {
    expect(new Set(urls).size).toBe(urls.length);
    for (const language of getEnabledLanguages()) {
      for (const route of allRoutes(language)) {
        const path = href(route, language);
        const listed = urls.some((url) => url.endsWith(path));
        const hidden = route.page === 'thank-you' || route.page === 'favourites' || route.page === 'login' || route.page === 'forgot-password' || route.page === 'set-password';
        const seoOff = route.page === 'menu' && getMenuEntry(route.id)?.params.metadata[language]?.seoActive === false;
        expect(listed, path).toBe(!hidden && !seoOff);
      }
    }
  });

  it("gives each URL its other languages, x-default, and the listing's last change", () => {
    const listing = entries.find((entry) => entry.url.endsWith(href({ page: 'property', id: 4000001 }, 'fr')));
    expect(listing?.lastModified).toBe(getProperty(4000001, 'fr')?.lastChanged.slice(0, 10));
    const languages = listing?.alternates?.languages as Record<string, string>;
    for (const language of getEnabledLanguages()) expect(languages[language]).toMatch(new RegExp(`${href({ page: 'property', id: 4000001 }, language)}$`));
    expect(languages['x-default']).toBeDefined();
  });

  it('robots.txt keeps crawlers out of the API, thank-you, login and portal pages and names the sitemap', () => {
    const robots = robotsRules();
    const rules = Array.isArray(robots.rules) ? robots.rules[0] : robots.rules;
    expect(rules?.disallow).toEqual(expect.arrayContaining(['/api/', '/nl/bedankt/', '/fr/merci/', '/en/login/', '/en/my-properties/']));
    expect(robots.sitemap).toMatch(/\/sitemap\.xml$/);
    // Social cards' pictures are under /api/image/, which stays open (longest match wins).
    expect(rules?.allow).toContain('/api/image/');
  });
});

describe('JSON-LD', () => {
  it('describes a listing with its offer, address and size', () => {
    const property = getProperty(4000001, 'en')!;
    const data = listingJsonLd(property, 'en', href) as unknown as Record<string, Record<string, unknown>>;
    expect(data['@type']).toBe('RealEstateListing');
    expect(data.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' });
    expect(data.about).toMatchObject({ '@type': 'Residence', address: { postalCode: property.town.zip, addressLocality: property.town.name } });
  });

  it('hides the street of a listing whose address is not public, and the price on demand', () => {
    const record = checkedCatalogue().properties.find((property) => property.ID === 4000009 && property.language === 'en')!;
    expect(record.PublishAddress).toBe(false);
    const text = JSON.stringify(listingJsonLd(getProperty(4000009, 'en')!, 'en', href));
    expect(text).not.toContain(record.Street);
    expect(text).not.toContain(String(record.GoogleX));
    const onDemand = getProperty(4000007, 'en')!;
    expect(onDemand.price).toEqual({ kind: 'on-demand' });
    expect(JSON.stringify(listingJsonLd(onDemand, 'en', href))).not.toMatch(/"price"/);
  });

  it("gives the agency's address in one language version per page", () => {
    expect(agencyJsonLd('nl')).toMatchObject({ address: { streetAddress: 'Grote Markt 12', postalCode: '7000', addressLocality: 'Bergen' } });
    expect(agencyJsonLd('fr')).toMatchObject({ address: { streetAddress: 'Grand-Place 12', postalCode: '7000', addressLocality: 'Mons' } });
  });

  it('leads a testimonial through the testimonials page: Home › Testimonials › the testimonial', () => {
    const trail = breadcrumbTrail({ page: 'article', id: 'testimonial-1' }, 'en', (key) => key);
    expect(trail.map((crumb) => href(crumb.route, 'en'))).toEqual(['/en/', href({ page: 'menu', id: 'testimonials' }, 'en'), href({ page: 'article', id: 'testimonial-1' }, 'en')]);
    expect(trail[1]?.name).toBe('Testimonials');
    expect(href({ page: 'menu', id: 'testimonials' }, 'en')).toBe('/en/testimonials/');
  });

  it('lists the testimonials page in the sitemap in every language', () => {
    const urls = sitemapEntries().map((entry) => entry.url.replace(/^https?:\/\/[^/]+/, ''));
    for (const language of getEnabledLanguages()) expect(urls).toContain(href({ page: 'menu', id: 'testimonials' }, language));
  });

  it('carries the agency and a breadcrumb on a page, and cannot close its script element', () => {
    const graph = pageJsonLd({ page: 'property', id: 4000001 }, 'nl', (key) => key) as unknown as { '@graph': { '@type': string }[] };
    expect(graph['@graph'].map((node) => node['@type'])).toEqual(['RealEstateAgent', 'BreadcrumbList', 'RealEstateListing']);
    expect(serializeJsonLd({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
