import { getEnabledLanguages, type Language } from '@/lib/config';
import { allRoutes, href } from '@/lib/pages';

/** Every URL of the catalogue and configuration in a language, as the site should serve it. */
export function allUrls(language: Language): string[] {
  return allRoutes(language).map((route) => href(route, language));
}

export { getEnabledLanguages };
