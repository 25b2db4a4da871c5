/*
 * The listings a visitor keeps, in their own browser (issue 19 item 3): no account, nothing sent
 * to the server. Pure but for the Storage it is handed, so that the heart, the header's count and
 * the favourites page (client islands) share one small module, and unit tests give it a fake.
 *
 * The key carries a version: a later shape gets a new key and this one is simply ignored.
 * Whatever the browser holds is distrusted (another tab, an extension, an older build): a value
 * that does not read as a list of listing IDs counts as no favourites.
 */

export const favouritesKey = 'agency.favourites.v1';

/** At most this many listings are kept; saving one more forgets the oldest. */
export const favouritesLimit = 100;

/** Said within the page when a heart changes the list ('storage' only reaches the other tabs). */
const changeEvent = 'agency:favourites';

const isListingId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The IDs a stored value holds, newest first, without repeats, at most `favouritesLimit`; [] for anything malformed. */
export function parseFavourites(raw: string | null): number[] {
  if (raw === null || raw.length > 16_384) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isListingId))].slice(0, favouritesLimit);
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's storage, or undefined where there is none (the server, a locked-down browser). */
function browserStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readFavourites(store: Store | undefined = browserStore()): number[] {
  try {
    return store ? parseFavourites(store.getItem(favouritesKey)) : [];
  } catch {
    return [];
  }
}

function write(ids: readonly number[], store: Store | undefined): void {
  try {
    store?.setItem(favouritesKey, JSON.stringify(ids.slice(0, favouritesLimit)));
  } catch {
    // Storage full or refused: the heart stays as it was, as the next read will show.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(changeEvent));
}

/** Puts `ids` in place of the list (the merge with a searcher's account, lib/favourites/account-sync.ts). */
export function replaceFavourites(ids: readonly number[], store: Store | undefined = browserStore()): void {
  write(ids, store);
}

/** Saves a listing (first in the list) or forgets it; returns whether it is now kept. */
export function toggleFavourite(id: number, store: Store | undefined = browserStore()): boolean {
  const ids = readFavourites(store);
  const kept = !ids.includes(id);
  write(kept ? [id, ...ids] : ids.filter((other) => other !== id), store);
  return kept;
}

export function removeFavourite(id: number, store: Store | undefined = browserStore()): void {
  write(
    readFavourites(store).filter((other) => other !== id),
    store,
  );
}

/** Calls `listener` when the favourites change, in this tab or another one; returns the unsubscribe. */
export function subscribeFavourites(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === favouritesKey) listener();
  };
  window.addEventListener(changeEvent, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(changeEvent, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/*
 * useSyncExternalStore wants the same snapshot while nothing changed: the stored text is compared
 * (a string), and the parsed list kept with it.
 */
let lastRaw: string | null | undefined;
let lastIds: number[] = [];

/** The current favourites as a stable snapshot for useSyncExternalStore. */
export function favouritesSnapshot(): number[] {
  let raw: string | null = null;
  try {
    raw = browserStore()?.getItem(favouritesKey) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastIds = parseFavourites(raw);
  }
  return lastIds;
}

const none: number[] = [];
/** What the server HTML and hydration show: nothing kept (the browser's list is only known after). */
export const serverFavourites = (): number[] => none;
