'use client';

import dynamic from 'next/dynamic';

/*
 * The detail page's small islands (together, detail-islands.ts) and the home map's tiles, each in
 * their own chunk, fetched by the pages that render them: imported directly they would ship with every page of the catch-all route
 * (see gallery-lazy.tsx), menu and thank-you pages included. Rendered on the server all the same.
 */
export const LazyBackToList = dynamic(() => import('./detail-islands').then((module) => module.BackToList));
export const LazyEmbedFacade = dynamic(() => import('./detail-islands').then((module) => module.EmbedFacade));
export const LazyShareLinks = dynamic(() => import('./detail-islands').then((module) => module.ShareLinks));
export const LazyVisitBeacon = dynamic(() => import('./detail-islands').then((module) => module.VisitBeacon));
export const LazyHomeMapTiles = dynamic(() => import('./home-map-tiles').then((module) => module.HomeMapTiles));
