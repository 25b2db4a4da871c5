import { rngFor, type Rng } from './random';
import { has, KIND_WEBID, type Kind, type ListingPlan } from './plan';
import type { Town } from './towns';

/*
 * The language-independent numbers of a listing: price, rooms, surfaces, building years, costs.
 * Each detail group is filled or left empty (null) per listing; the "full" and "bare" tags force
 * every group on or off.
 */

export type Group = 'rooms' | 'surfaces' | 'facades' | 'years' | 'cadastral' | 'energy' | 'flood' | 'asbestos' | 'comfort' | 'legal' | 'costs';

const GROUP_CHANCE: Record<Group, number> = {
  rooms: 0.88,
  surfaces: 0.85,
  facades: 0.75,
  years: 0.75,
  cadastral: 0.6,
  energy: 0.75,
  flood: 0.6,
  asbestos: 0.45,
  comfort: 0.8,
  legal: 0.6,
  costs: 0.8,
};

/** Which groups a listing carries; land and garages have no rooms, comfort or asbestos. */
export function detailGroups(plan: ListingPlan): Set<Group> {
  const rng = rngFor('groups', plan.id);
  const groups = new Set<Group>();
  for (const group of Object.keys(GROUP_CHANCE) as Group[]) {
    const on = has(plan, 'full') ? true : has(plan, 'bare') ? false : rng.chance(GROUP_CHANCE[group]);
    if (on) groups.add(group);
  }
  if (plan.kind === 'land') ['rooms', 'comfort', 'asbestos', 'facades', 'energy', 'years'].forEach((group) => groups.delete(group as Group));
  if (plan.kind === 'garage') ['comfort', 'asbestos', 'facades', 'energy', 'cadastral'].forEach((group) => groups.delete(group as Group));
  if (plan.epc === undefined) groups.delete('energy');
  // New builds come with a complete file.
  if (plan.unit) ['costs', 'rooms', 'surfaces', 'comfort', 'energy', 'legal'].forEach((group) => groups.add(group as Group));
  return groups;
}

export const isHouse = (kind: Kind) => kind === 'house' || kind === 'villa' || kind === 'farm' || kind === 'townhouse';
export const isFlat = (kind: Kind) => kind === 'studio' || kind === 'apartment' || kind === 'penthouse';

type Range = [number, number];

/** Per kind: the sale and monthly rent price ranges, and the construction years (land has none). */
const KIND_RANGES: Record<Kind, { sale: Range; rent: Range; built: Range | null }> = {
  house: { sale: [195_000, 420_000], rent: [950, 1450], built: [1955, 2008] },
  villa: { sale: [385_000, 640_000], rent: [1500, 2100], built: [1970, 2016] },
  farm: { sale: [420_000, 695_000], rent: [1400, 1900], built: [1830, 1920] },
  townhouse: { sale: [245_000, 385_000], rent: [1100, 1500], built: [1895, 1935] },
  studio: { sale: [98_000, 145_000], rent: [470, 610], built: [1968, 2015] },
  apartment: { sale: [165_000, 295_000], rent: [640, 980], built: [1965, 2019] },
  penthouse: { sale: [320_000, 455_000], rent: [1150, 1500], built: [1995, 2020] },
  land: { sale: [65_000, 160_000], rent: [300, 600], built: null },
  investment: { sale: [340_000, 720_000], rent: [2500, 3500], built: [1900, 1960] },
  shop: { sale: [185_000, 420_000], rent: [900, 2100], built: [1920, 1990] },
  office: { sale: [210_000, 380_000], rent: [750, 1400], built: [1985, 2012] },
  garage: { sale: [18_000, 32_000], rent: [65, 110], built: [1975, 2000] },
};

export function listingPrice(plan: ListingPlan, rng: Rng): number {
  if (plan.unit) {
    if (plan.kind === 'penthouse') return rng.step(365_000, 425_000, 5000);
    if (plan.kind === 'house') return rng.step(295_000, 345_000, 5000);
    return rng.step(215_000, 295_000, 5000);
  }
  if (has(plan, 'viager')) return rng.step(55_000, 85_000, 5000);
  const [min, max] = KIND_RANGES[plan.kind][plan.goal === 0 ? 'sale' : 'rent'];
  if (plan.goal === 0) return rng.step(min, max, 5000);
  return rng.step(min, max, max > 1000 ? 25 : 5);
}

export type Rooms = {
  bedrooms: number | null;
  bathrooms: number | null;
  showers: number | null;
  toilets: number | null;
  garages: number | null;
  parkings: number | null;
  floors: number | null;
  floor: number | null;
};

