import { getMenuEntry, loadSiteConfig, localise, menuAncestors, type Language, type MenuEntry } from '../../config';
import type { Route } from '../index';
import { join, type Crumb, type PageKind } from '../kind';

export type MenuRoute = { page: 'menu'; id: string };

/*
 * Pages the staff build in data/site/menu.json: their paths nest under their parents' paths.
 * Hidden entries are reachable (linked from elsewhere), drafts are not.
 */

const reachableMenu = (): MenuEntry[] => loadSiteConfig().menu.filter((entry) => entry.status !== 'Draft');

/** Path segments of a menu page: its ancestors' paths then its own, in one language. */
function menuSegments(entry: MenuEntry, language: Language): string[] {
  const byId = new Map(reachableMenu().map((candidate) => [candidate.id, candidate]));
  return [entry, ...menuAncestors(entry, (id) => byId.get(id))].reverse().map((current) => current.params.path[language].toLowerCase());
}

/** The page a menu entry links: its own page, or the system page it stands for. */
export function menuEntryRoute(entry: MenuEntry): Route {
  switch (entry.params.type) {
    case 'page':
      return { page: 'menu', id: entry.id };
    case 'home':
    case 'for-sale':
    case 'for-rent':
    case 'projects':
    case 'login':
      return { page: entry.params.type };
  }
}

export const menuPage: PageKind<MenuRoute> = {
  budget: 'menu page',
  view: () => import('./view').then((module) => module.MenuView),
  path: (route, language, link) => {
    const entry = reachableMenu().find((candidate) => candidate.id === route.id);
    if (!entry) return link({ page: 'home' }, language);
    return entry.params.type === 'page' ? join(language, menuSegments(entry, language)) : link(menuEntryRoute(entry), language);
  },
  // Case-insensitive: the segments arrive percent-decoded, the paths are compared in lower case.
  match: (segments, _params, language) => {
    if (segments.length === 0) return undefined;
    const wanted = segments.map((segment) => segment.toLowerCase());
    const entry = reachableMenu().find((candidate) => {
      if (candidate.params.type !== 'page') return false;
      const path = menuSegments(candidate, language);
      return path.length === wanted.length && path.every((segment, index) => segment === wanted[index]);
    });
    return entry ? { page: 'menu', id: entry.id } : undefined;
  },
  routes: () =>
    reachableMenu()
      .filter((entry) => entry.params.type === 'page')
      .map((entry) => ({ page: 'menu', id: entry.id })),
  missing: (route) => (getMenuEntry(route.id) ? undefined : 'page'),
  crumbs: (route, language) => {
    const entry = getMenuEntry(route.id);
    if (!entry) return [];
    // Guarded walk: a parent loop in unchecked data must not hang the render (lib/config/menu-tree).
    const trail: Crumb[] = menuAncestors(entry, getMenuEntry)
      .reverse()
      .map((parent) => ({ name: localise(parent.params.title, language), route: { page: 'menu', id: parent.id } }));
    return [...trail, { name: localise(entry.params.title, language), route }];
  },
  metadata: (route, language, t) => {
    const entry = getMenuEntry(route.id);
    if (!entry) return { title: t('notFound.title') };
    const seo = entry.params.metadata[language];
    const title = seo?.metaTitle || localise(entry.params.title, language);
    const description = seo?.metaDescription || localise(entry.params.description, language);
    return { title, description, social: seo ?? {} };
  },
  indexable: (route, language) => {
    const entry = getMenuEntry(route.id);
    return entry !== undefined && entry.params.metadata[language]?.seoActive !== false;
  },
  lastModified: (route) => getMenuEntry(route.id)?.modifyDate.slice(0, 10),
};
