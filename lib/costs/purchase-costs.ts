import type { PurchaseCostRules } from '../config/purchase-costs-schema';

/*
 * What buying a listing costs on top of its price, from the rules of data/site/purchase-costs.json
 * (read by lib/config). A pure function of its inputs, so that the server renders the default
 * situation into the prerendered page and the visitor's island recomputes the same figures when the
 * situation or the loan changes. Every amount is rounded to the cent where a notary's statement
 * would round it; the page shows whole euros.
 *
 * The rules as checked on 2026-11-25 (the figures live in the JSON file, with their sources):
 * - Flanders, deeds from 1 January 2025 (Vlaamse Codex Fiscaliteit, programme decree of
 *   20 December 2024): 12 %, 2 % for the sole own home, less € 1 867 for a home up to € 220 000
 *   (€ 240 000 in the core cities and the Flemish rim, which the file does not list).
 * - Wallonia, deeds from 1 January 2025 (decree of 5 December 2024): 12.5 %, 3 % for the sole own
 *   home, which replaced the first-home abatement.
 * - Brussels, deeds from 1 April 2023: 12.5 %, no duty on the first € 200 000 of a home up to
 *   € 600 000 bought as the buyer's own home (Bruxelles Fiscalité, "abattement").
 * - Notary: the general sale scale of the Royal Decree of 16 December 1950 (amended 22 November
 *   2022), flat administrative costs of € 750 (purchase) and € 550 (credit deed) since 2023, 21 %
 *   VAT. The own-home reductions of 2023 (a reduced purchase scale, 20 % off the credit deed) are
 *   not applied: their brackets could not be verified, so the page says the fee may be lower.
 * - Mortgage: 1 % registration duty and 0.3 % mortgage fee on the loan plus accessories. The
 *   credit-deed scale, the third-party expenses and the land-registry fee are estimates that could
 *   not be confirmed from an official source.
 */

export type CostRegion = 'flanders' | 'wallonia' | 'brussels';
export const buyerSituations = ['own-home', 'first-home', 'investment'] as const;
export type BuyerSituation = (typeof buyerSituations)[number];

export type PurchaseInput = {
  price: number;
  region: CostRegion;
  situation: BuyerSituation;
  /** The loan secured by a mortgage; 0 or absent: no credit deed. */
  loan?: number;
  /** The VAT the listing gives for a new building sold under VAT; registration duties then fall on the land share only. */
  vat?: number;
};

/** How the registration duty was found, for the page to explain it. */
type DutyBasis = {
  base: number;
  rate: number;
  /** The part of the base free of duty (Brussels). */
  abatement: number;
  /** Taken off the duty (Flanders, modest homes). */
  reduction: number;
};

type MortgageCosts = {
  inscribed: number;
  registration: number;
  mortgageFee: number;
  registrarFee: number;
  notaryFee: number;
  administrativeCosts: number;
  vat: number;
  writingsDuty: number;
  expenses: number;
  total: number;
};

export type PurchaseCosts = {
  duty: number;
  dutyBasis: DutyBasis;
  /** VAT on the building, as the listing gives it (new building); 0 for a resale. */
  buildingVat: number;
  notaryFee: number;
  administrativeCosts: number;
  /** VAT on the notary's fee and administrative costs. */
  notaryVat: number;
  writingsDuty: number;
  expenses: number;
  /** Everything the buyer pays for the purchase deed on top of the price. */
  purchaseTotal: number;
  mortgage: MortgageCosts | undefined;
  /** Price, purchase costs and, with a loan, the credit deed. */
  grandTotal: number;
};

const cents = (value: number) => Math.round(value * 100) / 100;

/** A degressive legal scale: each bracket's rate applies to the part of the amount inside it. */
export function scaleFee(amount: number, scale: PurchaseCostRules['notary']['saleScale']): number {
  let fee = 0;
  let lower = 0;
  for (const { upTo, rate } of scale) {
    const upper = upTo ?? Number.POSITIVE_INFINITY;
    if (amount > lower) fee += ((Math.min(amount, upper) - lower) * rate) / 100;
    lower = upper;
  }
  return cents(fee);
}

