import type { PurchaseCostRules } from '../config/purchase-costs-schema';

/*
 * What a renter pays when signing (spec §9's rental texts: the first month's rent and charges, the
 * deposit, the renter's share of the inventory, and the agency's costs where the listing has any).
 * The listing's own figures win; the deposit falls back on the configured months of rent.
 */

export type RentalInput = { rent: number; charges?: number; deposit?: number; inventory?: number; agency?: number };

export type RentalCosts = {
  firstRent: number;
  firstCharges: number;
  deposit: number;
  /** Months of rent when the deposit comes from the configuration, undefined when the listing gives it. */
  depositMonths: number | undefined;
  inventory: number;
  agency: number;
  total: number;
};

export function rentalCosts(input: RentalInput, rules: PurchaseCostRules['rental']): RentalCosts {
  const given = input.deposit !== undefined && input.deposit > 0;
  const deposit = given ? (input.deposit ?? 0) : input.rent * rules.depositMonths;
  const firstCharges = input.charges ?? 0;
  const inventory = input.inventory ?? 0;
  const agency = input.agency ?? 0;
  return {
    firstRent: input.rent,
    firstCharges,
    deposit,
    depositMonths: given ? undefined : rules.depositMonths,
    inventory,
    agency,
    total: Math.round((input.rent + firstCharges + deposit + inventory + agency) * 100) / 100,
  };
}
