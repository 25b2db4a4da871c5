import type { Kind } from './plan';

/*
 * The phrase book one language provides to build listing descriptions. Templates use {item},
 * {town}, {street}, {project} placeholders; functions take the numbers.
 */
export type LongKind = 'house' | 'apartment' | 'commercial';

export type Phrases = {
  /** The listing with an indefinite article, usable after a verb or as a grammatical subject. */
  item: Record<Kind, string>;
  /** TypeDescription, e.g. "Woning met 3 slaapkamers"; bedrooms null gives the bare type. */
  typeDescription: (kind: Kind, bedrooms: number | null) => string;
  intro: { sale: string[]; rent: string[] };
  bedrooms: (n: number) => string;
  bathrooms: (n: number) => string;
  living: (n: number) => string;
  ground: (n: number) => string;
  garden: (n: number) => string;
  terrace: (n: number) => string;
  garage: (n: number) => string;
  facades: (n: number) => string;
  built: (year: number) => string;
  renovated: (year: number) => string;
  floor: (floor: number) => string;
  featuresTitle: string;
  location: { street: string[]; hidden: string[] };
  saleClosing: string[];
  rentClosing: (depositMonths: number) => string;
  /** Location and closing lines of a garage, which has no use for schools and 9-year leases. */
  garageListing: { location: string; closing: string };
  free: (date: string) => string;
  viager: (bouquet: string, monthly: string, ages: number[], occupied: boolean) => string;
  project: string;
  /** Extra paragraphs for long descriptions, by kind of building. */
  long: Record<LongKind, string[]>;
  /** Text of the paragraph that carries the onclick attribute in the injection test case. */
  clickText: string;
  /** Sentence around a link: {link} is replaced by the <a> element. */
  linkSentence: string;
  money: (amount: number) => string;
  date: (iso: string) => string;
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Groups digits by thousands with the given separator: 245000 → "245.000". */
export function groupDigits(amount: number, separator: string): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export function isoParts(iso: string): { year: number; month: number; day: number } {
  const [year = '2026', month = '1', day = '1'] = iso.slice(0, 10).split('-');
  return { year: Number(year), month: Number(month), day: Number(day) };
}
