'use client';

import dynamic from 'next/dynamic';

/*
 * The calculator in its own chunk, fetched only by a sale listing's page: imported directly it
 * would ship with every page of the catch-all route (see components/catalogue/gallery-lazy.tsx).
 * Still rendered on the server, so the default figures are in the page without JavaScript.
 */
export const LazyPurchaseCostsCalculator = dynamic(() => import('./purchase-costs-calculator').then((module) => module.PurchaseCostsCalculator));
