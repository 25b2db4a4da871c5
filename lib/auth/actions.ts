'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { after } from 'next/server';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { enqueueJob, getStore, type OwnerResetPayload } from '../db';
import { href } from '../pages';
import { translatorFor } from '../i18n/messages';
import { deliverSoon } from '../outbox/deliver-soon';
import { clientAddress } from '../security/client-address';
import { searcherHintCookie } from './account-hint';
import { deviceCookie, deviceTtlMs } from './login-device';
import { logIn, logOut, sessionCookie, setPasswordWithToken } from './owner-auth';
import { resetAllowed } from './reset-limits';
import { fieldErrorsOf, forgotPasswordSchema, loginSchema, portalMessage, setPasswordSchema, type FieldErrors } from './schemas';

/*
 * The owner portal's mutations, as server actions: they work as plain form posts without
 * JavaScript, Next.js checks their origin, and they answer with a typed state for the form: a
 * message above it, or the errors of its fields (lib/auth/schemas.ts checks what was posted).
 */

export type AuthFormState = { status: 'idle' | 'error' | 'sent'; title?: string; message?: string; fieldErrors?: FieldErrors; email?: string };

const languageOf = (value: string): Language => getEnabledLanguages().find((language) => language === value) ?? getDefaultLanguage();

/** What the form posted, as the schemas read it. */
const postedFields = (data: FormData, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, data.get(name)]));

/** The address typed, given back to the form after a refusal. */
const typedEmail = (data: FormData) => String(data.get('email') ?? '').trim();

async function setSessionCookie(token: string, expires: Date, realm: 'owner' | 'searcher'): Promise<void> {
  const jar = await cookies();
  // Browsers accept Secure cookies on http://localhost too, so production is always Secure.
  const secure = process.env.NODE_ENV === 'production';
  jar.set(sessionCookie, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
  // The heart's scripts read this one (lib/auth/account-hint.ts); an owner's favourites are no account's.
  if (realm === 'searcher') jar.set(searcherHintCookie, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires });
  else jar.delete({ name: searcherHintCookie, path: '/' });
}

/** The browser's proof of a right password (lib/auth/login-device.ts), kept across sessions and logouts. */
async function setDeviceCookie(token: string): Promise<void> {
  const secure = process.env.NODE_ENV === 'production';
  (await cookies()).set(deviceCookie, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: new Date(Date.now() + deviceTtlMs) });
}

export async function loginAction(lang: string, _previous: AuthFormState, data: FormData): Promise<AuthFormState> {
  const language = languageOf(lang);
  const t = translatorFor(language, 'portal');
  const posted = loginSchema.safeParse(postedFields(data, ['email', 'password']));
  if (!posted.success) return { status: 'error', title: t('loginFailed'), message: portalMessage(posted.error.issues[0]?.message ?? 'fieldsRequired', language), email: typedEmail(data) };
  const { email, password } = posted.data;
  const result = await logIn(email, password, clientAddress(await headers()), (await cookies()).get(deviceCookie)?.value);
  if (!result.ok) {
    const messages = { locked: 'lockedOut', 'rate-limited': 'rateLimited', busy: 'busy', failed: 'credentialsWrong' } as const;
    const message = t(messages[result.reason]);
    return { status: 'error', title: t('loginFailed'), message, email };
  }
  await setSessionCookie(result.token, result.expires, result.realm);
  await setDeviceCookie(result.device);
  redirect(href({ page: result.realm === 'owner' ? 'portal' : 'searcher' }, language));
}

export async function logoutAction(lang: string): Promise<void> {
  const language = languageOf(lang);
  const jar = await cookies();
  await logOut(jar.get(sessionCookie)?.value);
  jar.delete(sessionCookie);
  // With the path it was set with: a bare name would delete only a cookie of this page's path.
  jar.delete({ name: searcherHintCookie, path: '/' });
  redirect(href({ page: 'login' }, language));
}

/** Same answer, after the same work, whether or not the address has an account ('password sent'). */
export async function forgotPasswordAction(lang: string, _previous: AuthFormState, data: FormData): Promise<AuthFormState> {
  const language = languageOf(lang);
  const t = translatorFor(language, 'portal');
  const posted = forgotPasswordSchema.safeParse(postedFields(data, ['email']));
  if (!posted.success) return { status: 'error', fieldErrors: fieldErrorsOf(posted.error, language), email: typedEmail(data) };
  const { email } = posted.data;
  if (await resetAllowed(clientAddress(await headers()), email)) {
    // The same work whatever the address: one job queued. Whether the address is an owner's is for
    // the outbox to find out after this answer, so neither the answer nor its time can tell.
    const jobId = await enqueueJob(await getStore(), 'owner-reset', { email, language } satisfies OwnerResetPayload);
    after(() => deliverSoon({ jobId }));
  }
  return { status: 'sent', message: t('passwordSent') };
}

export async function setPasswordAction(lang: string, _previous: AuthFormState, data: FormData): Promise<AuthFormState> {
  const language = languageOf(lang);
  const t = translatorFor(language, 'portal');
  const posted = setPasswordSchema.safeParse(postedFields(data, ['token', 'password', 'passwordConfirm']));
  if (!posted.success) return { status: 'error', fieldErrors: fieldErrorsOf(posted.error, language) };
  const { token, password } = posted.data;
  const result = await setPasswordWithToken(token, password);
  if (!result.ok) return { status: 'error', message: t('linkInvalid') };
  await setSessionCookie(result.token, result.expires, result.realm);
  await setDeviceCookie(result.device);
  redirect(href({ page: result.realm === 'owner' ? 'portal' : 'searcher' }, language));
}
