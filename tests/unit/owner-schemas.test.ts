import { describe, expect, it, vi } from 'vitest';

/*
 * The owner portal's forms are checked by zod schemas (lib/auth/schemas.ts); the actions give each
 * field its first error in the visitor's language, as the forms showed them before.
 */

vi.mock('next/server', () => ({ after: () => undefined }));
vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ set: () => undefined, get: () => undefined, delete: () => undefined }) }));

process.env.SITE_SECRET = 'unit-test-secret';

const { loginAction, setPasswordAction, forgotPasswordAction } = await import('@/lib/auth/actions');
const { fieldErrorsOf, setPasswordSchema } = await import('@/lib/auth/schemas');
const messages = {
  nl: (await import('@/messages/nl.json')).default.portal,
  fr: (await import('@/messages/fr.json')).default.portal,
  en: (await import('@/messages/en.json')).default.portal,
  de: (await import('@/messages/de.json')).default.portal,
};

const idle = { status: 'idle' } as const;
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the owner portal schemas', () => {
  it('give each field its first error in every language', () => {
    for (const language of ['nl', 'fr', 'en', 'de'] as const) {
      const short = setPasswordSchema.safeParse({ token: 't', password: 'short', passwordConfirm: 'other' });
      expect(short.success).toBe(false);
      // Too short: the mismatch is not told as well.
      if (!short.success) expect(fieldErrorsOf(short.error, language)).toEqual({ password: messages[language].passwordTooShort });
      const mismatch = setPasswordSchema.safeParse({ token: 't', password: 'long enough', passwordConfirm: 'long enougH' });
      if (!mismatch.success) expect(fieldErrorsOf(mismatch.error, language)).toEqual({ passwordConfirm: messages[language].passwordMismatch });
      expect(mismatch.success).toBe(false);
    }
    expect(setPasswordSchema.safeParse({ token: 't', password: 'long enough', passwordConfirm: 'long enough' }).success).toBe(true);
  });

  it('answer the actions with the same states as before', async () => {
    expect(await setPasswordAction('fr', idle, form({ token: 't', password: 'short', passwordConfirm: 'short' }))).toEqual({
      status: 'error',
      fieldErrors: { password: messages.fr.passwordTooShort },
    });
    expect(await setPasswordAction('nl', idle, form({ token: 't', password: 'long enough', passwordConfirm: 'other one' }))).toEqual({
      status: 'error',
      fieldErrors: { passwordConfirm: messages.nl.passwordMismatch },
    });
    expect(await loginAction('en', idle, form({ email: '  owner@example.be ', password: '' }))).toEqual({
      status: 'error',
      title: messages.en.loginFailed,
      message: messages.en.fieldsRequired,
      email: 'owner@example.be',
    });
    expect(await loginAction('fr', idle, form({}))).toEqual({ status: 'error', title: messages.fr.loginFailed, message: messages.fr.fieldsRequired, email: '' });
    expect(await forgotPasswordAction('fr', idle, form({ email: ' not-an-address ' }))).toEqual({ status: 'error', fieldErrors: { email: messages.fr.emailInvalid }, email: 'not-an-address' });
  });
});
