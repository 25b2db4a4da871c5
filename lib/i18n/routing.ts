import { defineRouting } from 'next-intl/routing';
import { getDefaultLanguage, getEnabledLanguages } from '../config';

/*
 * next-intl routing: the enabled languages and default come from data/site/site.json, every URL
 * carries its language. Localised paths (te-koop, a-vendre...) are not next-intl pathnames: they
 * are resolved by the page table (lib/pages) and served by one route, app/[lang]/[...path]. Rewriting them to
 * internal routes made Next.js 16's client router prefetch the wrong route segments (404s on
 * every prefetched listing link).
 */
export const routing = defineRouting({
  locales: getEnabledLanguages(),
  defaultLocale: getDefaultLanguage(),
  localePrefix: 'always',
  // proxy.ts writes the language cookie itself, and only for an explicit choice (?lng=): a page
  // answer without Set-Cookie can be cached by a CDN.
  localeCookie: false,
  // hreflang alternates are emitted by the pages themselves, with each language's own slugs.
  alternateLinks: false,
});

export const languageCookie = 'NEXT_LOCALE';
