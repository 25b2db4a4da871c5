'use client';

import dynamic from 'next/dynamic';

/*
 * The favourites page's list in its own chunk, fetched only by that page: imported directly it
 * would ship with every page of the catch-all route (see components/catalogue/gallery-lazy.tsx).
 */
export const LazyFavouritesList = dynamic(() => import('./favourites-list').then((module) => module.FavouritesList));
