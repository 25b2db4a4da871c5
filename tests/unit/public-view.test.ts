import { describe, expect, it } from 'vitest';
import { getProject, getProjects, getProperties, getProperty, getTotals, getTypes, getCities, type Property } from '@/lib/catalogue';
import { loadCatalogue } from '@/lib/catalogue/load';
import { getEnabledLanguages } from '@/lib/config';
import { formatEuro } from '@/lib/format';
import { allRoutes } from '@/lib/pages';
import { buildHomeMap, mapProperties } from '@/lib/map';
import { buildSearchIndex } from '@/lib/search';
import { pageJsonLd } from '@/lib/seo/json-ld';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { hiddenFacts, leaks } from '../hidden-facts';

const raw = loadCatalogue();
const record = (id: number) => raw.properties.find((property) => property.ID === id && property.language === 'nl')!;
const priceText = (property: Property) => (property.Price === null ? 'op aanvraag' : formatEuro(property.Price));
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('the public view of a listing', () => {
  const hiddenAddress = raw.properties.filter((property) => !property.PublishAddress && property.language === 'nl');
  const hiddenPrice = raw.properties.filter((property) => !property.PublishPrice && property.language === 'nl');

  it('covers the listings the agency hides: 4000009 and five more addresses, three prices, one of them a project unit', () => {
    expect(hiddenAddress.map((property) => property.ID)).toContain(4000009);
    expect(hiddenAddress.length).toBeGreaterThanOrEqual(5);
    expect(hiddenPrice.some((property) => property.ProjectID)).toBe(true);
  });

  it('has no street, number or box, and coordinates at town precision, when the address is hidden', () => {
    for (const hidden of hiddenAddress) {
      const property = getProperty(hidden.ID, 'nl')!;
      expect(property).toMatchObject({ Street: '', HouseNumber: '', BoxNr: '' });
      if (hidden.GoogleX == null || hidden.GoogleY == null) continue;
      expect(decimals(property.GoogleX!)).toBeLessThanOrEqual(2);
      expect(decimals(property.GoogleY!)).toBeLessThanOrEqual(2);
      // Still in its town: within about a kilometre of the house.
      expect(Math.abs(property.GoogleX! - hidden.GoogleX)).toBeLessThanOrEqual(0.005);
      expect(Math.abs(property.GoogleY! - hidden.GoogleY)).toBeLessThanOrEqual(0.005);
    }
    expect(getProperty(4000001, 'nl')).toMatchObject({ Street: record(4000001).Street, GoogleX: record(4000001).GoogleX });
  });

  it('has no price, nor the fees and duties computed from it, when the price is on demand', () => {
    for (const hidden of hiddenPrice) {
      expect(getProperty(hidden.ID, 'fr')).toMatchObject({ Price: null, NotaryFee: null, RegistrationRights: null, VAT: null, Deposit: null });
    }
    expect(getProperty(4000001, 'fr')?.Price).toBe(record(4000001).Price);
  });

  it('gives a project unit no price when its listing hides it, and a hidden project no address', () => {
    const unitIds = new Set(hiddenPrice.map((property) => property.ID));
    for (const project of getProjects('nl')) {
      for (const unit of project.Units) {
        if (unitIds.has(unit.PropertyID)) expect(unit.Price).toBeNull();
        else expect(unit.Price).toBeGreaterThan(0);
      }
      if (!project.PublicAddress) expect(getProject(project.ID, 'nl')).toMatchObject({ Street: '', HouseNumber: '' });
    }
  });

  it('places a listing with a hidden address on the map at its town, not at its house', () => {
    const marker = mapProperties('nl', priceText).find((candidate) => candidate.id === 4000009)!;
    expect(marker).toBeDefined();
    expect(marker.lat).not.toBe(record(4000009).GoogleX);
    expect(decimals(marker.lat)).toBeLessThanOrEqual(2);
    expect(decimals(marker.lng)).toBeLessThanOrEqual(2);
  });

  it('leaks no hidden fact into map data, search index, JSON-LD or sitemap in any language', () => {
    const { everywhere, ownPages } = hiddenFacts();
    expect(everywhere.length).toBeGreaterThan(10);
    const found: string[] = [];
    const t = (key: string) => key;
    for (const language of getEnabledLanguages()) {
      const outputs: [string, unknown][] = [
        [`map ${language}`, buildHomeMap(language, priceText)],
        [`map markers ${language}`, mapProperties(language, priceText)],
        [`search index ${language}`, buildSearchIndex(language)],
        ...allRoutes(language).map((route): [string, unknown] => [`JSON-LD ${language} ${JSON.stringify(route)}`, pageJsonLd(route, language, t)]),
      ];
      for (const [name, output] of outputs) {
        const text = JSON.stringify(output);
        found.push(...leaks(text, everywhere).map((leak) => `${name}: ${leak}`));
        // A listing's own JSON-LD may not say what its page hides.
        const own = ownPages.find((entry) => name.includes(`"id":${entry.propertyId}`));
        if (own && name.includes('"page":"property"')) found.push(...leaks(text, own.facts).map((leak) => `${name}: ${leak}`));
      }
    }
    found.push(...leaks(JSON.stringify(sitemapEntries()), everywhere).map((leak) => `sitemap: ${leak}`));
    expect(found).toEqual([]);
  });
});

describe('counts of what is on offer', () => {
  const sale = getProperties('en', { goal: 'sale' });
  const onOffer = sale.filter((property) => property.Status === 1);

  it('leave sold and rented listings out of the totals, the type and the town counts', () => {
    expect(onOffer.length).toBeLessThan(sale.length);
    expect(getTotals('en').sale).toBe(onOffer.length);
    expect(getTotals('en').rent).toBe(getProperties('en', { goal: 'rent', availability: 'on-offer' }).length);
    expect(getTypes('en').reduce((sum, type) => sum + type.countSaleProperty, 0)).toBeGreaterThanOrEqual(onOffer.length);
    const mons = getCities('en').find((city) => city.Zip === '7000')!;
    expect(mons.countSaleProperty).toBe(onOffer.filter((property) => property.Zip === '7000').length);
    const search = buildSearchIndex('en');
    expect(search.cities.reduce((sum, city) => sum + city.sale.count, 0)).toBe(onOffer.length);
  });

  it('keep every listing reachable: the references are a filter away, their pages still exist', () => {
    expect(getProperties('en', { goal: 'sale', availability: 'reference' }).map((property) => property.Status)).toEqual(expect.arrayContaining([2]));
    expect(allRoutes('en').some((route) => route.page === 'property' && route.id === 4000003)).toBe(true);
  });
});
