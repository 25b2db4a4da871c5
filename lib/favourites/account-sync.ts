import { searcherHintCookie } from '../auth/account-hint';
import { favouritesLimit, parseFavourites, readFavourites, replaceFavourites } from './storage';

/*
 * A signed-in searcher's favourites follow the account (issue 19 item 3): the browser's list and
 * the account's are merged both ways (POST /api/favourites/, lib/favourites/account-route.ts) when
 * a page loads and after each heart. Only where the hint cookie says a searcher is signed in, so
 * that no other visitor sends anything. A merge that fails is simply made again at the next load;
 * the listings forgotten meanwhile wait in the browser until one succeeds, or they would come back.
 */

const forgottenKey = 'agency.favourites.forgotten.v1';
const endpoint = '/api/favourites/';

const signedIn = () => typeof document !== 'undefined' && document.cookie.split('; ').includes(`${searcherHintCookie}=1`);

function forgotten(): number[] {
  try {
    return parseFavourites(localStorage.getItem(forgottenKey));
  } catch {
    return [];
  }
}

function setForgotten(ids: readonly number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(forgottenKey);
    else localStorage.setItem(forgottenKey, JSON.stringify(ids.slice(0, favouritesLimit)));
  } catch {
    // Storage refused: the account may keep a listing this browser forgot.
  }
}

async function merge(): Promise<void> {
  const sent = forgotten();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ids: readFavourites(), forgotten: sent }),
  });
  if (!response.ok) return;
  const account = parseFavourites(await response.text());
  const still = forgotten().filter((id) => !sent.includes(id));
  setForgotten(still);
  // What this browser changed while the answer came stays as it is now.
  replaceFavourites([...new Set([...readFavourites(), ...account])].filter((id) => !still.includes(id)));
}

let running = false;
let again = false;

/** Merges now, or, after a heart, once the merge under way ends. */
export function syncFavourites(afterChange = false): void {
  if (!signedIn()) return;
  if (running) {
    again ||= afterChange;
    return;
  }
  running = true;
  merge()
    .catch(() => undefined)
    .finally(() => {
      running = false;
      if (again) {
        again = false;
        syncFavourites();
      }
    });
}

/** A heart changed this browser's list: the account follows. */
export function favouriteChanged(id: number, kept: boolean): void {
  if (!signedIn()) return;
  const others = forgotten().filter((other) => other !== id);
  setForgotten(kept ? others : [id, ...others]);
  syncFavourites(true);
}
