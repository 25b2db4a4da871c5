import { systemSlugs } from '../../config/system-slugs';
import { join, type PageKind } from '../kind';

export type FavouritesRoute = { page: 'favourites' };

/**
 * The listings a visitor saved with a heart (issue 19 item 3): one prerendered page per language
 * whose island lists what this browser keeps. Nothing on it for a search engine.
 */
export const favouritesPage: PageKind<FavouritesRoute> = {
  firstSegment: { says: 'favourites page', slug: (language) => systemSlugs.favourites[language] },
  budget: 'list',
  view: () => import('./view').then((module) => module.FavouritesView),
  path: (_route, language) => join(language, [systemSlugs.favourites[language]]),
  match: (segments, _params, language) => (segments.length === 1 && segments[0] === systemSlugs.favourites[language] ? { page: 'favourites' } : undefined),
  routes: () => [{ page: 'favourites' }],
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('favourites.title'), route }],
  metadata: (_route, _language, t) => ({ title: t('favourites.title'), description: t('favourites.description') }),
};
