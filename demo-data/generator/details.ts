import { addDays, randomDay } from './dates';
import type { Group } from './facts';
import { isFlat, isHouse } from './facts';
import { epcLabel, epcLabelText } from '../../lib/epc';
import { epcReference } from './media';
import { has, type ListingPlan } from './plan';
import type { Rng } from './random';
import { TEXTS } from './texts';
import type { Town } from './towns';
import type { Tr } from './types';

/*
 * The detail groups whose values are texts or depend on region and goal: energy, flood, asbestos,
 * comfort, legal and costs. A group that is off yields only nulls.
 */

export type Energy = {
  performance: number | null;
  label: string | null;
  consumption: number | null;
  co2: number | null;
  eLevel: number | null;
  reference: string | null;
  validUntil: string | null;
};

/**
 * The certificate's label of a planned energy use: the site's own bands (lib/epc), so that the
 * label in the data is the one the listing page shows. Luxembourg has no bands there (its label
 * comes from the certificate text): plan a letter for a listing there.
 */
function bandLabel(place: Town, value: number): string {
  const code = epcLabel(place.region, value, null);
  if (code === undefined) throw new Error(`${place.key}: no EPC bands for ${place.region}; plan a label letter instead of ${value}`);
  return epcLabelText(code);
}

export function energy(plan: ListingPlan, place: Town, groups: Set<Group>, living: number | null, rng: Rng): Energy {
  const epc = plan.epc;
  const performance = typeof epc === 'number' ? epc : null;
  const label = typeof epc === 'number' ? bandLabel(place, epc) : (epc ?? null);
  if (!groups.has('energy') || epc === undefined) {
    return { performance, label, consumption: null, co2: null, eLevel: null, reference: null, validUntil: null };
  }
  const issued = plan.unit ? randomDay(rng, '2026-03-01', '2026-09-30') : randomDay(rng, '2019-01-15', '2026-06-30');
  const area = living ?? rng.int(60, 160);
  return {
    performance,
    label,
    consumption: performance === null ? null : Math.max(0, Math.round(performance * area)),
    co2: performance === null ? null : Math.max(0, Math.round(performance * rng.float(0.17, 0.24))),
    eLevel: plan.unit || place.region === 'flanders' ? rng.int(22, 45) : null,
    reference: epcReference(place.region, issued, rng),
    validUntil: addDays(issued, 3652),
  };
}

export type Flood = { risk: Tr | null; zone: Tr | null; riverbank: boolean | null; g: 'A' | 'B' | 'C' | 'D' | null; p: 'A' | 'B' | 'C' | 'D' | null };

export function flood(groups: Set<Group>, rng: Rng): Flood {
  if (!groups.has('flood')) return { risk: null, zone: null, riverbank: null, g: null, p: null };
  const level = rng.pick([0, 0, 0, 1, 1, 2, 3]);
  const scores = ['A', 'B', 'C', 'D'] as const;
  return {
    risk: TEXTS.floodRisks[level] ?? null,
    zone: TEXTS.floodZones[level >= 2 ? 1 : 0] ?? null,
    riverbank: level >= 2 && rng.chance(0.5),
    g: scores[level] ?? 'A',
    p: scores[Math.max(0, level - rng.int(0, 1))] ?? 'A',
  };
}

export type Asbestos = { type: Tr | null; date: string | null };

export function asbestos(groups: Set<Group>, constructionYear: number | null, rng: Rng): Asbestos {
  if (!groups.has('asbestos') || (constructionYear !== null && constructionYear >= 2001)) return { type: null, date: null };
  return { type: rng.pick(TEXTS.asbestosTypes), date: randomDay(rng, '2025-02-01', '2026-10-15') };
}

export type Comfort = {
  heating: Tr | null;
  glazing: Tr | null;
  windowFrame: Tr | null;
  kitchen: Tr | null;
  interior: Tr[] | null;
  exterior: Tr[] | null;
  roofMaterial: Tr | null;
  roofCondition: Tr | null;
};

const NO_COMFORT: Comfort = { heating: null, glazing: null, windowFrame: null, kitchen: null, interior: null, exterior: null, roofMaterial: null, roofCondition: null };

