import { z } from 'zod';
import type { FormKind } from '../definitions';
import { contactShape, listingId } from '../fields';

/** Information about a listing. */
export const contactMe = {
  schema: z.object({ propertyId: listingId, ...contactShape }),
  definition: { captcha: true, about: 'property', visitorMail: true },
} satisfies FormKind;
