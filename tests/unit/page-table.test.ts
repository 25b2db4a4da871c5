import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { getEnabledLanguages } from '@/lib/config';
import { referenceMessages } from '@/lib/i18n/messages';
import { allRoutes, breadcrumbTrail, href, isIndexable, pageInLanguage, renderedAt, resolvePath, type Route } from '@/lib/pages';
import { checkPath } from '@/lib/pages/check-path';

/*
 * The page table (lib/pages): every kind describes itself once, and the site reads it. These
 * checks hold for every page of every kind, so a new kind is held to them without a new test.
 */

vi.mock('next-intl/server', () => import('./intl-mock'));
const { routeMetadata } = await import('@/lib/pages/metadata');

const t = createTranslator({ locale: 'en', messages: referenceMessages });
const perRequestPages: Route[] = [{ page: 'portal' }, { page: 'portal-listing', id: 4000001 }, { page: 'newsletter-confirm', token: 'abc' }];

describe('the page table', () => {
  it('reads every page it builds back into the same page, which is canonical', () => {
    for (const language of getEnabledLanguages()) {
      for (const route of [...allRoutes(language), ...perRequestPages]) {
        const [path = '', search = ''] = href(route, language).split('?');
        const resolved = resolvePath(path, search);
        expect(resolved, `${language} ${JSON.stringify(route)}`).toEqual({ language, route: expect.objectContaining(route) });
        expect(checkPath(path).kind, path).toBe('ok');
      }
    }
  });

  it('gives every page a breadcrumb from the home page to itself, of pages that exist', () => {
    for (const route of allRoutes('en').filter((candidate) => candidate.page !== 'home')) {
      const trail = breadcrumbTrail(route, 'en', t);
      expect(trail[0], JSON.stringify(route)).toEqual({ name: 'Home', route: { page: 'home' } });
      expect(trail.length, JSON.stringify(route)).toBeGreaterThan(1);
      for (const crumb of trail) expect(crumb.name.trim(), JSON.stringify(route)).not.toBe('');
    }
  });

  it('marks a page noindex exactly when the sitemap leaves it out', async () => {
    for (const route of allRoutes('fr')) {
      const metadata = await routeMetadata('fr', route);
      expect(metadata.robots === undefined, JSON.stringify(route)).toBe(isIndexable(route, 'fr'));
      expect(String(metadata.title ?? '').length, JSON.stringify(route)).toBeGreaterThan(0);
    }
  });

  it('serves the pages that need the server per request, and prerenders the others', () => {
    expect(renderedAt({ page: 'portal' }, 'nl', '')).toBe('/nl/owner-portal/');
    expect(renderedAt({ page: 'portal-listing', id: 7 }, 'fr', '')).toBe('/fr/owner-portal/7/');
    expect(renderedAt({ page: 'newsletter-confirm' }, 'en', '?token=x')).toBe('/en/newsletter-confirmation/?token=x');
    expect(renderedAt({ page: 'for-sale' }, 'nl', '?city=Bergen%7C7000')).toBe('/nl/list-results/sale/?city=Bergen%7C7000');
    expect(renderedAt({ page: 'for-sale' }, 'nl', '?utm_source=x')).toBeUndefined();
    for (const route of allRoutes('nl').filter((candidate) => candidate.page !== 'for-sale' && candidate.page !== 'for-rent'))
      expect(renderedAt(route, 'nl', ''), JSON.stringify(route)).toBeUndefined();
  });

  it('switches language to the nearest page that exists there', () => {
    expect(pageInLanguage({ page: 'property', id: 999_999 }, 'fr')).toEqual({ page: 'home' });
    expect(pageInLanguage({ page: 'project', id: 999_999 }, 'fr')).toEqual({ page: 'projects' });
    expect(pageInLanguage({ page: 'menu', id: 'contact' }, 'fr')).toEqual({ page: 'menu', id: 'contact' });
  });
});

