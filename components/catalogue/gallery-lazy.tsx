'use client';

import dynamic from 'next/dynamic';

/*
 * The gallery loads in its own chunk, with its CSS, where a gallery is rendered (a listing or a
 * project). Imported by the page directly, they would ship with every page of the
 * catch-all route: Turbopack gives a route all the client components its server code reaches.
 * Rendered on the server all the same: no layout change.
 */
export const LazyPropertyGallery = dynamic(() => import('./property-gallery').then((module) => module.PropertyGallery));
