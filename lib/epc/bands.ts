import type { EpcRegion } from './region';

/* The codes double as image file names (/images/epc/{region}/{label}.png), best label first. */
export const epcLabels: Record<EpcRegion, readonly string[]> = {
  flanders: ['a_plus', 'a', 'b', 'c', 'd', 'e', 'f'],
  brussels: ['a_plus', 'a', 'a_sub', 'b_plus', 'b', 'b_sub', 'c_plus', 'c', 'c_sub', 'd_plus', 'd', 'd_sub', 'e_plus', 'e', 'e_sub', 'f_plus', 'f', 'f_sub', 'g'],
  wallonia: ['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g'],
  luxembourg: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
};

type Bands = {
  /** Label of a negative consumption (the home produces more than it uses). */
  negative: string;
  /** Inclusive upper bounds in kWh/m² per year, ascending (design.md §9: Flanders 100 is a, 100.5 is b). */
  upTo: readonly (readonly [number, string])[];
  /** Label above the last bound. */
  above: string;
};

/* Luxembourg has no bands here: its label is taken from the certificate text only. */
const bands: Partial<Record<EpcRegion, Bands>> = {
  flanders: {
    negative: 'a_plus',
    upTo: [
      [100, 'a'],
      [200, 'b'],
      [300, 'c'],
      [400, 'd'],
      [500, 'e'],
    ],
    above: 'f',
  },
  // The spec writes the f_sub lower bound as 223; design.md §9 settles it as 323 to 345.
  brussels: {
    negative: 'a_plus',
    upTo: [
      [23, 'a'],
      [45, 'a_sub'],
      [62, 'b_plus'],
      [79, 'b'],
      [95, 'b_sub'],
      [113, 'c_plus'],
      [132, 'c'],
      [150, 'c_sub'],
      [170, 'd_plus'],
      [190, 'd'],
      [210, 'd_sub'],
      [232, 'e_plus'],
      [253, 'e'],
      [275, 'e_sub'],
      [298, 'f_plus'],
      [322, 'f'],
      [345, 'f_sub'],
    ],
    above: 'g',
  },
  wallonia: {
    negative: 'a_plusplus',
    upTo: [
      [45, 'a_plus'],
      [85, 'a'],
      [170, 'b'],
      [255, 'c'],
      [340, 'd'],
      [425, 'e'],
      [510, 'f'],
    ],
    above: 'g',
  },
};

const suffixCodes: Record<string, string> = { '++': '_plusplus', '+': '_plus', '-': '_sub' };
const suffixTexts: Record<string, string> = { plusplus: '++', plus: '+', sub: '-' };

function labelFromBands(regionBands: Bands, energyPerformance: number): string {
  if (energyPerformance < 0) return regionBands.negative;
  for (const [bound, label] of regionBands.upTo) if (energyPerformance <= bound) return label;
  return regionBands.above;
}

/* Certificates write labels as "A+", "B-", sometimes with a typographic minus or a stray space. */
function labelFromText(region: EpcRegion, labelText: string): string | undefined {
  const compact = labelText
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[\u2212\u2013]/g, '-');
  const match = /^([a-z])(\+\+|\+|-)?$/.exec(compact);
  const code = match ? `${match[1]}${match[2] ? suffixCodes[match[2]] : ''}` : compact;
  return epcLabels[region].includes(code) ? code : undefined;
}

/**
 * EPC label code of a listing: from the numeric EnergyPerformance when there is one (spec §9),
 * otherwise from the certificate's label text. Undefined when neither gives a label of the region.
 */
export function epcLabel(region: EpcRegion, energyPerformance: number | null | undefined, labelText: string | null | undefined): string | undefined {
  const regionBands = bands[region];
  if (regionBands && typeof energyPerformance === 'number' && Number.isFinite(energyPerformance)) {
    return labelFromBands(regionBands, energyPerformance);
  }
  return labelText ? labelFromText(region, labelText) : undefined;
}

/** Label as printed on a certificate: a_plusplus → "A++", b_sub → "B-", g → "G". */
export function epcLabelText(label: string): string {
  const match = /^([a-z])(?:_(plusplus|plus|sub))?$/.exec(label);
  if (!match) return label;
  return `${(match[1] ?? '').toUpperCase()}${match[2] ? (suffixTexts[match[2]] ?? '') : ''}`;
}

export function epcImagePath(region: EpcRegion, label: string): string {
  return `/images/epc/${region}/${label}.png`;
}

/**
 * Whether a listing must show the renovation obligation: a Flemish rule (design.md §9), so only
 * for a home in Flanders, bought (a sale), labelled E or F on the Flemish scale. Wallonia and
 * Brussels have no such obligation for a buyer; their E, F and G listings show nothing.
 */
export function needsRenovationNotice(region: EpcRegion, label: string | undefined, goal: 'sale' | 'rent'): boolean {
  return region === 'flanders' && goal === 'sale' && (label === 'e' || label === 'f');
}
