'use client';

import dynamic from 'next/dynamic';

/*
 * The list's filters and paging load in their own chunk where a list is rendered. Imported by the
 * list page directly, they would ship with every page of the catch-all route (Turbopack gives a
 * route all the client components its server code reaches; see gallery-lazy.tsx). Rendered on the
 * server all the same.
 */
export const LazyServerListingBrowser = dynamic(() => import('./listing-browser').then((module) => module.ServerListingBrowser));
export const LazyExportListingBrowser = dynamic(() => import('./export-listing-browser').then((module) => module.ExportListingBrowser));
