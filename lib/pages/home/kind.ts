import { getMenuEntry, getSite } from '../../config';
import { join, type PageKind } from '../kind';

export type HomeRoute = { page: 'home' };

/** The home page (app/[lang]/page.tsx): its texts for search engines come from the menu's home entry. */
export const homePage: PageKind<HomeRoute> = {
  budget: 'home',
  view: () => import('./view').then((module) => module.HomeView),
  path: (_route, language) => join(language, []),
  match: (segments) => (segments.length === 0 ? { page: 'home' } : undefined),
  routes: () => [{ page: 'home' }],
  crumbs: () => [],
  metadata: (_route, language) => {
    const seo = getMenuEntry('home')?.params.metadata[language];
    return { title: seo?.metaTitle || getSite().siteInfo.name, description: seo?.metaDescription, absoluteTitle: true };
  },
};
