import { z } from 'zod';
import type { FormKind } from '../definitions';
import { alertFrequencies, blankToUndefined, contactShape, fieldOf, goals, optionalCount, searchLimits } from '../fields';

/** A checkbox group: nothing ticked arrives as absent (plain form) or false (react-hook-form). */
const asList = (value: unknown) => (value === undefined || value === null || value === false || value === '' ? [] : Array.isArray(value) ? value : [value]);

const typeIds = z.preprocess(
  asList,
  z
    .array(z.string().regex(/^\d{1,3}$/, 'typeRequired'), { error: 'typeRequired' })
    .min(1, 'typeRequired')
    .max(10, 'typeRequired'),
);

/** Towns ("Mons|7000") picked from the list, or bare postcodes typed in. */
const zones = z.preprocess(
  asList,
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^([^|]{1,80}\|)?\d{4}$/, 'zoneRequired'),
      { error: 'zoneRequired' },
    )
    .max(30, 'zoneRequired'),
);

/** Postcodes typed in one field, separated by commas or spaces ("7000, 7011"). */
const postcodes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : asList(value)),
  z.array(z.string().regex(/^\d{4}$/, 'postcodesInvalid'), { error: 'postcodesInvalid' }).max(searchLimits.postcodes, 'postcodesInvalid'),
);

const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const bothNumbers = (value: unknown, a: string, b: string) => typeof fieldOf(value, a) === 'number' && typeof fieldOf(value, b) === 'number';

/** A search alert (lib/alerts), active once the address confirms the link mailed to it; the agency and the CRM hear of it then. */
export const demandRegister = {
  schema: z
    .object({
      ...contactShape,
      goal: z.enum(goals, { error: 'goalRequired' }),
      types: typeIds,
      zones,
      priceMin: optionalCount(searchLimits.price),
      priceMax: optionalCount(searchLimits.price),
      minRooms: optionalCount(searchLimits.count),
      minParkings: optionalCount(searchLimits.count),
      minBathrooms: optionalCount(searchLimits.count),
      budget: optionalCount(searchLimits.price),
      postcodes,
      frequency: z.preprocess(blankToUndefined, z.enum(alertFrequencies, { error: 'invalid' }).default('immediately')),
    })
    // `when`: these checks also run while other fields are still wrong, so every error shows at once.
    .refine((value) => listLength(value.zones) + listLength(value.postcodes) > 0, {
      message: 'zoneRequired',
      path: ['zones'],
      when: (payload) => listLength(fieldOf(payload.value, 'postcodes')) === 0,
    })
    .refine((value) => value.priceMin === undefined || value.priceMax === undefined || value.priceMax >= value.priceMin, {
      message: 'priceRange',
      path: ['priceMax'],
      when: (payload) => bothNumbers(payload.value, 'priceMin', 'priceMax'),
    }),
  definition: { captcha: true, about: 'agency', visitorMail: false, alert: 'search' },
} satisfies FormKind;
