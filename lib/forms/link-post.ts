import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { translatorFor } from '../i18n/messages';
import { errorPage } from './error-page';

/*
 * What the posts of a mailed link's page share (the newsletter's and the alerts' confirmations,
 * the alerts' unsubscribe): the language the page posted, and a bare refusal page.
 */

export function postedLanguage(value: string | null | undefined): Language {
  return getEnabledLanguages().find((language) => language === value) ?? getDefaultLanguage();
}

export function linkPostFailure(language: Language, status: number, error: 'forbidden' | 'tooLarge' | 'apiError'): Response {
  const message = translatorFor(language, 'forms')(`status.${error}`);
  return new Response(errorPage(language, { ok: false, error, message }, undefined), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
