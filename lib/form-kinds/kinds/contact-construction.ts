import { z } from 'zod';
import type { FormKind } from '../definitions';
import { contactShape, listingId } from '../fields';

/** Information about a project. */
export const contactConstruction = {
  schema: z.object({ projectId: listingId, ...contactShape }),
  definition: { captcha: true, about: 'project', visitorMail: true },
} satisfies FormKind;
