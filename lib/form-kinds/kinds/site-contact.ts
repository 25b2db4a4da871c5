import { z } from 'zod';
import { maxUploadBytes, type FormKind } from '../definitions';
import { contactShape, requiredText } from '../fields';

/** The site's contact form. Spec §3: it takes a CV, for a spontaneous application (optional here, required on job-application). */
export const siteContact = {
  schema: z.object({ ...contactShape, city: requiredText('cityRequired', 80) }),
  definition: {
    captcha: true,
    about: 'agency',
    visitorMail: true,
    upload: { field: 'cv', required: false, accept: 'document', maxBytes: maxUploadBytes },
  },
} satisfies FormKind;