describe('page titles (issue 39, item 19)', () => {
  const titleOf = async (language: 'nl' | 'fr' | 'en' | 'de', route: Route) => {
    const metadata = await routeMetadata(language, route);
    const title = metadata.title;
    return typeof title === 'string' ? title : title !== null && typeof title === 'object' && 'absolute' in title ? String(title.absolute) : '';
  };

  it("name a filtered list's filters, so that two lists are told apart", async () => {
    const plain = await titleOf('nl', { page: 'for-sale' });
    const filtered = await titleOf('nl', { page: 'for-sale', query: { city: 'Mons|7000', maxPrice: 300000 } });
    expect(filtered).not.toBe(plain);
    expect(filtered).toContain('Bergen');
    expect(filtered).toMatch(/300\.000/);
    const typed = await titleOf('fr', { page: 'for-rent', query: { type: 1, bedrooms: 2, page: 2 } });
    expect(typed).not.toBe(await titleOf('fr', { page: 'for-rent' }));
    expect(typed).toMatch(/2/);
    for (const language of ['nl', 'fr', 'en', 'de'] as const) {
      expect(await titleOf(language, { page: 'for-sale', query: { minPrice: 100000 } }), language).not.toBe(await titleOf(language, { page: 'for-sale' }));
    }
  });

  it('tell a rental, a sale and a sold listing of the same kind apart', async () => {
    const { getProperties } = await import('@/lib/catalogue');
    const listings = getProperties('nl');
    const rental = listings.find((listing) => listing.goal === 'rent' && listing.state === 'on-offer');
    const sold = listings.find((listing) => listing.state === 'sold' && (rental === undefined || listing.type.webId === rental.type.webId)) ?? listings.find((listing) => listing.state === 'sold');
    const onSale = listings.find((listing) => listing.goal === 'sale' && listing.state === 'on-offer');
    if (!rental || !sold || !onSale) throw new Error('the demo catalogue has a rental, a sale and a sold listing');
    expect(await titleOf('nl', { page: 'property', id: rental.id })).toContain('te huur');
    expect(await titleOf('nl', { page: 'property', id: sold.id })).toContain('verkocht');
    expect(await titleOf('nl', { page: 'property', id: onSale.id })).toContain('te koop');
    expect(await titleOf('fr', { page: 'property', id: sold.id })).toContain('vendu');
    expect(await titleOf('en', { page: 'property', id: rental.id })).toContain('for rent');
  });
});

/** Every .ts and .tsx file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the layers', () => {
  const files = ['app', 'components', 'lib'].flatMap(sources).concat('proxy.ts');

  it('switches on the kind of a page nowhere but in the page table', () => {
    const switching = files.filter((file) => !file.startsWith('lib/pages/') && /switch \(\s*\w+\.page\s*\)/.test(readFileSync(file, 'utf8')));
    expect(switching).toEqual([]);
  });

  it("reads the CRM's raw codes (Status, Goal, PriceUnit, Marquee) only inside lib/catalogue", () => {
    const raw = /\.(Status|Goal|PriceUnit|Marquee)\s*[!=]==?/;
    const reading = files.filter((file) => !file.startsWith('lib/catalogue/') && raw.test(readFileSync(file, 'utf8')));
    expect(reading).toEqual([]);
  });

  it("keeps the CRM's records inside lib/catalogue: the rest of the site reads Listings and ProjectViews", () => {
    const recordType = /\b(PublicProperty|PublicProject|ProjectWithUnits|PictureItem)\b|import\s+(type\s+)?\{[^}]*\b(Property|Project)\b[^}]*\}\s+from\s+'[^']*catalogue[^']*'/;
    // Omnicasa's names of the fields that only a listing or a project record has (a type, a town,
    // an owner and a viewing slot keep theirs: they are not reshaped).
    const recordField =
      /\.(TypeDescription|MainTypeName|DescriptionA|XLargePictureItems?|SmallPictureItems?|NumberOf[A-Za-z]+|Surface[A-Za-z]+|PriceUnit|Marquee(Name)?|PublishAddress|PublishPrice|PublicAddress|GoogleX|GoogleY|HouseNumber|BoxNr|WebIDs|EnergyPerformance|EPCLabelText|MobilityScore|PointsOfInterest|VideoLinks|VirtualTour|Manager(Name|Email|DirectPhone|MobilePhone)|CreatedDate|LastChangedDate|ProjectID|Units|Documents)\b/;
    const raw = files.filter((file) => !file.startsWith('lib/catalogue/') && (recordType.test(readFileSync(file, 'utf8')) || recordField.test(readFileSync(file, 'utf8'))));
    expect(raw).toEqual([]);
  });
});
