/*
 * The small islands of a listing's page in one module, so that they come in one chunk (each chunk
 * of its own costs its wrapper and its loader on top of its code): the way back to the list, the
 * share links, the visit count, the video facade and the purchase-costs calculator's wrapper.
 * Reached only through dynamic imports (catalogue-islands-lazy.tsx, costs/purchase-costs-lazy.tsx).
 */
export { BackToList } from './back-to-list';
export { EmbedFacade } from './embed-facade';
export { ShareLinks } from './share-links';
export { VisitBeacon } from './visit-beacon';
export { DeferredPurchaseCostsCalculator } from '@/components/costs/purchase-costs-deferred';
