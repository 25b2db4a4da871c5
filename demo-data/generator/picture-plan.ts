import type { PictureItem } from '../../lib/catalogue/schemas';
import { isFlat } from './facts';
import { has, type ListingPlan } from './plan';
import { rngFor } from './random';
import { TEXTS } from './texts';
import type { Lang } from './types';

/*
 * Which pictures a listing or project has (scene per picture) and the picture items that point to
 * the files pictures.ts renders: /catalogue/{id}/{n}-xl.webp and -sm.webp.
 */

export type Scene = 'facade' | 'building' | 'shop' | 'land' | 'garage' | 'living' | 'kitchen' | 'bedroom' | 'bathroom' | 'garden' | 'street';

export const XL = { width: 1360, height: 907 } as const;
export const SM = { width: 250, height: 167 } as const;

export type PictureSet = {
  /** Folder under public/catalogue, e.g. "4000001" or "projects/5000001". */
  folder: string;
  /** Text drawn on every picture, e.g. "Réf. 4000001". */
  label: string;
  seed: string;
  scenes: Scene[];
  /** First picture ID; picture n has ID firstId + n - 1 in both sizes. */
  firstId: number;
};

function exteriorScene(plan: ListingPlan): Scene {
  if (plan.kind === 'land') return 'land';
  if (plan.kind === 'garage') return 'garage';
  if (plan.kind === 'shop' || plan.kind === 'office') return 'shop';
  if (isFlat(plan.kind) || plan.kind === 'investment') return 'building';
  return 'facade';
}

export function listingPictureSet(plan: ListingPlan): PictureSet {
  const rng = rngFor('pictures', plan.id);
  const base = { folder: String(plan.id), label: `Réf. ${plan.id}`, seed: `listing-${plan.id}`, firstId: (plan.id - 4000000) * 100 + 1 };
  if (has(plan, 'nopics')) return { ...base, scenes: [] };
  const count = rng.int(3, 8);
  const first = exteriorScene(plan);
  let others: Scene[];
  if (plan.kind === 'land') others = ['land', 'street', 'garden', 'land'];
  else if (plan.kind === 'garage') others = ['garage', 'street', 'building'];
  else if (plan.kind === 'shop' || plan.kind === 'office') others = ['street', 'living', 'bathroom', 'street', 'shop'];
  else if (isFlat(plan.kind)) others = ['living', 'kitchen', 'bedroom', 'bathroom', 'living', 'street', 'bedroom'];
  else others = ['living', 'kitchen', 'bedroom', 'garden', 'bathroom', 'bedroom', 'street'];
  const scenes: Scene[] = [first];
  while (scenes.length < count) scenes.push(others[(scenes.length - 1) % others.length] ?? 'street');
  return { ...base, scenes: plan.kind === 'garage' || plan.kind === 'land' ? scenes.slice(0, Math.min(count, 4)) : scenes };
}

export function projectPictureSet(projectId: number, houses: boolean, index: number): PictureSet {
  const scenes: Scene[] = houses ? ['facade', 'street', 'garden', 'living', 'kitchen'] : ['building', 'street', 'living', 'kitchen', 'bedroom', 'building'];
  return {
    folder: `projects/${projectId}`,
    label: `Projet ${projectId}`,
    seed: `project-${projectId}`,
    scenes: scenes.slice(0, 4 + index),
    firstId: 800000 + index * 100 + 1,
  };
}

function item(set: PictureSet, index: number, size: 'xl' | 'sm', language: Lang): PictureItem {
  const dims = size === 'xl' ? XL : SM;
  const scene = set.scenes[index] ?? 'street';
  return {
    ID: set.firstId + index,
    Url: `/catalogue/${set.folder}/${index + 1}-${size}.webp`,
    Width: dims.width,
    Height: dims.height,
    Name: TEXTS.pictureNames[scene]?.[language] ?? '',
  };
}

export function pictureItems(set: PictureSet, language: Lang) {
  const small = set.scenes.map((_, index) => item(set, index, 'sm', language));
  const large = set.scenes.map((_, index) => item(set, index, 'xl', language));
  return { small, large, firstSmall: small[0] ?? null, firstLarge: large[0] ?? null };
}
