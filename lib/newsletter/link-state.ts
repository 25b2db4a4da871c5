import { getStore, newsletterSignupEmail, newsletterSignupState, type SignupState } from '../db';
import { isTokenShaped, tokenDigest } from '../security/link-token';

/** Where the form of the confirmation page posts (lib/newsletter/confirm-route). */
export const newsletterConfirmEndpoint = '/api/newsletter/confirm/';

/** What the confirmation page shows for the token of its link; reading only, never confirming. */
export async function confirmationLinkState(token: string | undefined): Promise<SignupState> {
  if (!isTokenShaped(token)) return 'unknown';
  return newsletterSignupState(await getStore(), tokenDigest(token));
}

/** The address the link confirms, to name it on the page: the link's holder typed it (tokens cannot be guessed). */
export async function confirmationLinkEmail(token: string | undefined): Promise<string | undefined> {
  return isTokenShaped(token) ? newsletterSignupEmail(await getStore(), tokenDigest(token)) : undefined;
}
