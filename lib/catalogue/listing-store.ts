import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { BoundedCache } from './bounded-cache';
import { reshapeListing, summaryOf, type Listing, type ListingSummary, type OptionMarquees } from './listing-view';
import { publicProperty } from './public-view';
import { propertySchema, type CatalogueLanguage, type Property } from './schemas';

/*
 * The listings as a process keeps them (issue 16). At 5,000 listings in four languages the
 * validated records weigh about 100 MB of heap and their full views 40 MB more, while lists,
 * cards, the search index, map pins, alerts and routing read a few fields of each. So a listing
 * is kept as its summary (listing-view.ts) and its record as deflated JSON in one shared buffer
 * (a few kB each); the full Listing is rebuilt from that record when something asks for one (a
 * page rendered on request, a form, a mail, the owner portal), through a small cache.
 */

/** Full listings kept ready: one page render asks for its listing several times (metadata, JSON-LD, body). */
const recentLimit = 64;

export type ListingStore = {
  /** In the data file's order. */
  summaries: readonly ListingSummary[];
  byKey: ReadonlyMap<string, ListingSummary>;
  /** Where each record's deflated JSON lies in `bytes`. */
  spans: ReadonlyMap<string, readonly [start: number, end: number]>;
  bytes: Buffer;
  /** IDs of listings whose price is on demand: a project unit of one hides its price too. */
  hiddenPrices: ReadonlySet<number>;
  optionMarquees: OptionMarquees;
  recent: BoundedCache<string, Listing>;
};

const keyOf = (id: number, language: CatalogueLanguage) => `${id}/${language}`;

/** Appends buffers into one, growing it by doubling: one allocation holds every record. */
function arena() {
  let buffer = Buffer.allocUnsafe(1024 * 1024);
  let used = 0;
  return {
    append(bytes: Uint8Array): [number, number] {
      if (used + bytes.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + bytes.length));
        buffer.copy(grown, 0, 0, used);
        buffer = grown;
      }
      buffer.set(bytes, used);
      used += bytes.length;
      return [used - bytes.length, used];
    },
    // A copy of the exact size: the slack of the last doubling is given back.
    done: () => Buffer.from(buffer.subarray(0, used)),
  };
}

/** Builds the store of validated records (the data check's output, missing pictures left out). */
export function storeListings(properties: readonly Property[], optionMarquees: OptionMarquees): ListingStore {
  const summaries: ListingSummary[] = [];
  const byKey = new Map<string, ListingSummary>();
  const spans = new Map<string, readonly [number, number]>();
  const hiddenPrices = new Set<number>();
  const records = arena();
  for (const record of properties) {
    const key = keyOf(record.ID, record.language);
    const summary = summaryOf(reshapeListing(publicProperty(record), optionMarquees));
    summaries.push(summary);
    byKey.set(key, summary);
    if (!record.PublishPrice) hiddenPrices.add(record.ID);
    // zlib hands back a view of its 16 kB output chunk: copied into the arena, the chunk is freed.
    spans.set(key, records.append(deflateRawSync(JSON.stringify(record))));
  }
  return { summaries, byKey, spans, bytes: records.done(), hiddenPrices, optionMarquees, recent: new BoundedCache(recentLimit) };
}

export function storedSummary(store: ListingStore, id: number, language: CatalogueLanguage): ListingSummary | undefined {
  return store.byKey.get(keyOf(id, language));
}

/** The record as the data file holds it (missing pictures left out), read from the store. */
export function storedRecord(store: ListingStore, id: number, language: CatalogueLanguage): Property | undefined {
  const span = store.spans.get(keyOf(id, language));
  if (!span) return undefined;
  const text = inflateRawSync(store.bytes.subarray(span[0], span[1])).toString('utf8');
  // The data check validated this record; parsing it with its schema again types it without a cast.
  return propertySchema.parse(JSON.parse(text));
}

/** The full listing as the site shows it, rebuilt from its record. */
export function storedListing(store: ListingStore, id: number, language: CatalogueLanguage): Listing | undefined {
  const key = keyOf(id, language);
  const recent = store.recent.get(key);
  if (recent) return recent;
  const record = storedRecord(store, id, language);
  if (!record) return undefined;
  const listing = reshapeListing(publicProperty(record), store.optionMarquees);
  store.recent.set(key, listing);
  return listing;
}
