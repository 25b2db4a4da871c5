import { z } from 'zod';
import type { FormKind } from '../definitions';
import { contactShape, requiredText } from '../fields';

/** A valuation of the visitor's property. */
export const contactDemand = {
  schema: z.object({
    ...contactShape,
    propertyType: z.string({ error: 'typeRequired' }).regex(/^\d{1,3}$/, 'typeRequired'),
    street: requiredText('valuationAddressRequired', 120),
    houseNumber: requiredText('valuationAddressRequired', 12),
    zip: z
      .string({ error: 'zipRequired' })
      .trim()
      .regex(/^\d{4}$/, 'zipRequired'),
    city: requiredText('cityRequired', 80),
  }),
  definition: { captcha: true, about: 'agency', visitorMail: true },
} satisfies FormKind;