function registrationDuty(base: number, price: number, input: PurchaseInput, rules: PurchaseCostRules): DutyBasis & { duty: number } {
  const region = rules.registrationDuties[input.region];
  if (input.situation === 'investment') return { base, rate: region.generalRate, abatement: 0, reduction: 0, duty: cents((base * region.generalRate) / 100) };
  const rule = input.situation === 'first-home' ? region.firstHome : region.ownHome;
  // The price limits are the law's: they look at the price of the home, not at the taxed land share.
  const abatement = rule.abatement && price <= rule.abatement.priceLimit ? Math.min(base, rule.abatement.amount) : 0;
  const gross = cents(((base - abatement) * rule.rate) / 100);
  const reduction = rule.reduction && price <= rule.reduction.priceLimit ? Math.min(gross, rule.reduction.amount) : 0;
  return { base, rate: rule.rate, abatement, reduction, duty: cents(gross - reduction) };
}

function mortgageCosts(loan: number, rules: PurchaseCostRules): MortgageCosts {
  const { mortgage, notary } = rules;
  // Banks register the loan plus its accessories; both duties fall on that sum, the fee on the loan itself.
  const inscribed = cents(loan * (1 + mortgage.accessoriesRate / 100));
  const registration = cents((inscribed * mortgage.registrationRate) / 100);
  const mortgageFee = cents((inscribed * mortgage.mortgageFeeRate) / 100);
  const notaryFee = scaleFee(loan, notary.creditScale);
  const administrativeCosts = notary.credit.administrativeCosts;
  const vat = cents(((notaryFee + administrativeCosts) * notary.vatRate) / 100);
  const parts = [registration, mortgageFee, mortgage.registrarFee, notaryFee, administrativeCosts, vat, notary.credit.writingsDuty, notary.credit.expenses];
  return {
    inscribed,
    registration,
    mortgageFee,
    registrarFee: mortgage.registrarFee,
    notaryFee,
    administrativeCosts,
    vat,
    writingsDuty: notary.credit.writingsDuty,
    expenses: notary.credit.expenses,
    total: cents(parts.reduce((sum, part) => sum + part, 0)),
  };
}

/** The costs of buying at `price` in `region` in the buyer's situation, with the credit deed when a loan is given. */
export function purchaseCosts(input: PurchaseInput, rules: PurchaseCostRules): PurchaseCosts {
  const { price } = input;
  const buildingVat = input.vat !== undefined && input.vat > 0 ? input.vat : 0;
  // Under VAT the building is taxed by VAT, the land by registration duties: the building's share is its VAT at the new-build rate.
  const buildingShare = buildingVat > 0 ? buildingVat / (rules.newBuild.vatRate / 100) : 0;
  const base = cents(Math.max(0, price - buildingShare));
  const { duty, ...dutyBasis } = registrationDuty(base, price, input, rules);
  const notaryFee = scaleFee(price, rules.notary.saleScale);
  const { administrativeCosts, writingsDuty, expenses } = rules.notary.sale;
  const notaryVat = cents(((notaryFee + administrativeCosts) * rules.notary.vatRate) / 100);
  const purchaseTotal = cents(duty + buildingVat + notaryFee + administrativeCosts + notaryVat + writingsDuty + expenses);
  const mortgage = input.loan !== undefined && input.loan > 0 ? mortgageCosts(input.loan, rules) : undefined;
  return {
    duty,
    dutyBasis,
    buildingVat,
    notaryFee,
    administrativeCosts,
    notaryVat,
    writingsDuty,
    expenses,
    purchaseTotal,
    mortgage,
    grandTotal: cents(price + purchaseTotal + (mortgage?.total ?? 0)),
  };
}

/** The highest loan the calculator accepts: a bound on the input, far above any listing's price. */
const maxLoan = 100_000_000;

/** A visitor's loan as typed ("250000", "250.000", "250 000 €"): whole euros, or undefined when it is not a usable amount. */
export function parseLoan(text: string): number | undefined {
  const digits = text.replace(/[\s.\u00a0\u202f€]/g, '').replace(/,\d{1,2}$/, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  const amount = Number(digits);
  return amount > 0 && amount <= maxLoan ? amount : undefined;
}
