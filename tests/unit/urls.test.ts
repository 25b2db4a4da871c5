import { describe, expect, it } from 'vitest';
import { getProperties, getProjects, getProperty } from '@/lib/catalogue';
import { getArticles, loadSiteConfig, supportedLanguages } from '@/lib/config';
import { legacyRedirect } from '@/lib/i18n/legacy';
import { href, resolveDetail, resolvePath, translatePath, type Route } from '@/lib/i18n/urls';
import { thankYouForms } from '@/lib/i18n/slugs';

/** Every route of the site, as the crawl and sitemap will see them. */
function allRoutes(): Route[] {
  const ids = [...new Set(getProperties('nl').map((property) => property.ID))];
  return [
    { page: 'home' },
    { page: 'for-sale' },
    { page: 'for-rent' },
    { page: 'projects' },
    { page: 'login' },
    ...ids.map((id) => ({ page: 'property', id }) as const),
    ...getProjects('nl').map((project) => ({ page: 'project', id: project.ID }) as const),
    ...thankYouForms.map((form) => ({ page: 'thank-you', form }) as const),
    ...getArticles()
      .filter((article) => article.category !== 'pages')
      .map((article) => ({ page: 'article', id: article.id }) as const),
    ...loadSiteConfig()
      .menu.filter((entry) => entry.params.type === 'page')
      .map((entry) => ({ page: 'menu', id: entry.id }) as const),
  ];
}

describe('URLs', () => {
  it('builds the localised system slugs of the spec table', () => {
    expect(href({ page: 'for-sale' }, 'nl')).toBe('/nl/te-koop/');
    expect(href({ page: 'for-sale' }, 'fr')).toBe('/fr/a-vendre/');
    expect(href({ page: 'for-rent' }, 'en')).toBe('/en/for-rent/');
    expect(href({ page: 'for-rent' }, 'de')).toBe('/de/zu-vermieten/');
    expect(href({ page: 'projects' }, 'fr')).toBe('/fr/projets/');
    expect(href({ page: 'thank-you', form: 'site-contact' }, 'nl')).toBe('/nl/bedankt/site-contact/');
    expect(href({ page: 'login' }, 'fr')).toBe('/fr/login/');
  });

  it('builds menu paths from the menu configuration, children under their parent', () => {
    expect(href({ page: 'menu', id: 'demand-register' }, 'en')).toBe("/en/i'm-looking-for/");
    expect(href({ page: 'menu', id: 'free-valuation' }, 'fr')).toBe('/fr/estimation-gratuite/');
    expect(href({ page: 'menu', id: 'useful-links' }, 'nl')).toBe('/nl/handige-links/');
    expect(href({ page: 'menu', id: 'services' }, 'nl')).toBe('/nl/diensten/');
    expect(href({ page: 'menu', id: 'rental-management' }, 'fr')).toBe('/fr/services/gestion-locative/');
    expect(href({ page: 'menu', id: 'contact' }, 'de')).toBe('/de/contact/');
  });

  it('uses the town name of the language in detail URLs (Mons is Bergen in Dutch)', () => {
    const mons = getProperties('fr').find((property) => property.Zip === '7000');
    expect(mons).toBeDefined();
    const id = mons!.ID;
    expect(href({ page: 'property', id }, 'fr')).toMatch(new RegExp(`^/fr/(a-vendre|a-louer)/mons/[a-z-]+/${id}/$`));
    expect(href({ page: 'property', id }, 'nl')).toMatch(new RegExp(`^/nl/(te-koop|te-huur)/bergen/[a-z-]+/${id}/$`));
  });

  it('reads back every URL it builds, in every language', () => {
    for (const language of supportedLanguages) {
      for (const route of allRoutes()) {
        const url = href(route, language);
        const { search } = new URL(url, 'http://site');
        expect(resolvePath(url, search), url).toEqual({ language, route: route.page === 'for-sale' || route.page === 'for-rent' ? { ...route, query: {} } : route });
      }
    }
  });

  it('never puts a typographic apostrophe in a path', () => {
    for (const language of supportedLanguages) {
      for (const route of allRoutes()) expect(href(route, language)).not.toContain('\u2019');
    }
  });

  it('translates any page to the same page in another language, detail slugs included', () => {
    const property = getProperties('nl').find((candidate) => candidate.Zip === '7000')!;
    const dutch = href({ page: 'property', id: property.ID }, 'nl');
    expect(translatePath(dutch, 'fr')).toBe(href({ page: 'property', id: property.ID }, 'fr'));
    expect(translatePath("/en/i'm-looking-for/", 'nl')).toBe('/nl/ik-zoek/');
    expect(translatePath('/en/i%27m-looking-for/', 'fr')).toBe('/fr/je-cherche/');
    expect(translatePath('/nl/diensten/verhuurbeheer/', 'en')).toBe('/en/services/rental-management/');
    expect(translatePath('/fr/merci/contact-me/', 'nl')).toBe('/nl/bedankt/contact-me/');
    expect(translatePath('/nl/te-koop/', 'fr', '?type=1')).toBe('/fr/a-vendre/?type=1');
    expect(translatePath('/nl/does-not-exist/', 'en')).toBe('/en/');
  });

  it('redirects stale detail slugs to the canonical URL and knows unknown ids', () => {
    const property = getProperties('nl').find((candidate) => candidate.Goal === 0)!;
    const canonical = href({ page: 'property', id: property.ID }, 'nl');
    const [, , , city, type] = canonical.split('/');
    expect(resolveDetail('for-sale', 'nl', { city: city!, type: type!, id: String(property.ID) })).toEqual({ kind: 'found', id: property.ID });
    expect(resolveDetail('for-sale', 'nl', { city: 'elsewhere', type: type!, id: String(property.ID) })).toEqual({ kind: 'redirect', to: canonical });
    expect(resolveDetail('for-rent', 'nl', { city: city!, type: type!, id: String(property.ID) })).toEqual({ kind: 'redirect', to: canonical });
    expect(resolveDetail('for-sale', 'nl', { city: city!, type: type!, id: '999999999' })).toEqual({ kind: 'not-found' });
    expect(resolveDetail('for-sale', 'nl', { city: city!, type: type!, id: '12abc' })).toEqual({ kind: 'not-found' });
  });

  it('maps the unlocalised links of the spec', () => {
    const property = getProperty(getProperties('en')[0]!.ID, 'en')!;
    const project = getProjects('fr')[0]!;
    expect(legacyRedirect('/for-sale/', '', 'fr')).toBe('/fr/a-vendre/');
    expect(legacyRedirect('/for-rent/', '?city=Mons%7C7000', 'nl')).toBe('/nl/te-huur/?city=Mons%7C7000');
    expect(legacyRedirect(`/property/${property.ID}/`, '', 'en')).toBe(href({ page: 'property', id: property.ID }, 'en'));
    expect(legacyRedirect('/contact-demand/', '', 'nl')).toBe('/nl/gratis-schatting/');
    expect(legacyRedirect('/project/', `?id=${project.ID}`, 'fr')).toBe(`/fr/projets/${project.ID}/`);
    expect(legacyRedirect('/project/', '?id=nope', 'fr')).toBe('/fr/projets/');
    expect(legacyRedirect('/something-else/', '', 'fr')).toBeUndefined();
  });
});
