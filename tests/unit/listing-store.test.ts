import { describe, expect, it } from 'vitest';
import { getProperties, getProperty } from '@/lib/catalogue';
import { BoundedCache } from '@/lib/cache/bounded-cache';
import { storedListing, storedRecord, storeListings } from '@/lib/catalogue/listing-store';
import { optionMarqueesOf, reshapeListing, summaryOf } from '@/lib/catalogue/listing-view';
import { loadCatalogue } from '@/lib/catalogue/load';
import { publicProperty } from '@/lib/catalogue/public-view';
import { getSite } from '@/lib/config';
import { cleanDescription, textTeaser } from '@/lib/format';
import { checkedCatalogue } from '../checked-catalogue';

/*
 * The server keeps each listing as a summary and its record deflated (issue 16): what a page
 * reads back must be what the data file says, and the summaries what the full listings say.
 */

const records = checkedCatalogue().properties;
const optionMarquees = optionMarqueesOf(getSite().marquees);

describe('the listing store', () => {
  it('gives back every record exactly as the data check read it from the data file', () => {
    const store = loadCatalogue().listings;
    expect(records.length).toBeGreaterThan(100);
    for (const record of records) expect(storedRecord(store, record.ID, record.language)).toEqual(record);
    expect(storedRecord(store, 1, 'nl')).toBeUndefined();
  });

  it('rebuilds the full listing the site showed before, and its summary is that listing’s', () => {
    for (const record of records) {
      const listing = reshapeListing(publicProperty(record), optionMarquees);
      expect(getProperty(record.ID, record.language)).toEqual(listing);
      expect(getProperties(record.language).find((summary) => summary.id === record.ID)).toEqual(summaryOf(listing));
    }
  });

  it('keeps no description, gallery or facts in a summary', () => {
    const summary = getProperties('nl')[0];
    expect(summary).toBeDefined();
    for (const detail of ['description', 'pictures', 'documents', 'pointsOfInterest', 'manager', 'costs']) expect(summary).not.toHaveProperty(detail);
  });

  it('writes every teaser from the summary’s text as from the whole description', () => {
    for (const record of records) {
      const listing = reshapeListing(publicProperty(record), optionMarquees);
      for (const limit of [100, 160, 250, 300]) expect(textTeaser(listing.teaserText, limit)).toBe(cleanDescription(listing.description, limit));
    }
    const long = `<p>${'Maison lumineuse avec jardin. '.repeat(40)}</p>`;
    const [record] = records;
    if (!record) throw new Error('no record');
    const { summaries } = storeListings([{ ...record, DescriptionA: long }], optionMarquees);
    expect(summaries[0]?.teaserText.length).toBe(301);
    expect(textTeaser(summaries[0]?.teaserText ?? '', 250)).toBe(cleanDescription(long, 250));
  });

  it('takes the records out of the list it is given, keeping the data file’s order', () => {
    const given = records.slice(0, 70);
    const store = storeListings(given, optionMarquees);
    // The server's peak at 5,000 listings was every record and the whole store at once.
    expect(given).toHaveLength(0);
    expect(store.summaries.map((summary) => `${summary.id}/${summary.language}`)).toEqual(records.slice(0, 70).map((record) => `${record.ID}/${record.language}`));
    for (const record of records.slice(0, 70)) expect(storedRecord(store, record.ID, record.language)).toEqual(record);
  });

  it('reads a record once for the several asks of one page render', () => {
    const [record] = records;
    if (!record) throw new Error('no record');
    const store = storeListings([record], optionMarquees);
    const first = storedListing(store, record.ID, record.language);
    expect(storedListing(store, record.ID, record.language)).toBe(first);
    expect(store.recent.size).toBe(1);
  });
});

describe('a bounded cache', () => {
  it('keeps at most its limit and drops the least recently used first', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.set('c', 4);
    expect(cache.size).toBe(2);
    expect(cache.get('c')).toBe(4);
  });

  it('bounds what its entries weigh when told how to weigh them, replacing an entry without counting it twice', () => {
    const cache = new BoundedCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.set('a', 'xxxxx');
    expect(cache.weight).toBe(9);
    expect(cache.get('b')).toBe('xxxx');
    cache.set('c', 'xxx');
    // a (5) was the least recently used: dropped, then b (4) + c (3) fit.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(7);
    cache.set('d', 'x'.repeat(11));
    expect(cache.size).toBe(0);
    expect(cache.weight).toBe(0);
  });

  it('does not keep a value heavier than its bound per entry, and keeps the others', () => {
    const cache = new BoundedCache<string, string>(10, (value) => value.length, 4);
    cache.set('a', 'xxx');
    cache.set('b', 'xxxxx');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('xxx');
    expect(cache.weight).toBe(3);
  });
});
