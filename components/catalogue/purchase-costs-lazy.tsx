'use client';

import dynamic from 'next/dynamic';

/*
 * The calculator's wrapper in the chunk of the listing page's small islands (detail-islands.ts): imported
 * directly it would ship with every page of the catch-all route (see
 * components/catalogue/gallery-lazy.tsx). The wrapper fetches the calculator itself when it comes
 * near the screen (purchase-costs-deferred.tsx); the server renders the calculator all the same, so
 * the default figures are in the page without JavaScript.
 */
export const LazyPurchaseCostsCalculator = dynamic(() => import('@/components/catalogue/detail-islands').then((module) => module.DeferredPurchaseCostsCalculator));
