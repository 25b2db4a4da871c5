import type { Metadata } from 'next';
import { getSite, type Language } from '../config';
import { alternates, href, type Route } from '../i18n';

/** Title, description, canonical and hreflang alternates of a page, from its route. */
export function pageMetadata(language: Language, route: Route, title: string, description?: string): Metadata {
  const languages = alternates(route);
  return {
    title,
    description,
    alternates: {
      canonical: href(route, language),
      languages: { ...languages, 'x-default': href(route, getSite().languageDefault) },
    },
  };
}
