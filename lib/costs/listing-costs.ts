import type { Listing } from '../catalogue';
import { getPurchaseCostRules, type PurchaseCostRules } from '../config';
import { purchaseCosts, type CostRegion, type PurchaseCosts } from './purchase-costs';
import { rentalCosts, type RentalCosts } from './rental-costs';

/*
 * Which costs a listing's page shows. Only a listing on offer with a published price: a computation
 * from a hidden price would reveal it, and a sold or rented reference has nothing left to pay.
 * Luxembourg has other taxes and notaries, which these rules do not cover.
 */

export type SaleCostsView = {
  kind: 'sale';
  price: number;
  region: CostRegion;
  /** The listing's VAT on a new building, when it gives one. */
  vat: number | undefined;
  startingFrom: boolean;
  rules: PurchaseCostRules;
  /** The default situation, computed on the server: the buyer's sole own home, no loan. */
  initial: PurchaseCosts;
  /** The pages the rules come from: the region's own, and those that hold for the whole country. */
  sources: CostSource[];
};

type CostSource = PurchaseCostRules['notary']['sources'][number];

/** The sources of the rules for a listing in `region`: a page of another region's administration is left out. */
function costSources(rules: PurchaseCostRules, region: CostRegion): CostSource[] {
  return [...rules.registrationDuties[region].sources, ...rules.notary.sources, ...rules.mortgage.sources].filter((source) => source.regions === undefined || source.regions.includes(region));
}

export type RentCostsView = { kind: 'rent'; rent: number; costs: RentalCosts; rules: PurchaseCostRules };

/**
 * Whether the listing's page shows the computed purchase costs: a sale on offer, with a published
 * price, in Belgium. The facts table then leaves out the CRM's own notary fee and registration duties.
 */
export function showsPurchaseEstimate(listing: Listing): boolean {
  return listing.goal === 'sale' && listing.availability === 'on-offer' && listing.price.kind !== 'on-demand' && listing.region !== 'luxembourg';
}

export function listingCostsView(listing: Listing): SaleCostsView | RentCostsView | undefined {
  if (listing.availability !== 'on-offer' || listing.price.kind === 'on-demand') return undefined;
  const rules = getPurchaseCostRules();
  const amount = listing.price.amount;
  if (listing.goal === 'rent') {
    const { chargesRenter, deposit, inventoryCost, renterAgencyCost } = listing.costs;
    return { kind: 'rent', rent: amount, costs: rentalCosts({ rent: amount, charges: chargesRenter, deposit, inventory: inventoryCost, agency: renterAgencyCost }, rules.rental), rules };
  }
  if (listing.region === 'luxembourg') return undefined;
  const vat = listing.costs.vat !== undefined && listing.costs.vat > 0 ? listing.costs.vat : undefined;
  return {
    kind: 'sale',
    price: amount,
    region: listing.region,
    vat,
    startingFrom: listing.price.kind === 'starting-from',
    rules,
    initial: purchaseCosts({ price: amount, region: listing.region, situation: 'own-home', vat }, rules),
    sources: costSources(rules, listing.region),
  };
}
