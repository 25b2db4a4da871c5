import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';

/** The owner portal's door forms' texts, handed to them by the server: the islands ship no message formatter. */
export function authTexts(language: Language) {
  return islandTexts(language, 'portal', ['email', 'password', 'logIn', 'loggingIn', 'forgotLink', 'sendLink', 'askNewLink', 'newPassword', 'confirmPassword', 'savePassword']);
}

export type AuthTexts = ReturnType<typeof authTexts>;
