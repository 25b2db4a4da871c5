import { describe, expect, it } from 'vitest';
import { getProperties, getProjects, getProperty } from '@/lib/catalogue';
import { supportedLanguages } from '@/lib/config';
import { legacyRedirect } from '@/lib/links/legacy';
import { allPathSegments, checkPath } from '@/lib/pages/check-path';
import { allRoutes, href, resolvePath } from '@/lib/pages';
import { translatePath, translateUrl } from '@/lib/links/language-switch';

const allRoutesNl = () => allRoutes('nl');

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

  it("accepts 'Liens-utiles' style paths from the configuration and serves them in lowercase", async () => {
    const { loadSiteConfig } = await import('@/lib/config');
    const entry = loadSiteConfig().menu.find((candidate) => candidate.id === 'useful-links')!;
    const original = entry.params.path.fr;
    entry.params.path.fr = 'Liens-utiles';
    try {
      expect(href({ page: 'menu', id: 'useful-links' }, 'fr')).toBe('/fr/liens-utiles/');
      expect(checkPath('/fr/Liens-utiles/')).toEqual({ kind: 'redirect', to: '/fr/liens-utiles/' });
      expect(checkPath('/fr/liens-utiles/').kind).toBe('ok');
    } finally {
      entry.params.path.fr = original;
    }
  });

  it('uses the town name of the language in detail URLs (Mons is Bergen in Dutch)', () => {
    const mons = getProperties('fr').find((property) => property.town.zip === '7000');
    expect(mons).toBeDefined();
    const id = mons!.id;
    expect(href({ page: 'property', id }, 'fr')).toMatch(new RegExp(`^/fr/(a-vendre|a-louer)/mons/[a-z-]+/${id}/$`));
    expect(href({ page: 'property', id }, 'nl')).toMatch(new RegExp(`^/nl/(te-koop|te-huur)/bergen/[a-z-]+/${id}/$`));
  });

  it('reads back every URL it builds, in every language', () => {
    for (const language of supportedLanguages) {
      for (const route of allRoutesNl()) {
        const url = href(route, language);
        const { search } = new URL(url, 'http://site');
        expect(resolvePath(url, search), url).toEqual({ language, route: route.page === 'for-sale' || route.page === 'for-rent' ? { ...route, query: {} } : route });
      }
    }
  });

  it('never puts a typographic apostrophe in a path', () => {
    for (const language of supportedLanguages) {
      for (const route of allRoutesNl()) expect(href(route, language)).not.toContain('\u2019');
    }
  });

  it('translates any page to the same page in another language, detail slugs included', () => {
    const property = getProperties('nl').find((candidate) => candidate.town.zip === '7000')!;
    const dutch = href({ page: 'property', id: property.id }, 'nl');
    expect(translatePath(dutch, 'fr')).toBe(href({ page: 'property', id: property.id }, 'fr'));
    expect(translatePath("/en/i'm-looking-for/", 'nl')).toBe('/nl/ik-zoek/');
    expect(translatePath('/en/i%27m-looking-for/', 'fr')).toBe('/fr/je-cherche/');
    expect(translatePath('/nl/diensten/verhuurbeheer/', 'en')).toBe('/en/services/rental-management/');
    expect(translatePath('/fr/merci/contact-me/', 'nl')).toBe('/nl/bedankt/contact-me/');
    expect(translatePath('/nl/te-koop/', 'fr', '?type=1')).toBe('/fr/a-vendre/?type=1');
    expect(translatePath('/nl/does-not-exist/', 'en')).toBe('/en/');
  });

  it("a language switch keeps a list's filters, sort and page, the town named as the other language names it", () => {
    expect(translateUrl('/fr/a-vendre/', '?city=Mons|7000&type=1&sort=price-asc&page=2&lng=nl', 'nl')).toBe('/nl/te-koop/?city=Bergen%7C7000&type=1&sort=price-asc&page=2');
    expect(translateUrl('/nl/te-huur/', '?lng=en&city=bergen%7C7000', 'en')).toBe('/en/for-rent/?city=Mons%7C7000');
    // The references (sold or rented) stay the references in the other language.
    expect(translateUrl('/fr/a-vendre/', '?status=references&page=2&lng=nl', 'nl')).toBe('/nl/te-koop/?status=references&page=2');
    // An unknown town is no filter; parameters that are not the list's stay, ?lng= goes.
    expect(translateUrl('/en/for-sale/', '?city=Foo|7000&utm_source=mail&lng=fr', 'fr')).toBe('/fr/a-vendre/?utm_source=mail');
    expect(translateUrl('/fr/merci/contact-me/', '?lng=nl', 'nl')).toBe('/nl/bedankt/contact-me/');
    expect(href({ page: 'for-sale', query: { city: 'Mons|7000', type: 3 } }, 'nl')).toBe('/nl/te-koop/?city=Bergen%7C7000&type=3');
  });

  it('redirects stale detail slugs to the canonical URL and sends unknown paths to the 404 pages', () => {
    const property = getProperties('nl').find((candidate) => candidate.goal === 'sale')!;
    const canonical = href({ page: 'property', id: property.id }, 'nl');
    const [, , , city, type] = canonical.split('/');
    expect(checkPath(canonical)).toMatchObject({ kind: 'ok', resolved: { language: 'nl', route: { page: 'property', id: property.id } } });
    expect(checkPath(`/nl/te-koop/elders/${type}/${property.id}/`)).toEqual({ kind: 'redirect', to: canonical });
    expect(checkPath(`/nl/te-huur/${city}/${type}/${property.id}/`)).toEqual({ kind: 'redirect', to: canonical });
    expect(checkPath(`/nl/te-koop/${city}/${type}/999999999/`)).toEqual({ kind: 'not-found', render: '/nl/404/property/' });
    expect(checkPath(`/nl/te-koop/${city}/${type}/12abc/`)).toEqual({ kind: 'not-found', render: '/nl/404/' });
    expect(checkPath('/fr/projets/1/')).toEqual({ kind: 'not-found', render: '/fr/404/' });
    expect(checkPath('/en/Services/')).toEqual({ kind: 'redirect', to: '/en/services/' });
    expect(checkPath('/en/i%27m-looking-for/').kind).toBe('ok');
    expect(checkPath('/en/404/')).toEqual({ kind: 'not-found', render: '/en/404/' });
    expect(checkPath('/en/thank-you/not-a-form/')).toEqual({ kind: 'not-found', render: '/en/404/' });
  });

  it('lists every page for the build, each one resolving, plus the two 404 pages', () => {
    const segments = allPathSegments('fr');
    expect(segments).toContainEqual(['a-vendre']);
    expect(segments).toContainEqual(['404']);
    expect(segments).toContainEqual(['404', 'property']);
    for (const path of segments.filter((candidate) => candidate[0] !== '404')) {
      expect(checkPath(`/fr/${path.join('/')}/`).kind, path.join('/')).toBe('ok');
    }
  });

  it('maps the unlocalised links of the spec', () => {
    const property = getProperty(getProperties('en')[0]!.id, 'en')!;
    const project = getProjects('fr')[0]!;
    expect(legacyRedirect('/for-sale/', '', 'fr')).toBe('/fr/a-vendre/');
    expect(legacyRedirect('/for-rent/', '?city=Mons%7C7000', 'nl')).toBe('/nl/te-huur/?city=Mons%7C7000');
    expect(legacyRedirect(`/property/${property.id}/`, '', 'en')).toBe(href({ page: 'property', id: property.id }, 'en'));
    expect(legacyRedirect('/contact-demand/', '', 'nl')).toBe('/nl/gratis-schatting/');
    expect(legacyRedirect('/project/', `?id=${project.id}`, 'fr')).toBe(`/fr/projets/${project.id}/`);
    expect(legacyRedirect('/project/', '?id=nope', 'fr')).toBe('/fr/projets/');
    expect(legacyRedirect('/something-else/', '', 'fr')).toBeUndefined();
  });
});
