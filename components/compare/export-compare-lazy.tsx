'use client';

import dynamic from 'next/dynamic';

/*
 * The export's comparison in its own chunk, fetched by that page alone; rendered only in the
 * browser (ssr: false), since only the browser knows the page's ?ids= on a static host.
 */
export const LazyExportCompare = dynamic(() => import('./export-compare').then((module) => module.ExportCompare), { ssr: false });
