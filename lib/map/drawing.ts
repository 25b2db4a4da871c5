import type { MapTown } from './index';

/*
 * The layout of the home map's drawing (components/catalogue/home-map): dot sizes and which towns
 * are named where, in the units of the outline's viewBox.
 */

/** Towns with this many listings or more are named on the drawing; the list names them all. */
const labelFrom = 3;
/** In the drawing's units, as the label's font-size. */
export const labelFontSize = 8.5;

const total = (town: MapTown) => town.sale.count + town.rent.count;
export const dotRadius = (town: MapTown) => 1.8 + 1.2 * Math.sqrt(total(town));

type Box = { x: number; y: number; width: number; height: number };
export type Label = { town: MapTown; x: number; y: number; anchor: 'start' | 'end' | 'middle'; box: Box };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Names for the biggest towns, largest first, each on the first side of its dot (right, left,
 * below, above) where it covers no name already placed and no named dot; a name that fits nowhere
 * is left out (the list names every town).
 */
export function placeLabels(towns: readonly MapTown[]): Label[] {
  const placed: Label[] = [];
  const named = towns.filter((candidate) => total(candidate) >= labelFrom).toSorted((a, b) => total(b) - total(a));
  // A name may cover a small dot, never the dot of another named town.
  const dots: Box[] = named.flatMap((town) => {
    if (!town.point) return [];
    const r = dotRadius(town);
    return [{ x: town.point.x - r, y: town.point.y - r, width: 2 * r, height: 2 * r }];
  });
  for (const town of named) {
    if (!town.point) continue;
    const { x, y } = town.point;
    const gap = dotRadius(town) + 1.5;
    // Roughly the width of the name in the drawing's units.
    const width = town.name.length * labelFontSize * 0.58;
    const height = labelFontSize;
    const candidates: Label[] = [
      { town, x: x + gap, y: y + 3, anchor: 'start', box: { x: x + gap, y: y - 6, width, height } },
      { town, x: x - gap, y: y + 3, anchor: 'end', box: { x: x - gap - width, y: y - 6, width, height } },
      { town, x, y: y + gap + 7, anchor: 'middle', box: { x: x - width / 2, y: y + gap, width, height } },
      { town, x, y: y - gap - 2, anchor: 'middle', box: { x: x - width / 2, y: y - gap - height, width, height } },
    ];
    const free = candidates.find((candidate) => placed.every((other) => !overlaps(candidate.box, other.box)) && dots.every((dot) => !overlaps(candidate.box, dot)));
    if (free) placed.push(free);
  }
  return placed;
}
