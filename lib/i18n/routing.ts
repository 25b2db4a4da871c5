import { defineRouting } from 'next-intl/routing';
import { getDefaultLanguage, getEnabledLanguages } from '../config';
import { systemSlugs, type SystemPage } from './slugs';

/*
 * next-intl routing: the enabled languages and default come from data/site/site.json; the system
 * pages have localised pathnames. Menu pages are not listed here: their paths come from the menu
 * configuration and are resolved by app/[lang]/[...path] through lib/i18n/urls.
 */

const localised = (page: SystemPage, rest = '') =>
  Object.fromEntries(Object.entries(systemSlugs[page]).map(([language, slug]) => [language, `/${slug}${rest}`]));

export const routing = defineRouting({
  locales: getEnabledLanguages(),
  defaultLocale: getDefaultLanguage(),
  localePrefix: 'always',
  // Remember the language for a year; next-intl's default is a session cookie.
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
  // hreflang alternates are emitted by the pages themselves: next-intl cannot know the
  // translated slugs of menu pages and listings.
  alternateLinks: false,
  pathnames: {
    '/': '/',
    '/for-sale': localised('for-sale'),
    '/for-sale/[city]/[type]/[id]': localised('for-sale', '/[city]/[type]/[id]'),
    '/for-rent': localised('for-rent'),
    '/for-rent/[city]/[type]/[id]': localised('for-rent', '/[city]/[type]/[id]'),
    '/projects': localised('projects'),
    '/projects/[id]': localised('projects', '/[id]'),
    '/thank-you/[form]': localised('thank-you', '/[form]'),
    '/testimonials/[slug]': localised('testimonials', '/[slug]'),
    '/our-services/[slug]': '/our-services/[slug]',
    '/login': '/login',
  },
});

export const languageCookie = 'NEXT_LOCALE';
