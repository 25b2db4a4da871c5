import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProperty } from '@/lib/catalogue';
import { readSiteConfig, type PurchaseCostRules } from '@/lib/config';
import { listingCostsView } from '@/lib/costs/listing-costs';
import { parseLoan, purchaseCosts, scaleFee } from '@/lib/costs/purchase-costs';
import { rentalCosts } from '@/lib/costs/rental-costs';

/*
 * The figures of data/site/purchase-costs.json as verified on 2026-11-25, worked out by hand: each
 * expectation writes its arithmetic, so a wrong rule in the code cannot hide behind its own result.
 *
 * Sale scale of the notary's fee (Royal Decree of 16 December 1950):
 *   to 7 500: 4.56 %, to 17 500: 2.85 %, to 30 000: 2.28 %, to 45 495: 1.71 %, to 64 095: 1.14 %,
 *   to 250 095: 0.57 %, above: 0.057 %.
 *   Up to 64 095 that is 342 + 285 + 285 + 264.9645 + 212.04 = 1 389.0045.
 * Fixed sale costs: administrative costs 750 (+ 21 % VAT with the fee), duty on writings 50, expenses 500.
 */

const root = path.resolve(__dirname, '../..');

function rules(): PurchaseCostRules {
  const result = readSiteConfig(path.join(root, 'data/site'), { publicDir: path.join(root, 'public') });
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('\n'));
  return result.config.purchaseCosts;
}

const upTo64095 = 342 + 285 + 285 + 264.9645 + 212.04;

describe('the notary scale', () => {
  it('adds the brackets the price reaches', () => {
    // 150 000: 1 389.0045 + (150 000 − 64 095) × 0.57 % = 1 389.0045 + 489.6585 = 1 878.663 (the example notaries publish: 1 878,66)
    expect(scaleFee(150_000, rules().notary.saleScale)).toBe(1878.66);
    // 5 000: only the first bracket, 5 000 × 4.56 % = 228
    expect(scaleFee(5_000, rules().notary.saleScale)).toBe(228);
  });
});

