import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { BoundedCache } from '../cache/bounded-cache';
import { reshapeListing, summaryOf, type Listing, type ListingSummary, type OptionMarquees } from './listing-view';
import { publicProperty } from './public-view';
import { propertySchema, type CatalogueLanguage, type Property } from './schemas';

/*
 * The listings as a process keeps them (issue 16). At 5,000 listings in four languages the
 * validated records weigh about 100 MB of heap and their full views 40 MB more, while lists,
 * cards, the search index, map pins, alerts and routing read a few fields of each. So a listing
 * is kept as its summary (listing-view.ts) and its record as deflated JSON in one shared buffer
 * (about 1 kB each); the full Listing is rebuilt from that record when something asks for one (a
 * page rendered on request, a form, a mail, the owner portal), through a small cache.
 *
 * Records are deflated in blocks of `blockRecords`: one zlib call per record made 20,000 calls,
 * each with its own compressor state and output chunk, whose freed native memory the process kept
 * (about 60 MB of RSS); a block also compresses better, its records sharing their field names.
 */

/** Full listings kept ready: one page render asks for its listing several times (metadata, JSON-LD, body). */
const recentLimit = 64;
/** About 140 kB of JSON per block: inflating one for a record takes well under a millisecond. */
const blockRecords = 32;

/** A record's place: its block (a span of `bytes`), and its bytes within the inflated block. */
type RecordSpan = readonly [block: number, start: number, end: number];

export type ListingStore = {
  /** In the data file's order. */
  summaries: readonly ListingSummary[];
  byKey: ReadonlyMap<string, ListingSummary>;
  records: ReadonlyMap<string, RecordSpan>;
  /** Where each deflated block lies in `bytes`. */
  blocks: readonly (readonly [start: number, end: number])[];
  bytes: Buffer;
  /** IDs of listings whose price is on demand: a project unit of one hides its price too. */
  hiddenPrices: ReadonlySet<number>;
  optionMarquees: OptionMarquees;
  recent: BoundedCache<string, Listing>;
};

const keyOf = (id: number, language: CatalogueLanguage) => `${id}/${language}`;

/** A store without its cache of full listings: what one thread hands another (structured clone). */
export type StoreParts = Omit<ListingStore, 'recent' | 'bytes'> & { bytes: Uint8Array };

export function storeParts(store: ListingStore): StoreParts {
  const { recent: _recent, ...parts } = store;
  return parts;
}

/** The store again from its parts (a clone makes the Buffer a plain Uint8Array: viewed again as one, not copied). */
export function storeFromParts(parts: StoreParts): ListingStore {
  return { ...parts, bytes: Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength), recent: new BoundedCache(recentLimit) };
}

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

/**
 * Builds the store of validated records (the data check's output, missing pictures left out),
 * taking them out of `properties` as it goes: a record is garbage once stored, so the process never
 * holds every record and the whole store at once (at 5,000 listings that was its peak, about 50 MB
 * above what it keeps). The caller's array is empty afterwards.
 */
export function storeListings(properties: Property[], optionMarquees: OptionMarquees): ListingStore {
  const summaries: ListingSummary[] = [];
  const byKey = new Map<string, ListingSummary>();
  const records = new Map<string, RecordSpan>();
  const blocks: (readonly [number, number])[] = [];
  const hiddenPrices = new Set<number>();
  const deflated = arena();
  let block: Buffer[] = [];
  let blockBytes = 0;
  const closeBlock = () => {
    if (block.length === 0) return;
    blocks.push(deflated.append(deflateRawSync(Buffer.concat(block, blockBytes))));
    block = [];
    blockBytes = 0;
  };
  // Reversed, the records come off the end in the data file's order.
  properties.reverse();
  for (let record = properties.pop(); record; record = properties.pop()) {
    const key = keyOf(record.ID, record.language);
    const summary = summaryOf(reshapeListing(publicProperty(record), optionMarquees));
    summaries.push(summary);
    byKey.set(key, summary);
    if (!record.PublishPrice) hiddenPrices.add(record.ID);
    const json = Buffer.from(JSON.stringify(record));
    records.set(key, [blocks.length, blockBytes, blockBytes + json.length]);
    block.push(json);
    blockBytes += json.length;
    if (block.length === blockRecords) closeBlock();
  }
  closeBlock();
  return { summaries, byKey, records, blocks, bytes: deflated.done(), hiddenPrices, optionMarquees, recent: new BoundedCache(recentLimit) };
}

export function storedSummary(store: ListingStore, id: number, language: CatalogueLanguage): ListingSummary | undefined {
  return store.byKey.get(keyOf(id, language));
}

/** The record as the data file holds it (missing pictures left out), read from the store. */
export function storedRecord(store: ListingStore, id: number, language: CatalogueLanguage): Property | undefined {
  const span = store.records.get(keyOf(id, language));
  const block = span && store.blocks[span[0]];
  if (!span || !block) return undefined;
  const text = inflateRawSync(store.bytes.subarray(block[0], block[1])).subarray(span[1], span[2]).toString('utf8');
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
