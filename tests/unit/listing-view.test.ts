import { describe, expect, it } from 'vitest';
import { optionMarqueesOf, reshapeListing, reshapeProject } from '@/lib/catalogue/listing-view';
import { checkedCatalogue } from '../checked-catalogue';
import { publicProject, publicProperty } from '@/lib/catalogue/public-view';
import type { Property as PropertyRecord } from '@/lib/catalogue/schemas';
import { getSite } from '@/lib/config';

/*
 * reshapeListing is where the CRM's codes get their meaning (lib/catalogue/listing-view.ts). The
 * records are the snapshot's own, edited where a case needs a code the demo data has not, and go
 * through the public view first, as the data layer does.
 */

const raw = checkedCatalogue();

function record(id: number, changes: Partial<PropertyRecord> = {}): PropertyRecord {
  const found = raw.properties.find((candidate) => candidate.ID === id && candidate.language === 'en');
  if (!found) throw new Error(`listing ${id} (en) is missing from data/catalogue`);
  return { ...found, ...changes };
}

// The site's own marquee table: in data/site, marquee 2 means "option".
const optionMarquees = optionMarqueesOf(getSite().marquees);
const view = (id: number, changes: Partial<PropertyRecord> = {}) => reshapeListing(publicProperty(record(id, changes)), optionMarquees);

describe('the price a listing shows', () => {
  it('is on demand when the agency does not publish it, whatever the unit', () => {
    expect(view(4000001, { PublishPrice: false }).price).toEqual({ kind: 'on-demand' });
    expect(view(4000008, { PublishPrice: false }).price).toEqual({ kind: 'on-demand' });
  });

  it('starts from its amount for PriceUnit 7', () => {
    expect(view(4000008).price).toEqual({ kind: 'starting-from', amount: record(4000008).Price });
  });

  it('is per month for a rental and the plain amount for a sale', () => {
    expect(view(4000012).price).toEqual({ kind: 'per-month', amount: record(4000012).Price });
    expect(view(4000001).price).toEqual({ kind: 'amount', amount: record(4000001).Price });
  });

  it('takes the fees computed from a hidden price away with it', () => {
    expect(view(4000001, { PublishPrice: false, NotaryFee: 3000, VAT: 21000, Deposit: 1200 }).costs).toMatchObject({ notaryFee: undefined, vat: undefined, deposit: undefined });
  });
});

describe('goal, state and ribbon', () => {
  it('reads the goal and the availability from the codes', () => {
    expect(view(4000001)).toMatchObject({ goal: 'sale', state: 'on-offer', availability: 'on-offer' });
    expect(view(4000012)).toMatchObject({ goal: 'rent', state: 'on-offer', availability: 'on-offer' });
    expect(view(4000003)).toMatchObject({ goal: 'sale', state: 'sold', availability: 'reference' });
    expect(view(4000013)).toMatchObject({ goal: 'rent', state: 'rented', availability: 'reference' });
  });

  it('is under option on offer with a marquee the site config says means option, and stays available', () => {
    expect(record(4000006)).toMatchObject({ Status: 1, Marquee: 2 });
    expect(view(4000006)).toMatchObject({ state: 'under-option', availability: 'on-offer' });
    // Still to be moved into on its day, as a listing on offer.
    expect(view(4000022)).toMatchObject({ state: 'under-option', availableFrom: '2026-11-15' });
    // Another meaning of the same id, or no marquee: on offer.
    expect(reshapeListing(publicProperty(record(4000006)), optionMarqueesOf([{ id: 2, meaning: 'new' }])).state).toBe('on-offer');
    expect(view(4000006, { Marquee: 0, MarqueeName: '' }).state).toBe('on-offer');
  });

  it('is sold or rented by Status, whatever an option marquee says', () => {
    expect(view(4000003, { Marquee: 2, MarqueeName: 'Under option' })).toMatchObject({ state: 'sold', availability: 'reference', ribbon: { kind: 'sold' } });
    expect(view(4000013, { Marquee: 2, MarqueeName: 'Under option' })).toMatchObject({ state: 'rented', availability: 'reference' });
  });

  it('says sold or rented first, whatever marquee the CRM left on the listing', () => {
    expect(view(4000003, { Marquee: 1, MarqueeName: 'New' }).ribbon).toEqual({ kind: 'sold' });
    expect(view(4000013).ribbon).toEqual({ kind: 'rented' });
  });

  it("shows the marquee's text on a listing on offer, and no ribbon without one", () => {
    // Under option too: the ribbon is the marquee's text, said once.
    expect(view(4000006).ribbon).toEqual({ kind: 'marquee', text: 'Under option' });
    expect(view(4000004).ribbon).toBeUndefined();
    expect(view(4000004, { Marquee: 1, MarqueeName: '' }).ribbon).toBeUndefined();
  });
});

