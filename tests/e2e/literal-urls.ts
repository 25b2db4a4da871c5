import { expect, type APIRequestContext } from '@playwright/test';
import type { Language } from '@/lib/config';

/*
 * A sample of pages with their URLs written out by hand in every language, read off the data
 * (data/catalogue, data/site) and the slugs of lib/config/system-slugs.ts. The other URL checks compute
 * their expected URLs with href and allRoutes, the code under test, so a wrong slug would pass
 * them; these literals would not. When a slug changes on purpose, change it here too.
 */

type LiteralPage = { name: string; paths: Record<Language, string> };

const literalPages: readonly LiteralPage[] = [
  { name: 'home', paths: { nl: '/nl/', fr: '/fr/', en: '/en/', de: '/de/' } },
  { name: 'for-sale list', paths: { nl: '/nl/te-koop/', fr: '/fr/a-vendre/', en: '/en/for-sale/', de: '/de/zu-verkaufen/' } },
  { name: 'for-rent list', paths: { nl: '/nl/te-huur/', fr: '/fr/a-louer/', en: '/en/for-rent/', de: '/de/zu-vermieten/' } },
  {
    // properties.json: ID 4000001, Goal 0 (sale), City Bergen (nl, de) / Mons (fr, en), WebID 1 "Huis / Villa / Hoeve"…
    name: 'listing 4000001 (house for sale in Mons)',
    paths: {
      nl: '/nl/te-koop/bergen/huis-villa-hoeve/4000001/',
      fr: '/fr/a-vendre/mons/maison-villa-ferme/4000001/',
      en: '/en/for-sale/mons/house-villa-farm/4000001/',
      de: '/de/zu-verkaufen/bergen/haus-villa-bauernhof/4000001/',
    },
  },
  {
    // properties.json: ID 4000011, Goal 1 (rent), City Bergen (nl, de) / Mons (fr, en), WebID 3 "Appartement"…
    name: 'listing 4000011 (apartment for rent in Mons)',
    paths: {
      nl: '/nl/te-huur/bergen/appartement/4000011/',
      fr: '/fr/a-louer/mons/appartement/4000011/',
      en: '/en/for-rent/mons/apartment/4000011/',
      de: '/de/zu-vermieten/bergen/wohnung/4000011/',
    },
  },
  { name: 'projects', paths: { nl: '/nl/projecten/', fr: '/fr/projets/', en: '/en/projects/', de: '/de/projekte/' } },
  { name: 'project 5000001', paths: { nl: '/nl/projecten/5000001/', fr: '/fr/projets/5000001/', en: '/en/projects/5000001/', de: '/de/projekte/5000001/' } },
  { name: 'login', paths: { nl: '/nl/login/', fr: '/fr/login/', en: '/en/login/', de: '/de/login/' } },
  {
    name: 'thank-you page of the site contact form',
    paths: { nl: '/nl/bedankt/site-contact/', fr: '/fr/merci/site-contact/', en: '/en/thank-you/site-contact/', de: '/de/danke/site-contact/' },
  },
  {
    // articles.json: "sell", category services.
    name: 'service article "sell"',
    paths: { nl: '/nl/our-services/verkopen/', fr: '/fr/our-services/vendre/', en: '/en/our-services/sell/', de: '/de/our-services/verkaufen/' },
  },
  {
    // articles.json: "testimonial-1", category testimonials.
    name: 'testimonial "testimonial-1"',
    paths: {
      nl: '/nl/getuigenissen/getuigenis-martine/',
      fr: '/fr/temoignages/temoignage-martine/',
      en: '/en/testimonials/testimonial-martine/',
      de: '/de/erfahrungsberichte/erfahrungsbericht-martine/',
    },
  },
  {
    // menu.json: "rental-management" under "services".
    name: 'menu page "rental-management" (under "services")',
    paths: { nl: '/nl/diensten/verhuurbeheer/', fr: '/fr/services/gestion-locative/', en: '/en/services/rental-management/', de: '/de/dienstleistungen/mietverwaltung/' },
  },
  { name: 'menu page "contact"', paths: { nl: '/nl/contact/', fr: '/fr/contact/', en: '/en/contact/', de: '/de/contact/' } },
];

/** data/site/site.json: languageDefault, the target of x-default. */
const defaultLanguage: Language = 'nl';

const decodeEntities = (value: string) =>
  value
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The attributes of every `<tag …>` of the HTML, names lowercased, values decoded. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\s[^>]*>`, 'g'))].map((match) =>
    Object.fromEntries([...match[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [(name ?? '').toLowerCase(), decodeEntities(value ?? '')])),
  );
}

/**
 * Every page of the sample in `language`, on the server at `origin` whose enabled languages are
 * `enabled`: it answers 200 itself, its canonical link is its own literal URL, its hreflang
 * alternates are the literal URLs of every enabled language plus x-default, and the language
 * switcher links those same URLs (marked as the visitor's choice, ?lng=).
 */
export async function checkLiteralUrls(request: APIRequestContext, origin: string, language: Language, enabled: readonly Language[]): Promise<void> {
  for (const page of literalPages) {
    const path = page.paths[language];
    const response = await request.get(encodeURI(path), { maxRedirects: 0 });
    const html = await response.text();
    const links = tags(html, 'link');
    const seen = {
      status: response.status(),
      canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
      alternates: Object.fromEntries(links.filter((link) => link.rel === 'alternate' && link.hreflang).map((link) => [link.hreflang, link.href])),
      switcher: [
        ...new Set(
          tags(html, 'a')
            .filter((link) => 'data-language-choice' in link)
            .map((link) => `${link.hreflang} ${link.href}`),
        ),
      ].sort(),
    };
    const expected = {
      status: 200,
      canonical: [origin + path],
      alternates: Object.fromEntries([...enabled.map((other) => [other, origin + page.paths[other]]), ['x-default', origin + page.paths[defaultLanguage]]]),
      switcher: enabled.map((other) => `${other} ${page.paths[other]}?lng=${other}`).sort(),
    };
    expect.soft(seen, `${page.name} in ${language}: ${path}`).toEqual(expected);
  }
}