describe('purchase costs per region', () => {
  it('Wallonia, sole own home at € 235 000: 3 % since 1 January 2025', () => {
    const costs = purchaseCosts({ price: 235_000, region: 'wallonia', situation: 'own-home' }, rules());
    // duty 235 000 × 3 % = 7 050
    expect(costs.duty).toBe(7050);
    // fee 1 389.0045 + (235 000 − 64 095) × 0.57 % = 1 389.0045 + 974.1585 = 2 363.163 → 2 363.16
    expect(costs.notaryFee).toBeCloseTo(upTo64095 + 170_905 * 0.0057, 2);
    expect(costs.notaryFee).toBe(2363.16);
    // VAT (2 363.16 + 750) × 21 % = 653.7636 → 653.76
    expect(costs.notaryVat).toBe(653.76);
    // 7 050 + 2 363.16 + 750 + 653.76 + 50 + 500 = 11 366.92
    expect(costs.purchaseTotal).toBe(11366.92);
    expect(costs.grandTotal).toBe(246366.92);
  });

  it('Wallonia, investment: the general 12.5 %', () => {
    // 235 000 × 12.5 % = 29 375
    expect(purchaseCosts({ price: 235_000, region: 'wallonia', situation: 'investment' }, rules()).duty).toBe(29375);
  });

  it('Brussels, own home at € 240 000: no duty on the first € 200 000 (price up to € 600 000)', () => {
    const costs = purchaseCosts({ price: 240_000, region: 'brussels', situation: 'own-home' }, rules());
    // (240 000 − 200 000) × 12.5 % = 5 000
    expect(costs.duty).toBe(5000);
    expect(costs.dutyBasis.abatement).toBe(200_000);
    // fee 1 389.0045 + (240 000 − 64 095) × 0.57 % = 1 389.0045 + 1 002.6585 = 2 391.663 → 2 391.66
    expect(costs.notaryFee).toBe(2391.66);
    // VAT (2 391.66 + 750) × 21 % = 659.7486 → 659.75
    expect(costs.notaryVat).toBe(659.75);
    // 5 000 + 2 391.66 + 750 + 659.75 + 50 + 500 = 9 351.41
    expect(costs.purchaseTotal).toBe(9351.41);
  });

  it('Brussels above € 600 000 and for an investment: 12.5 % of the whole price', () => {
    // 650 000 × 12.5 % = 81 250: over the limit, no abatement
    expect(purchaseCosts({ price: 650_000, region: 'brussels', situation: 'own-home' }, rules()).duty).toBe(81250);
    // 240 000 × 12.5 % = 30 000
    expect(purchaseCosts({ price: 240_000, region: 'brussels', situation: 'investment' }, rules()).duty).toBe(30000);
    // first home: the same abatement, (240 000 − 200 000) × 12.5 % = 5 000
    expect(purchaseCosts({ price: 240_000, region: 'brussels', situation: 'first-home' }, rules()).duty).toBe(5000);
  });

  it('Flanders, sole own home at € 330 000: 2 % since 1 January 2025', () => {
    const costs = purchaseCosts({ price: 330_000, region: 'flanders', situation: 'own-home' }, rules());
    // 330 000 × 2 % = 6 600; no reduction above € 220 000
    expect(costs.duty).toBe(6600);
    // fee 1 389.0045 + 186 000 × 0.57 % + (330 000 − 250 095) × 0.057 % = 1 389.0045 + 1 060.2 + 45.54585 = 2 494.75035 → 2 494.75
    expect(costs.notaryFee).toBe(2494.75);
    // VAT (2 494.75 + 750) × 21 % = 681.3975 → 681.40
    expect(costs.notaryVat).toBe(681.4);
    // 6 600 + 2 494.75 + 750 + 681.40 + 50 + 500 = 11 076.15
    expect(costs.purchaseTotal).toBe(11076.15);
  });

  it('Flanders, a modest home (up to € 220 000) takes € 1 867 off the duty; an investment pays 12 %', () => {
    // 200 000 × 2 % = 4 000 − 1 867 = 2 133
    expect(purchaseCosts({ price: 200_000, region: 'flanders', situation: 'own-home' }, rules()).duty).toBe(2133);
    // 80 000 × 2 % = 1 600: the reduction stops at the duty, 0 left
    expect(purchaseCosts({ price: 80_000, region: 'flanders', situation: 'first-home' }, rules()).duty).toBe(0);
    // 330 000 × 12 % = 39 600
    expect(purchaseCosts({ price: 330_000, region: 'flanders', situation: 'investment' }, rules()).duty).toBe(39600);
  });

  it("a new building under VAT: the listing's VAT, and registration duties on the land share only", () => {
    const costs = purchaseCosts({ price: 220_000, region: 'wallonia', situation: 'own-home', vat: 37_422 }, rules());
    // building 37 422 / 21 % = 178 200; land 220 000 − 178 200 = 41 800; duty 41 800 × 3 % = 1 254
    expect(costs.dutyBasis.base).toBe(41800);
    expect(costs.duty).toBe(1254);
    expect(costs.buildingVat).toBe(37422);
  });

  it('a loan adds the credit deed: 1 % registration and 0.3 % fee on the loan plus 10 % accessories, the credit scale, fixed costs', () => {
    const costs = purchaseCosts({ price: 235_000, region: 'wallonia', situation: 'own-home', loan: 200_000 }, rules());
    const mortgage = costs.mortgage;
    // inscribed 200 000 × 1.10 = 220 000; registration 2 200; fee 660
    expect(mortgage?.inscribed).toBe(220000);
    expect(mortgage?.registration).toBe(2200);
    expect(mortgage?.mortgageFee).toBe(660);
    // credit scale: 7 500 × 1.425 % + 10 000 × 1.14 % + 12 500 × 0.684 % + 15 495 × 0.57 % + 18 600 × 0.456 % + 135 905 × 0.228 %
    //   = 106.875 + 114 + 85.5 + 88.3215 + 84.816 + 309.8634 = 789.3759 → 789.38
    expect(mortgage?.notaryFee).toBe(789.38);
    // VAT (789.38 + 550) × 21 % = 281.2698 → 281.27
    expect(mortgage?.vat).toBe(281.27);
    // 2 200 + 660 + 230 + 789.38 + 550 + 281.27 + 50 + 250 = 5 010.65
    expect(mortgage?.total).toBe(5010.65);
    // 235 000 + 11 366.92 + 5 010.65 = 251 377.57
    expect(costs.grandTotal).toBe(251377.57);
  });

  it('no loan, no credit deed', () => {
    expect(purchaseCosts({ price: 235_000, region: 'wallonia', situation: 'own-home', loan: 0 }, rules()).mortgage).toBeUndefined();
  });
});

