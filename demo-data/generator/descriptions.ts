import { has, type ListingPlan } from './plan';
import { de } from './phrases-de';
import { en } from './phrases-en';
import { fr } from './phrases-fr';
import { nl } from './phrases-nl';
import { fill, type LongKind, type Phrases } from './phrase-types';
import type { Lang, Tr } from './types';
import type { Rooms, Surfaces } from './facts';
import { isFlat, isHouse } from './facts';

/*
 * DescriptionA in HTML, assembled from the phrase book of each language: an introduction, a list
 * of highlights built from the listing's own numbers, the location, then the closing lines. The
 * variant choices are made once per listing, so the four languages tell the same story.
 */

export const PHRASES: Record<Lang, Phrases> = { nl, fr, en, de };

export type DescriptionInput = {
  plan: ListingPlan;
  town: Tr;
  /** null when the address is not published. */
  street: string | null;
  rooms: Rooms | null;
  surfaces: Surfaces | null;
  facades: number | null;
  constructionYear: number | null;
  renovationYear: number | null;
  heating: Tr | null;
  glazing: Tr | null;
  kitchen: Tr | null;
  exterior: Tr[] | null;
  dateFree: string | null;
  depositMonths: number;
  lifeAnnuity: { Bouquet: number; MonthlyAnnuity: number; AnnuitantAges: number[]; Occupied: boolean } | null;
  projectName: Tr | null;
  linkUrl: string | null;
  variants: { intro: number; location: number; closing: number };
};

const at = (items: string[], index: number) => items[index % items.length] ?? items[0] ?? '';
const lower = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);

/** French street names read "se trouve rue de Nimy", "sur la Grand-Place". */
function frenchInline(street: string): string {
  if (street.startsWith('Grand-Place')) return `sur la ${street}`;
  return /^(Rue|Avenue|Boulevard|Chaussée|Place|Quai|Route)\b/.test(street) ? lower(street) : `à l'adresse ${street}`;
}

function highlights(p: Phrases, input: DescriptionInput, language: Lang): string[] {
  const items: string[] = [];
  const { rooms, surfaces } = input;
  if (rooms?.floor !== null && rooms?.floor !== undefined) items.push(p.floor(rooms.floor));
  if (rooms?.bedrooms) items.push(p.bedrooms(rooms.bedrooms));
  if (rooms?.bathrooms) items.push(p.bathrooms(rooms.bathrooms));
  if (surfaces?.living) items.push(p.living(surfaces.living));
  if (surfaces?.ground && (isHouse(input.plan.kind) || input.plan.kind === 'land')) items.push(p.ground(surfaces.ground));
  if (surfaces?.garden) items.push(p.garden(surfaces.garden));
  if (surfaces?.terrace) items.push(p.terrace(surfaces.terrace));
  if (rooms?.garages) items.push(p.garage(rooms.garages));
  if (input.facades && isHouse(input.plan.kind)) items.push(p.facades(input.facades));
  if (input.kitchen) items.push(input.kitchen[language]);
  if (input.heating) items.push(input.heating[language]);
  if (input.glazing) items.push(input.glazing[language]);
  if (input.constructionYear) items.push(p.built(input.constructionYear));
  if (input.renovationYear) items.push(p.renovated(input.renovationYear));
  return items;
}

function longKind(input: DescriptionInput): LongKind {
  if (isHouse(input.plan.kind) || input.plan.kind === 'investment') return 'house';
  if (isFlat(input.plan.kind)) return 'apartment';
  return 'commercial';
}

export function describe(input: DescriptionInput, language: Lang): string {
  const p = PHRASES[language];
  const town = input.town[language];
  const { plan, variants } = input;
  const parts: string[] = [];

  const intro = plan.goal === 0 ? p.intro.sale : p.intro.rent;
  const garage = plan.kind === 'garage';
  parts.push(fill(at(intro, garage ? 0 : variants.intro), { town, item: p.item[plan.kind] }));
  if (has(plan, 'script')) {
    parts.push(`<p onclick="alert('xss')">${p.clickText}</p><script>alert(1)</script>`);
  }
  if (input.projectName) parts.push(fill(p.project, { project: input.projectName[language] }));
  if (input.lifeAnnuity) {
    const annuity = input.lifeAnnuity;
    parts.push(p.viager(p.money(annuity.Bouquet), p.money(annuity.MonthlyAnnuity), annuity.AnnuitantAges, annuity.Occupied));
  }

  const list = highlights(p, input, language);
  if (input.exterior && input.exterior.length > 0) {
    const extras = input.exterior.map((item) => item[language]).join(', ');
    list.push(extras.charAt(0).toUpperCase() + extras.slice(1));
  }
  if (list.length > 0) parts.push(`<p><strong>${p.featuresTitle}</strong></p><ul>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`);

  if (has(plan, 'long')) parts.push(...p.long[longKind(input)].map((paragraph) => fill(paragraph, { town })));

  if (input.street && garage) {
    parts.push(fill(p.garageListing.location, { town, street: input.street }));
  } else if (input.street) {
    const streetIn = language === 'fr' ? frenchInline(input.street) : input.street;
    parts.push(fill(at(p.location.street, variants.location), { town, street: input.street, streetIn }));
  } else {
    parts.push(fill(at(p.location.hidden, variants.location), { town }));
  }
  if (input.linkUrl) {
    const label = input.linkUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
    parts.push(fill(p.linkSentence, { link: `<a href="${input.linkUrl}" target="_blank" rel="noopener">${label}</a>` }));
  }
  if (input.dateFree) parts.push(p.free(p.date(input.dateFree)));
  parts.push(plan.goal === 0 ? at(p.saleClosing, variants.closing) : garage ? p.garageListing.closing : p.rentClosing(input.depositMonths));
  return parts.join('');
}
