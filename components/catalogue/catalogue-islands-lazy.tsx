'use client';

import dynamic from 'next/dynamic';

/*
 * The detail page's small islands and the home map's tiles, each in its own chunk, fetched by the
 * pages that render them: imported directly they would ship with every page of the catch-all route
 * (see gallery-lazy.tsx), menu and thank-you pages included. Rendered on the server all the same.
 */
export const LazyBackToList = dynamic(() => import('./back-to-list').then((module) => module.BackToList));
export const LazyEmbedFacade = dynamic(() => import('./embed-facade').then((module) => module.EmbedFacade));
export const LazyShareLinks = dynamic(() => import('./share-links').then((module) => module.ShareLinks));
export const LazyVisitBeacon = dynamic(() => import('./visit-beacon').then((module) => module.VisitBeacon));
export const LazyHomeMapTiles = dynamic(() => import('./home-map-tiles').then((module) => module.HomeMapTiles));
