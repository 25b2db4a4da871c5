import { describe, expect, it } from 'vitest';
import { getProject, getProjects, getProperties, getProperty, getTotals, getTypes, getCities, type ListingSummary } from '@/lib/catalogue';
import { checkedCatalogue } from '../checked-catalogue';
import { publicProperty } from '@/lib/catalogue/public-view';
import { getEnabledLanguages } from '@/lib/config';
import { formatEuro } from '@/lib/format';
import { allRoutes } from '@/lib/pages';
import { buildHomeMap, mapProperties } from '@/lib/map';
import { buildSearchIndex } from '@/lib/search';
import { pageJsonLd } from '@/lib/pages/json-ld';
import { sitemapEntries } from '@/lib/pages/sitemap';
import { hiddenFacts, leaks } from '../hidden-facts';

const raw = checkedCatalogue();
const record = (id: number) => raw.properties.find((property) => property.ID === id && property.language === 'nl')!;
const priceText = ({ price }: ListingSummary) => (price.kind === 'on-demand' ? 'op aanvraag' : formatEuro(price.amount));
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
      expect(publicProperty(hidden)).toMatchObject({ Street: '', HouseNumber: '', BoxNr: '' });
      expect(property.street).toBeUndefined();
      expect(property.spot).toBeUndefined();
      if (hidden.GoogleX == null || hidden.GoogleY == null) continue;
      const position = property.position!;
      expect(decimals(position.latitude)).toBeLessThanOrEqual(2);
      expect(decimals(position.longitude)).toBeLessThanOrEqual(2);
      // Still in its town: within about a kilometre of the house.
      expect(Math.abs(position.latitude - hidden.GoogleX)).toBeLessThanOrEqual(0.005);
      expect(Math.abs(position.longitude - hidden.GoogleY)).toBeLessThanOrEqual(0.005);
    }
    expect(getProperty(4000001, 'nl')?.street?.street).toContain(record(4000001).Street);
    expect(getProperty(4000001, 'nl')?.spot?.latitude).toBe(record(4000001).GoogleX);
  });

  it('has no price, nor the fees and duties computed from it, when the price is on demand', () => {
    for (const hidden of hiddenPrice) {
      expect(publicProperty(hidden)).toMatchObject({ Price: null, NotaryFee: null, RegistrationRights: null, VAT: null, Deposit: null });
      const listing = getProperty(hidden.ID, 'fr')!;
      expect(listing.price).toEqual({ kind: 'on-demand' });
      expect(listing.costs).toMatchObject({ notaryFee: undefined, registrationRights: undefined, vat: undefined, deposit: undefined });
    }
    expect(getProperty(4000001, 'fr')?.price).toMatchObject({ amount: record(4000001).Price });
  });

  it('gives a project unit no price when its listing hides it, and a hidden project no address', () => {
    const unitIds = new Set(hiddenPrice.map((property) => property.ID));
    for (const project of getProjects('nl')) {
      for (const unit of project.units) {
        if (unitIds.has(unit.listingId)) expect(unit.price).toBeUndefined();
        else expect(unit.price).toBeGreaterThan(0);
      }
      const hidden = raw.projects.find((candidate) => candidate.ID === project.id && candidate.language === 'nl');
      if (hidden && !hidden.PublicAddress) expect(getProject(project.id, 'nl')?.street).toBeUndefined();
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
  const onOffer = sale.filter((property) => property.availability === 'on-offer');

  it('leave sold and rented listings out of the totals, the type and the town counts', () => {
    expect(onOffer.length).toBeLessThan(sale.length);
    expect(getTotals('en').sale).toBe(onOffer.length);
    expect(getTotals('en').rent).toBe(getProperties('en', { goal: 'rent', availability: 'on-offer' }).length);
    expect(getTypes('en').reduce((sum, type) => sum + type.countSaleProperty, 0)).toBeGreaterThanOrEqual(onOffer.length);
    const mons = getCities('en').find((city) => city.Zip === '7000')!;
    expect(mons.countSaleProperty).toBe(onOffer.filter((property) => property.town.zip === '7000').length);
    const search = buildSearchIndex('en');
    expect(search.cities.reduce((sum, city) => sum + city.sale.count, 0)).toBe(onOffer.length);
  });

  it('keep every listing reachable: the references are a filter away, their pages still exist', () => {
    expect(getProperties('en', { goal: 'sale', availability: 'reference' }).map((property) => property.state)).toEqual(expect.arrayContaining(['sold']));
    expect(allRoutes('en').some((route) => route.page === 'property' && route.id === 4000003)).toBe(true);
  });
});
