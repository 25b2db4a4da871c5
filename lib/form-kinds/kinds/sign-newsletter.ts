import { z } from 'zod';
import type { FormKind } from '../definitions';
import { email, privacy } from '../fields';

/** The newsletter, with double opt-in. */
export const signNewsletter = {
  schema: z.object({ email: email(), privacy }),
  definition: { captcha: false, about: 'agency', visitorMail: false, doubleOptIn: true },
} satisfies FormKind;
