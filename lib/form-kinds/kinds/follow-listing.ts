import { z } from 'zod';
import type { FormKind } from '../definitions';
import { email, listingId, privacy } from '../fields';

/** Following a listing. E-mail only, as the newsletter: the confirmation link is the check that the address is the visitor's. */
export const followListing = {
  schema: z.object({ propertyId: listingId, email: email(), privacy }),
  definition: { captcha: false, about: 'property', visitorMail: false, alert: 'follow' },
} satisfies FormKind;
