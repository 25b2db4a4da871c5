import { compareLimit } from './compare-query';

/*
 * The IDs of a comparison's URL, read without trusting it (lib/pages/compare/kind.ts, the comparison
 * page, and the static export's island, which reads the same URL in the browser). Without zod:
 * the export's island would otherwise share zod's chunk with the home search and split it.
 */

/** Longer than four IDs and their commas need: anything beyond is refused whole, never parsed. */
const maxIdsLength = 200;

/** A listing ID: digits only, at most 12 (far below Number.MAX_SAFE_INTEGER), not zero. */
const idPattern = /^\d{1,12}$/;

/** What the URL asked for: the IDs to compare (at most four, in order, no repeats), and what was left out. */
export type CompareRequest = {
  ids: number[];
  /** Entries that are not listing IDs; counted, never shown (nothing from the URL is echoed but numbers). */
  invalid: number;
  /** IDs beyond the fourth. */
  beyondLimit: number;
};

export function parseCompareIds(value: string | null | undefined): CompareRequest {
  const text = value ?? '';
  if (text.length > maxIdsLength) return { ids: [], invalid: 1, beyondLimit: 0 };
  const ids: number[] = [];
  let invalid = 0;
  for (const token of text.split(',')) {
    const trimmed = token.trim();
    if (trimmed === '') continue;
    const id = idPattern.test(trimmed) ? Number(trimmed) : 0;
    if (id <= 0) invalid += 1;
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids: ids.slice(0, compareLimit), invalid, beyondLimit: Math.max(0, ids.length - compareLimit) };
}