export function comfort(plan: ListingPlan, groups: Set<Group>, constructionYear: number | null, rng: Rng): Comfort {
  if (!groups.has('comfort')) return NO_COMFORT;
  const newBuild = plan.unit !== undefined || (constructionYear ?? 0) >= 2015;
  const old = (constructionYear ?? 2000) < 1960;
  const flat = isFlat(plan.kind);
  const commercial = plan.kind === 'shop' || plan.kind === 'office';
  const interior = TEXTS.comfortInterior.filter((_, index) => (flat ? index !== 3 : index !== 7));
  const exterior = flat ? TEXTS.comfortExterior.filter((_, index) => index === 1 || index === 5) : TEXTS.comfortExterior;
  return {
    heating: newBuild ? (TEXTS.heating[2] ?? null) : rng.pick(old ? TEXTS.heating.slice(0, 2) : TEXTS.heating),
    glazing: newBuild ? (TEXTS.glazing[1] ?? null) : old && rng.chance(0.3) ? (TEXTS.glazing[2] ?? null) : (TEXTS.glazing[0] ?? null),
    windowFrame: rng.pick(TEXTS.windowFrames),
    kitchen: commercial ? null : flat ? rng.pick([TEXTS.kitchens[0], TEXTS.kitchens[2]] as Tr[]) : rng.pick(TEXTS.kitchens),
    interior: commercial ? null : rng.sample(interior, rng.int(2, 4)),
    exterior: commercial ? null : rng.sample(exterior, flat ? 1 : rng.int(1, 3)),
    roofMaterial: flat ? null : plan.unit ? (TEXTS.roofMaterials[0] ?? null) : rng.pick(TEXTS.roofMaterials),
    roofCondition: flat ? null : plan.unit ? (TEXTS.roofConditions[0] ?? null) : rng.pick(TEXTS.roofConditions),
  };
}

export type Legal = {
  buildingPermit: boolean | null;
  allotmentPermit: boolean | null;
  preemption: boolean | null;
  summons: boolean | null;
  judicial: boolean | null;
  planning: Tr | null;
  area: Tr | null;
};

export function legal(plan: ListingPlan, groups: Set<Group>, rng: Rng): Legal {
  if (!groups.has('legal')) return { buildingPermit: null, allotmentPermit: null, preemption: null, summons: null, judicial: null, planning: null, area: null };
  const commercial = plan.kind === 'shop' || plan.kind === 'office';
  return {
    buildingPermit: plan.kind === 'land' ? false : true,
    allotmentPermit: plan.kind === 'land' || (plan.unit !== undefined && isHouse(plan.kind)),
    preemption: rng.chance(0.15),
    summons: false,
    judicial: false,
    planning: commercial ? (TEXTS.planning[2] ?? null) : plan.kind === 'farm' ? (TEXTS.planning[1] ?? null) : rng.pick(TEXTS.planning.slice(0, 2)),
    area: plan.kind === 'shop' ? (TEXTS.areaApplications[1] ?? null) : plan.kind === 'office' ? (TEXTS.areaApplications[2] ?? null) : (TEXTS.areaApplications[0] ?? null),
  };
}

export type Costs = {
  chargesOwner: number | null;
  chargesRenter: number | null;
  notaryFee: number | null;
  registrationRights: number | null;
  vat: number | null;
  deposit: number | null;
  renterAgencyCost: number | null;
  inventoryCost: number | null;
  depositMonths: number;
};

/** Registration duties on a resale, by region. */
const REGISTRATION_RATE = { wallonia: 0.125, brussels: 0.125, flanders: 0.02, luxembourg: 0.07 } as const;

export function costs(plan: ListingPlan, place: Town, groups: Set<Group>, price: number, rng: Rng): Costs {
  const depositMonths = plan.kind === 'shop' || plan.kind === 'office' ? 3 : 2;
  const none: Costs = { chargesOwner: null, chargesRenter: null, notaryFee: null, registrationRights: null, vat: null, deposit: null, renterAgencyCost: null, inventoryCost: null, depositMonths };
  if (!groups.has('costs')) return none;
  const flat = isFlat(plan.kind);
  if (plan.goal === 1) {
    return {
      ...none,
      chargesRenter: flat ? rng.step(60, 160, 5) : plan.kind === 'garage' ? null : rng.step(0, 80, 5),
      deposit: price * depositMonths,
      renterAgencyCost: plan.kind === 'shop' || plan.kind === 'office' ? price : 0,
      inventoryCost: plan.kind === 'garage' ? null : rng.step(150, 300, 10),
    };
  }
  const landShare = plan.unit ? Math.round(price * rng.float(0.18, 0.28)) : price;
  return {
    ...none,
    chargesOwner: flat ? rng.step(60, 180, 5) : null,
    notaryFee: Math.round(1800 + price * 0.011),
    registrationRights: has(plan, 'viager') ? null : Math.round(landShare * REGISTRATION_RATE[place.region]),
    vat: plan.unit ? Math.round((price - landShare) * 0.21) : null,
  };
}
