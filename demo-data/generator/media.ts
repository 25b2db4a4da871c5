import type { Rng } from './random';
import type { ListingPlan } from './plan';
import { has } from './plan';
import type { Region } from './towns';
import { type DocumentKind, type PoiKind, TEXTS } from './texts';
import type { Lang, Tr } from './types';

/*
 * Video links, virtual tours, documents, points of interest, mobility scores and the EPC
 * certificate references of each region.
 */

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function token(rng: Rng, length: number, chars = ID_CHARS): string {
  let value = '';
  for (let index = 0; index < length; index += 1) value += chars.charAt(rng.int(0, chars.length - 1));
  return value;
}

function digits(rng: Rng, length: number): string {
  return String(rng.int(1, 9)) + token(rng, length - 1, '0123456789');
}

export function videoLinks(plan: ListingPlan, rng: Rng): string[] {
  const links: string[] = [];
  if (has(plan, 'yt')) links.push(`https://www.youtube.com/watch?v=${token(rng, 11)}`);
  if (has(plan, 'ytshort')) links.push(`https://youtu.be/${token(rng, 11)}`);
  if (has(plan, 'vimeo')) links.push(`https://vimeo.com/${digits(rng, 9)}`);
  if (has(plan, 'fb')) links.push(`https://www.facebook.com/watch/?v=${digits(rng, 15)}`);
  if (has(plan, 'mp4')) links.push('https://cdn.example.com/videos/tour.mp4');
  if (has(plan, 'webm')) links.push('https://cdn.example.com/videos/tour.webm');
  if (has(plan, 'badvideo')) links.push('https://example.com/not-a-video');
  return links;
}

export function virtualTour(plan: ListingPlan, rng: Rng): string | null {
  if (has(plan, 'matterport')) return `https://my.matterport.com/show/?m=${token(rng, 11, ALNUM)}`;
  if (has(plan, 'nodalview')) return `https://www.nodalview.com/${token(rng, 10, ALNUM)}?viewer=mls`;
  if (has(plan, 'previsite')) return `https://tour.previsite.com/visite/${digits(rng, 6)}`;
  return null;
}

export type DocumentPlan = { id: number; kind: DocumentKind; url: string };

export function documentPlans(plan: ListingPlan, apartment: boolean, rng: Rng): DocumentPlan[] {
  if (!has(plan, 'docs')) return [];
  const optional: DocumentKind[] = apartment ? ['plan', 'electricity', 'deed'] : ['plan', 'cadastre', 'electricity', 'planning'];
  const kinds: DocumentKind[] = ['epc', ...rng.sample(optional, rng.int(1, 3))];
  return kinds.map((kind, index) => ({
    id: 900000 + (plan.id - 4000000) * 10 + index + 1,
    kind,
    url: `/catalogue/documents/${plan.id}-${kind}.pdf`,
  }));
}

export function documents(plans: DocumentPlan[], language: Lang) {
  return plans.map((doc) => ({ ID: doc.id, Name: TEXTS.documentNames[doc.kind][language], Url: doc.url }));
}

export type PoiPlan = { kind: PoiKind; distance: number };

export function poiPlans(plan: ListingPlan, rng: Rng): PoiPlan[] {
  if (!has(plan, 'poi')) return [];
  const ranges: Record<PoiKind, [number, number]> = {
    station: [450, 2600],
    bus: [40, 400],
    school: [150, 950],
    shop: [90, 800],
    pharmacy: [120, 700],
    doctor: [200, 1200],
    park: [250, 1500],
    sport: [400, 2200],
  };
  const kinds = rng.sample(Object.keys(ranges) as PoiKind[], rng.int(4, 6));
  return kinds.map((kind) => ({ kind, distance: rng.step(ranges[kind][0], ranges[kind][1], 10) })).sort((a, b) => a.distance - b.distance);
}

export function pointsOfInterest(plans: PoiPlan[], townName: string, language: Lang) {
  return plans.map((poi) => ({
    Category: TEXTS.poiCategories[poi.kind][language],
    Name: TEXTS.poiNames[poi.kind][language].replace('{town}', townName),
    Distance: poi.distance,
  }));
}

export type MobilityPlan = { score: number; categories: number[] } | null;

export function mobilityPlan(plan: ListingPlan, rng: Rng): MobilityPlan {
  if (!has(plan, 'mobility')) return null;
  const categories = TEXTS.mobilityCategories.map(() => rng.float(4, 9.8, 1));
  const score = Math.round((categories.reduce((sum, value) => sum + value, 0) / categories.length) * 10) / 10;
  return { score, categories };
}

export function mobilityScore(mobility: MobilityPlan, language: Lang) {
  if (!mobility) return null;
  return {
    Score: mobility.score,
    Categories: mobility.categories.map((score, index) => ({ Name: (TEXTS.mobilityCategories[index] as Tr)[language], Score: score })),
  };
}

export function epcReference(region: Region, issued: string, rng: Rng): string {
  const day = issued.replace(/-/g, '');
  if (region === 'flanders') return `${day}-000${digits(rng, 7)}-RES-1`;
  if (region === 'brussels') return `${day}-0000${digits(rng, 6)}-01-${rng.int(1, 9)}`;
  if (region === 'luxembourg') return `LU-CPE-${day}-${digits(rng, 5)}`;
  return `${day}0${digits(rng, 5)}`;
}
