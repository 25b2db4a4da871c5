import { getProjects, getProperties } from '@/lib/catalogue';
import { getArticles, getEnabledLanguages, loadSiteConfig, type Language } from '@/lib/config';
import { thankYouForms } from '@/lib/i18n/slugs';
import { href, type Route } from '@/lib/i18n/urls';

/** Every route of the catalogue and configuration, as the site should serve it. */
export function allRoutes(language: Language): Route[] {
  return [
    { page: 'home' },
    { page: 'for-sale' },
    { page: 'for-rent' },
    { page: 'projects' },
    { page: 'login' },
    ...getProperties(language).map((property) => ({ page: 'property', id: property.ID }) as const),
    ...getProjects(language).map((project) => ({ page: 'project', id: project.ID }) as const),
    ...thankYouForms.map((form) => ({ page: 'thank-you', form }) as const),
    ...getArticles()
      .filter((article) => article.category !== 'pages')
      .map((article) => ({ page: 'article', id: article.id }) as const),
    ...loadSiteConfig()
      .menu.filter((entry) => entry.status !== 'Draft' && entry.params.type === 'page')
      .map((entry) => ({ page: 'menu', id: entry.id }) as const),
  ];
}

export function allUrls(language: Language): string[] {
  return allRoutes(language).map((route) => href(route, language));
}

export { getEnabledLanguages, href };
