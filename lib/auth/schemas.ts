import { z } from 'zod';
import { translatorFor } from '../i18n/messages';
import type { Language } from '../config';
import { minPasswordLength } from './owner-auth';

/*
 * What the owner portal's forms post, checked by zod as the request forms are (lib/forms/schemas).
 * Every message is a key of the `portal` messages, so an error reaches the form in the visitor's
 * language, next to its field.
 */

/** A posted field as text: an absent one is empty. */
const posted = <T extends z.ZodType<unknown, string>>(schema: T) => z.preprocess((value) => String(value ?? ''), schema);

/** Both fields or neither: the login says so once, above the form, not next to a field. */
export const loginSchema = z.object({
  email: posted(z.string().trim().min(1, 'fieldsRequired')),
  password: posted(z.string().min(1, 'fieldsRequired')),
});

export const forgotPasswordSchema = z.object({
  email: posted(z.string().trim().pipe(z.email('emailInvalid'))),
});

export const setPasswordSchema = z
  .object({
    token: posted(z.string()),
    password: posted(z.string().min(minPasswordLength, 'passwordTooShort')),
    passwordConfirm: posted(z.string()),
  })
  // One message at a time: a mismatch is only worth telling once the password is long enough.
  .refine((value) => value.password === value.passwordConfirm, { message: 'passwordMismatch', path: ['passwordConfirm'], when: (payload) => payload.issues.length === 0 });

/** The fields of the portal's forms that can carry an error of their own. */
const fieldsWithErrors = ['email', 'password', 'passwordConfirm'] as const;
export type FieldErrors = Partial<Record<(typeof fieldsWithErrors)[number], string>>;

/** The `portal` messages the schemas above name. */
const schemaMessages = ['fieldsRequired', 'emailInvalid', 'passwordTooShort', 'passwordMismatch'] as const;

/** A message of the schemas above in the visitor's language. */
export function portalMessage(key: string, language: Language): string {
  const known = schemaMessages.find((candidate) => candidate === key);
  return known ? translatorFor(language, 'portal')(known) : key;
}

/** The first error of each field, in the visitor's language: what the form shows under that field. */
export function fieldErrorsOf(error: z.ZodError, language: Language): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldsWithErrors.find((name) => name === issue.path[0]);
    if (field !== undefined && errors[field] === undefined) errors[field] = portalMessage(issue.message, language);
  }
  return errors;
}
