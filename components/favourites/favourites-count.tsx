'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { syncFavourites } from '@/lib/favourites/account-sync-lazy';
import { favouritesSnapshot, serverFavourites, subscribeFavourites } from '@/lib/favourites/storage';
import styles from './favourites-count.module.css';

/** How many listings this browser keeps, beside the header's link to the favourites page; nothing when none. */
export function FavouritesCount() {
  const count = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, serverFavourites).length;
  // The header is on every page: where a searcher is signed in, the account's favourites join this browser's.
  useEffect(() => syncFavourites(), []);
  return count === 0 ? null : (
    <span className={styles.count} data-favourites-count="">
      {count}
    </span>
  );
}
