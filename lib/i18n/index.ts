import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getEnabledLanguages, type Language } from '../config';

/**
 * For pages and layouts: the route's language if the site has it enabled (404 otherwise), set as
 * next-intl's request locale so that static rendering works.
 */
export function requireLanguage(lang: string): Language {
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  if (!language) notFound();
  setRequestLocale(language);
  return language;
}

export function languageParams(): { lang: Language }[] {
  return getEnabledLanguages().map((lang) => ({ lang }));
}

/** For generateStaticParams of nested routes: the parent's lang param, checked. */
export function staticLanguage(lang: string): Language {
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  if (!language) throw new Error(`generateStaticParams got an unknown language "${lang}"`);
  return language;
}
