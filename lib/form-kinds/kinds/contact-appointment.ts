import { z } from 'zod';
import type { FormKind } from '../definitions';
import { contactShape, listingId } from '../fields';

/** A visit of a listing, at one of its viewing times if the visitor picks one. */
export const contactAppointment = {
  schema: z.object({
    propertyId: listingId,
    slotId: z.preprocess(
      (value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.number({ error: 'slotRequired' }).int().positive().optional(),
    ),
    ...contactShape,
  }),
  definition: { captcha: true, about: 'property', booksSlot: true, visitorMail: true },
} satisfies FormKind;
