import { z } from 'zod';
import { maxUploadBytes, type FormKind } from '../definitions';
import { email, optionalText, optionalUrl, privacy, requiredText } from '../fields';

/** A visitor's testimonial, with a picture if they like. */
export const testimonial = {
  schema: z.object({
    name: requiredText('nameRequired'),
    about: optionalText(200),
    website: optionalUrl,
    comment: requiredText('commentRequired', 3000),
    email: email(),
    privacy,
  }),
  definition: {
    captcha: true,
    about: 'agency',
    // The author hears that it arrived and that it is read before it is published (issue 39).
    visitorMail: true,
    upload: { field: 'image', required: false, accept: 'image', maxBytes: maxUploadBytes },
  },
} satisfies FormKind;
