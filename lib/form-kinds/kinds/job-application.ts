import { z } from 'zod';
import { maxUploadBytes, type FormKind } from '../definitions';
import { contactShape } from '../fields';

/** An application for a job, with its CV. */
export const jobApplication = {
  schema: z.object({ ...contactShape }),
  definition: {
    captcha: true,
    about: 'agency',
    visitorMail: true,
    upload: { field: 'cv', required: true, accept: 'document', maxBytes: maxUploadBytes },
  },
} satisfies FormKind;