describe('the address', () => {
  it('is the street and number, with the box apart, when published', () => {
    const published = view(4000001, { Street: ' Grand-Place ', HouseNumber: '12', BoxNr: '3B' });
    expect(published.street).toEqual({ street: 'Grand-Place 12', box: '3B' });
    expect(published.spot).toEqual(published.position);
    expect(view(4000001, { BoxNr: '' }).street).not.toHaveProperty('box');
  });

  it('gives no street and no spot when hidden, and a position at the scale of the town only', () => {
    const original = record(4000001);
    // The description is the agency's own text: a listing that hides its address must not name it there.
    const hidden = view(4000001, { PublishAddress: false, DescriptionA: '' });
    expect(hidden.street).toBeUndefined();
    expect(hidden.spot).toBeUndefined();
    expect(hidden.position?.latitude).toBe(Math.round((original.GoogleX ?? 0) * 100) / 100);
    expect(JSON.stringify(hidden)).not.toContain(original.Street);
  });

  it('has no position without coordinates', () => {
    expect(view(4000001, { GoogleX: null, GoogleY: null })).toMatchObject({ spot: undefined, position: undefined });
  });

  it('names the town, its country and its EPC region', () => {
    const listing = view(4000001);
    expect(listing.title).toBe(`${record(4000001).TypeDescription} – ${record(4000001).City}`);
    expect(listing.town).toEqual({ name: record(4000001).City, zip: record(4000001).Zip, country: { code: 'BE', name: record(4000001).CountryName } });
    expect(view(4000001, { Zip: '8001', CountryID: 50 })).toMatchObject({ town: { country: { code: 'LU' } }, region: 'luxembourg' });
    expect(view(4000001, { Zip: '7000' }).region).toBe('wallonia');
  });
});

describe('facts', () => {
  it('has one word for a missing value: undefined, never null', () => {
    const listing = view(4000001, { NumberOfBedRooms: null, SurfaceLiving: undefined, Facades: 3, ManagerMobilePhone: null });
    expect(listing.rooms.bedrooms).toBeUndefined();
    expect(listing.surfaces.living).toBeUndefined();
    expect(listing.building.facades).toBe('half-open');
    expect(listing.manager.mobilePhone).toBeUndefined();
    expect(JSON.stringify(listing, (_key, value: unknown) => (value === null ? 'NULL' : value))).not.toContain('NULL');
  });

  it('lists the types a listing is found under, the main one among them', () => {
    expect(view(4000001, { WebID: 3, WebIDs: '1,3' }).type).toMatchObject({ webId: 3, webIds: [1, 3] });
  });
});

describe('a project', () => {
  const project = raw.projects.find((candidate) => candidate.language === 'en');
  if (!project) throw new Error('no project in data/catalogue');
  const [first] = project.Units;
  if (!first) throw new Error('a project without units');

  it("points its units at their listings, with the listing's floor", () => {
    const listing = view(first.PropertyID, { Floor: 4 });
    const shown = reshapeProject(
      publicProject(project, () => false),
      (id) => (id === first.PropertyID ? listing : undefined),
    );
    expect(shown.units[0]).toMatchObject({ listingId: first.PropertyID, floor: 4, price: first.Price, listing });
    expect(shown.units[1]?.listing).toBeUndefined();
  });

  it('gives a unit whose listing hides its price no price, and a hidden address no street', () => {
    const shown = reshapeProject(
      publicProject({ ...project, PublicAddress: false, Street: 'Hidden Lane', HouseNumber: '9' }, () => true),
      () => undefined,
    );
    expect(shown.units.every((unit) => unit.price === undefined)).toBe(true);
    expect(shown.street).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain('Hidden Lane');
  });
});