export function rooms(plan: ListingPlan, rng: Rng): Rooms {
  const k = plan.kind;
  const floor = plan.unit ? plan.unit.floor : isFlat(k) ? (k === 'penthouse' ? rng.int(3, 6) : rng.int(0, 5)) : null;
  if (k === 'garage') return { bedrooms: null, bathrooms: null, showers: null, toilets: null, garages: 1, parkings: null, floors: null, floor: null };
  if (k === 'shop' || k === 'office') {
    return { bedrooms: null, bathrooms: null, showers: null, toilets: rng.int(1, 2), garages: null, parkings: rng.int(0, 4), floors: rng.int(1, 2), floor: null };
  }
  if (k === 'investment') {
    return { bedrooms: rng.int(4, 7), bathrooms: rng.int(3, 4), showers: rng.int(0, 2), toilets: rng.int(3, 4), garages: rng.int(0, 2), parkings: null, floors: 3, floor: null };
  }
  if (isFlat(k)) {
    const bedrooms = k === 'studio' ? 0 : k === 'penthouse' ? rng.int(2, 3) : rng.int(1, 3);
    return {
      bedrooms,
      bathrooms: k === 'studio' ? 0 : k === 'penthouse' ? 2 : 1,
      showers: k === 'studio' ? 1 : rng.int(0, 1),
      toilets: k === 'studio' ? 1 : rng.int(1, 2),
      garages: rng.chance(0.4) ? 1 : 0,
      parkings: rng.int(0, 1),
      floors: null,
      floor,
    };
  }
  const bedrooms = k === 'farm' ? rng.int(4, 6) : k === 'villa' ? rng.int(3, 5) : k === 'townhouse' ? rng.int(3, 5) : rng.int(2, 4);
  return {
    bedrooms,
    bathrooms: k === 'house' ? rng.int(1, 2) : 2,
    showers: rng.int(0, 1),
    toilets: rng.int(1, 3),
    garages: k === 'villa' || k === 'farm' ? 2 : rng.int(0, 1),
    parkings: rng.int(0, 3),
    floors: k === 'townhouse' ? 3 : rng.int(1, 2) + 1,
    floor: null,
  };
}

export type Surfaces = {
  total: number | null;
  living: number | null;
  ground: number | null;
  garden: number | null;
  terrace: number | null;
  office: number | null;
  constructed: number | null;
  plotWidth: number | null;
  frontWidth: number | null;
};

const NO_SURFACES: Surfaces = { total: null, living: null, ground: null, garden: null, terrace: null, office: null, constructed: null, plotWidth: null, frontWidth: null };

export function surfaces(plan: ListingPlan, floor: number | null, rng: Rng): Surfaces {
  const k = plan.kind;
  if (k === 'garage') return { ...NO_SURFACES, total: rng.int(14, 20), frontWidth: rng.float(2.5, 3.2, 1) };
  if (k === 'land') {
    const ground = rng.step(450, 2200, 10);
    return { ...NO_SURFACES, total: ground, ground, plotWidth: rng.float(12, 30, 1), frontWidth: rng.float(12, 30, 1) };
  }
  if (k === 'shop' || k === 'office') {
    const total = rng.int(85, 260);
    return { ...NO_SURFACES, total, office: k === 'office' ? total - rng.int(8, 20) : rng.int(12, 35), ground: k === 'shop' ? rng.int(120, 320) : null, frontWidth: rng.float(5, 12, 1) };
  }
  if (isFlat(k)) {
    const living = k === 'studio' ? rng.int(26, 42) : k === 'penthouse' ? rng.int(110, 160) : rng.int(58, 112);
    const terrace = k === 'penthouse' ? rng.int(40, 90) : rng.chance(0.7) ? rng.int(6, 24) : null;
    return { ...NO_SURFACES, living, total: living + rng.int(4, 14), terrace, garden: floor === 0 && rng.chance(0.6) ? rng.int(30, 90) : null };
  }
  const living = k === 'farm' ? rng.int(220, 380) : k === 'villa' ? rng.int(200, 320) : k === 'townhouse' ? rng.int(160, 260) : k === 'investment' ? rng.int(240, 420) : rng.int(110, 230);
  const ground = k === 'farm' ? rng.step(2500, 12000, 10) : k === 'villa' ? rng.step(900, 2400, 10) : k === 'townhouse' || k === 'investment' ? rng.int(120, 360) : rng.int(180, 1400);
  const built = Math.round(living * rng.float(0.55, 0.75));
  return {
    total: living + rng.int(15, 45),
    living,
    ground,
    garden: k === 'investment' ? null : Math.max(0, Math.round((ground - built) * rng.float(0.6, 0.9))),
    terrace: rng.chance(0.6) ? rng.int(12, 40) : null,
    office: rng.chance(0.2) ? rng.int(10, 22) : null,
    constructed: built,
    plotWidth: rng.float(6, k === 'farm' ? 60 : 25, 1),
    frontWidth: rng.float(5, 14, 1),
  };
}

export function facades(kind: Kind, rng: Rng): 2 | 3 | 4 | null {
  if (kind === 'villa' || kind === 'farm') return 4;
  if (kind === 'townhouse' || kind === 'investment' || kind === 'shop') return 2;
  if (kind === 'house') return rng.pick([2, 3, 4] as const);
  return null;
}

export function constructionYear(plan: ListingPlan, rng: Rng): number | null {
  if (plan.unit) return 2026;
  const years = KIND_RANGES[plan.kind].built;
  if (!years) return null;
  const [min, max] = years;
  return rng.int(min, max);
}

export const webIdOf = (plan: ListingPlan) => KIND_WEBID[plan.kind];
export const webIdsOf = (plan: ListingPlan) => [KIND_WEBID[plan.kind], ...(plan.extra ?? [])].join(',');

export function townPoint(place: Town, rng: Rng): { lat: number; lng: number } {
  return { lat: Math.round((place.lat + rng.float(-0.012, 0.012, 5)) * 1e5) / 1e5, lng: Math.round((place.lng + rng.float(-0.015, 0.015, 5)) * 1e5) / 1e5 };
}