describe('the loan a visitor types', () => {
  it('reads whole euros written the Belgian way, and refuses the rest', () => {
    expect(parseLoan('200000')).toBe(200000);
    expect(parseLoan('200.000')).toBe(200000);
    expect(parseLoan('200 000 €')).toBe(200000);
    expect(parseLoan('200000,50')).toBe(200000);
    expect(parseLoan('')).toBeUndefined();
    expect(parseLoan('-5')).toBeUndefined();
    expect(parseLoan('1e9')).toBeUndefined();
    expect(parseLoan('999999999')).toBeUndefined();
  });
});

describe('rental costs', () => {
  it("the listing's own deposit, else the configured months of rent", () => {
    // 905 + 0 + 1 810 + 290 + 0 = 3 005
    expect(rentalCosts({ rent: 905, deposit: 1810, inventory: 290, agency: 0 }, rules().rental).total).toBe(3005);
    // 690 + 50 + 690 × 3 = 2 070 → 2 810
    const fallback = rentalCosts({ rent: 690, charges: 50 }, rules().rental);
    expect(fallback.deposit).toBe(2070);
    expect(fallback.depositMonths).toBe(3);
    expect(fallback.total).toBe(2810);
  });
});

describe('which listings show costs', () => {
  it("a sale on offer with its price, by its postcode's region, with the VAT of a new building", () => {
    const mons = listingCostsView(getListing(4000001));
    expect(mons?.kind === 'sale' && [mons.region, mons.price, mons.vat]).toEqual(['wallonia', 235000, undefined]);
    expect(listingCostsView(getListing(4000055))).toMatchObject({ kind: 'sale', region: 'brussels' });
    expect(listingCostsView(getListing(4000056))).toMatchObject({ kind: 'sale', region: 'flanders' });
    // a project unit under VAT: the listing's VAT reaches the computation
    expect(listingCostsView(getListing(4000002))).toMatchObject({ kind: 'sale', vat: 37422 });
  });

  it('nothing for a hidden price, a sold reference or a listing in Luxembourg; a rental shows what is paid when signing', () => {
    expect(listingCostsView(getListing(4000007))).toBeUndefined();
    expect(listingCostsView(getListing(4000003))).toBeUndefined();
    expect(listingCostsView(getListing(4000057))).toBeUndefined();
    // 905 + 140 charges + 1 810 deposit + 290 inventory = 3 145
    expect(listingCostsView(getListing(4000014))).toMatchObject({ kind: 'rent', costs: { total: 3145 } });
  });
});

describe("a listing's sources", () => {
  // Issue 39 item 26: a Walloon listing cited the Flemish tax office's page on the mortgage duty.
  const hosts = (id: number) => {
    const view = listingCostsView(getListing(id));
    return view?.kind === 'sale' ? view.sources.map((source) => new URL(source.url).hostname) : [];
  };
  const flemish = (host: string) => host.endsWith('vlaanderen.be');
  const brussels = (host: string) => host.endsWith('.brussels');

  it('are the pages of its own region and of the whole country only', () => {
    const wallonia = hosts(4000001);
    expect(wallonia).toContain('notaire.be');
    expect(wallonia.filter((host) => flemish(host) || brussels(host))).toEqual([]);
    expect(hosts(4000055).filter(flemish)).toEqual([]);
    expect(hosts(4000055)).toContain('fiscalite.brussels');
    const flanders = hosts(4000056);
    expect(flanders).toContain('belastingen.vlaanderen.be');
    expect(flanders.filter(brussels)).toEqual([]);
    expect(flanders).not.toContain('www.nisaba.be');
  });
});

function getListing(id: number) {
  const listing = getProperty(id, 'en');
  if (!listing) throw new Error(`listing ${id} is not in the snapshot`);
  return listing;
}
