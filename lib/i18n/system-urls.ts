import type { Language } from '../config/schemas';
import { systemSlugs } from './slugs';

/*
 * URLs of the system pages, from the slug table alone: safe to use in client components, which
 * cannot read the catalogue or the menu. lib/i18n/urls builds on these.
 */

export type SystemListPage = 'for-sale' | 'for-rent' | 'projects' | 'login';

export const languageHome = (language: Language) => `/${language}/`;

export function systemHref(page: SystemListPage, language: Language): string {
  return `/${language}/${systemSlugs[page][language]}/`;
}
