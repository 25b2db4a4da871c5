'use client';

import { useSyncExternalStore } from 'react';
import { favouritesSnapshot, serverFavourites, subscribeFavourites } from '@/lib/favourites/storage';
import styles from './favourites-count.module.css';

/** How many listings this browser keeps, beside the header's link to the favourites page; nothing when none. */
export function FavouritesCount() {
  const count = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, serverFavourites).length;
  return count === 0 ? null : (
    <span className={styles.count} data-favourites-count="">
      {count}
    </span>
  );
}
