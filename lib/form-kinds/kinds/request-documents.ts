import { z } from 'zod';
import type { FormKind } from '../definitions';
import { checkbox, contactShape, email, listingId, phone, privacy, title } from '../fields';

/** A listing's documents, mailed to the visitor. */
export const requestDocuments = {
  schema: z.object({
    propertyId: listingId,
    title,
    firstName: contactShape.firstName,
    lastName: contactShape.lastName,
    email: email(),
    phone,
    newsletter: checkbox,
    privacy,
  }),
  definition: { captcha: true, about: 'property', sendsDocuments: true, visitorMail: true },
} satisfies FormKind;
