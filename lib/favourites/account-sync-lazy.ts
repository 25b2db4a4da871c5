import { searcherHintCookie } from '../auth/account-hint';

/*
 * The merge with a searcher's account (account-sync.ts) concerns signed-in searchers only: its code
 * is fetched when the hint cookie says one is signed in, rather than shipped with the hearts and the
 * header's count to every visitor. A fetch that fails is a merge that fails: made again at the next load.
 */
const signedIn = () => typeof document !== 'undefined' && document.cookie.split('; ').includes(`${searcherHintCookie}=1`);

const withSync = (use: (sync: typeof import('./account-sync')) => void) => {
  if (signedIn()) import('./account-sync').then(use).catch(() => undefined);
};

/** Merges the browser's favourites with the account's (account-sync.ts). */
export const syncFavourites = () => withSync((sync) => sync.syncFavourites());

/** A heart changed this browser's list: the account follows (account-sync.ts). */
export const favouriteChanged = (id: number, kept: boolean) => withSync((sync) => sync.favouriteChanged(id, kept));
