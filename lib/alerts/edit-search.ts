import { z } from 'zod';
import { alertFrequencies, goals } from '../form-kinds/fields';
import { searchLimits } from '../form-kinds/fields';
import type { SearchEditErrors } from '../pages/searcher/kind';
import { searchCriteria, type SearchCriteria } from './criteria';

/*
 * What the edit form of a search in the searcher's space posts (components/alerts/searcher-space),
 * read into criteria, or refused with an error per field, as the search-alert form says them.
 */

type AlertFrequency = (typeof alertFrequencies)[number];

const bound = (max: number) => z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number().int().min(0).max(max).optional());

const numberFields = ['priceMin', 'priceMax', 'minRooms', 'minBathrooms', 'minParkings'] as const;
type NumberField = (typeof numberFields)[number];
const priceBound = bound(searchLimits.price);
const countBound = bound(searchLimits.count);

/** The choices of selects and boxes: a value outside them is a forged post, not a typing error. */
const choices = z.object({
  goal: z.enum(goals),
  types: z.array(z.string().regex(/^\d{1,3}$/)).max(10),
  frequency: z.enum(alertFrequencies),
});

export type EditedSearch = { ok: true; criteria: SearchCriteria; frequency: AlertFrequency } | { ok: false; errors: SearchEditErrors } | { ok: false; forged: true };

export function readEditedSearch(data: FormData): EditedSearch {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim().slice(0, 300) : undefined;
  };
  const chosen = choices.safeParse({ goal: text('goal'), types: data.getAll('types').filter((value) => typeof value === 'string'), frequency: text('frequency') });
  if (!chosen.success) return { ok: false, forged: true };

  const errors: SearchEditErrors = {};
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const field of numberFields) {
    const parsed = (field === 'priceMin' || field === 'priceMax' ? priceBound : countBound).safeParse(text(field));
    if (parsed.success) numbers[field] = parsed.data;
    else errors[field] = 'numberInvalid';
  }
  if (numbers.priceMin !== undefined && numbers.priceMax !== undefined && numbers.priceMax < numbers.priceMin) errors.priceMax = 'priceRange';

  const tokens = [...new Set((text('postcodes') ?? '').split(/[\s,;]+/).filter(Boolean))];
  if (tokens.length === 0) errors.postcodes = 'zoneRequired';
  else if (tokens.length > searchLimits.postcodes || tokens.some((token) => !/^\d{4}$/.test(token))) errors.postcodes = 'postcodesInvalid';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const criteria = searchCriteria.safeParse({ goal: chosen.data.goal, types: chosen.data.types.map(Number), zips: tokens, ...numbers });
  return criteria.success ? { ok: true, criteria: criteria.data, frequency: chosen.data.frequency } : { ok: false, forged: true };
}
