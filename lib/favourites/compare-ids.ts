import { z } from 'zod';
import { compareLimit } from './compare-query';

/* The IDs of a comparison's URL, read without trusting it (lib/pages/compare.ts, the comparison page). */

/** Longer than four IDs and their commas need: anything beyond is refused whole, never parsed. */
const maxIdsLength = 200;

const idToken = z.string().regex(/^\d{1,12}$/).transform(Number).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const idsText = z.string().max(maxIdsLength);

/** What the URL asked for: the IDs to compare (at most four, in order, no repeats), and what was left out. */
export type CompareRequest = {
  ids: number[];
  /** Entries that are not listing IDs; counted, never shown (nothing from the URL is echoed but numbers). */
  invalid: number;
  /** IDs beyond the fourth. */
  beyondLimit: number;
};

export function parseCompareIds(value: string | null | undefined): CompareRequest {
  const text = idsText.safeParse(value ?? '');
  if (!text.success) return { ids: [], invalid: 1, beyondLimit: 0 };
  const ids: number[] = [];
  let invalid = 0;
  for (const token of text.data.split(',')) {
    const trimmed = token.trim();
    if (trimmed === '') continue;
    const id = idToken.safeParse(trimmed);
    if (!id.success) invalid += 1;
    else if (!ids.includes(id.data)) ids.push(id.data);
  }
  return { ids: ids.slice(0, compareLimit), invalid, beyondLimit: Math.max(0, ids.length - compareLimit) };
}

