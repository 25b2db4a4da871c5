import { bboxDecimals, bboxLimits, type ListBbox } from './list-params';

// Only the list's map asks this (in its own chunk): the list's island, which ships list-params.ts, does not.

/**
 * The bbox of a map's visible bounds as a URL carries it: cut to the limits and widened outward to
 * four decimals, so that every listing the map showed is still inside. Undefined when the bounds
 * lie wholly outside the limits.
 */
export function bboxOfBounds(bounds: ListBbox): ListBbox | undefined {
  const scale = 10 ** bboxDecimals;
  const down = (value: number) => Math.floor(value * scale) / scale;
  const up = (value: number) => Math.ceil(value * scale) / scale;
  const box = {
    minLng: down(Math.max(bounds.minLng, bboxLimits.minLng)),
    minLat: down(Math.max(bounds.minLat, bboxLimits.minLat)),
    maxLng: up(Math.min(bounds.maxLng, bboxLimits.maxLng)),
    maxLat: up(Math.min(bounds.maxLat, bboxLimits.maxLat)),
  };
  return box.minLng < box.maxLng && box.minLat < box.maxLat ? box : undefined;
}
