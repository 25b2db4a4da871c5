import { describe, expect, it } from 'vitest';
import { catalogueLanguages, citySlug, getCities, getProject, getProjects, getProperties, getProperty, getTotals, getTypes, listItemOf, parseCityQuery, typeSlug } from '@/lib/catalogue';
import { applyListParams, parseListParams } from '@/lib/catalogue/list-query';
import { checkedCatalogue } from '../checked-catalogue';

describe('catalogue snapshot', () => {
  const { properties, types, cities, projects, appointmentSlots, owners } = checkedCatalogue();
  const listings = getProperties('nl');

  it('holds about 50 listings, about two thirds for sale, one record per language each', () => {
    expect(listings.length).toBeGreaterThanOrEqual(45);
    expect(listings.length).toBeLessThanOrEqual(60);
    const sale = listings.filter((property) => property.goal === 'sale').length;
    expect(sale / listings.length).toBeGreaterThan(0.55);
    expect(sale / listings.length).toBeLessThan(0.75);
    for (const language of catalogueLanguages)
      expect(
        getProperties(language)
          .map((p) => p.id)
          .sort(),
      ).toEqual(listings.map((p) => p.id).sort());
    expect(properties.length).toBe(listings.length * 4);
  });

  it('has the 7 types with ShowOrder 0-6, for sale and rent, named in each language', () => {
    for (const language of catalogueLanguages) {
      const own = types.filter((type) => type.language === language);
      expect(own.map((type) => type.WebID).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(own.map((type) => type.ShowOrder).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(own.every((type) => type.Sale && type.Rent)).toBe(true);
    }
    expect(types.find((type) => type.WebID === '3' && type.language === 'nl')!.Name).not.toBe(types.find((type) => type.WebID === '1' && type.language === 'fr')!.Name);
  });

  it('covers 25 Hainaut towns with 7xxx postcodes, 4 of them in the rent list', () => {
    const hainaut = cities.all.filter((city) => city.language === 'nl' && city.Zip.startsWith('7'));
    expect(hainaut).toHaveLength(25);
    expect(getCities('nl', 'rent')).toHaveLength(4);
    expect(getCities('fr', 'all').find((city) => city.Zip === '7000')!.Name).toBe('Mons');
    expect(getCities('nl', 'all').find((city) => city.Zip === '7000')!.Name).toBe('Bergen');
  });

  it('computes counts of what is on offer from the properties, never from the files', () => {
    const onOffer = listings.filter((property) => property.availability === 'on-offer');
    const total = getTypes('fr').reduce((sum, type) => sum + type.countSaleProperty + type.countRentProperty, 0);
    expect(total).toBeGreaterThanOrEqual(onOffer.length);
    const mons = getCities('fr').find((city) => city.Zip === '7000')!;
    const expected = getProperties('fr', { availability: 'on-offer' }).filter((property) => property.town.zip === '7000');
    expect(mons.countSaleProperty).toBe(expected.filter((property) => property.goal === 'sale').length);
    expect(mons.countRentProperty).toBe(expected.filter((property) => property.goal === 'rent').length);
    expect(mons.countSaleProperty + mons.countRentProperty).toBeGreaterThanOrEqual(8);
    const totals = getTotals('en');
    expect(totals.sale + totals.rent).toBe(onOffer.length);
  });

  it('filters by goal; a list filters the town (any language, case and accents ignored, same postcode) and type', () => {
    expect(getProperties('nl', { goal: 'rent' }).every((property) => property.goal === 'rent')).toBe(true);
    const items = getProperties('fr').map(listItemOf);
    const ids = (query: string) => applyListParams(items, { ...parseListParams(new URLSearchParams(query)), status: 'on-offer' }, items.length).ids;
    expect(ids('type=3').every((id) => getProperty(id, 'fr')?.type.webIds.includes(3))).toBe(true);
    const inMons = ids('city=Mons|7000');
    expect(inMons.length).toBeGreaterThan(0);
    expect(ids('city=BERGEN|7000')).toEqual(inMons);
    expect(ids('city=Mons|7500')).toEqual([]);
    expect(ids('city=Mons')).toEqual([]);
    const accented = cities.all.find((city) => city.Name === 'Écaussinnes');
    if (accented) expect(ids('city=ecaussinnes|7190')).toEqual(ids('city=Écaussinnes|7190'));
    expect(parseCityQuery('Le Rœulx|7070')).toEqual({ name: 'Le Rœulx', zip: '7070' });
  });

  it('finds one property by id in a language', () => {
    const first = listings[0]!;
    expect(getProperty(first.id, 'fr')!.language).toBe('fr');
    expect(getProperty(1, 'fr')).toBeUndefined();
  });

  it('gives slugs of towns and types per language', () => {
    const mons = getProperties('nl').find((property) => property.town.zip === '7000')!;
    expect(citySlug(mons)).toBe('bergen');
    expect(citySlug(getProperty(mons.id, 'fr')!)).toBe('mons');
    expect(typeSlug(3, 'fr')).toMatch(/^[a-z0-9-]+$/);
  });

  it('has projects whose units are listings', () => {
    expect(getProjects('nl').length).toBeGreaterThanOrEqual(3);
    const project = getProject(projects[0]!.ID, 'en')!;
    expect(project.units.every((unit) => unit.listing?.id === unit.listingId)).toBe(true);
    expect(project.units.some((unit) => unit.sold)).toBe(true);
  });

  it('has appointment slots, some nearly full, and owners with CRM history', () => {
    expect(appointmentSlots.some((slot) => slot.Booked === slot.Capacity - 1)).toBe(true);
    expect(owners.length).toBeGreaterThanOrEqual(3);
    expect(owners.every((owner) => owner.History.length > 0)).toBe(true);
  });
});
