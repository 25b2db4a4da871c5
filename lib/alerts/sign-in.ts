import { logIn, sessionCookie } from '../auth/owner-auth';

/**
 * The search-alert form's password signs into the address's searcher account when it has one and
 * the password is right: the answer then carries the session cookie. Otherwise it carries nothing,
 * after the same work (logIn verifies against a stand-in hash when there is no account), so
 * neither the answer nor its time tells whether the address has an account.
 */
export async function searchFormSignIn(email: unknown, password: unknown, client: string): Promise<Record<string, string> | undefined> {
  if (typeof email !== 'string' || typeof password !== 'string') return undefined;
  const result = await logIn(email, password, client);
  if (!result.ok || result.realm !== 'searcher') return undefined;
  const secure = process.env.NODE_ENV === 'production' ? '; Secure' : '';
  return { 'set-cookie': `${sessionCookie}=${result.token}; Path=/; Expires=${result.expires.toUTCString()}; HttpOnly; SameSite=Lax${secure}` };
}
