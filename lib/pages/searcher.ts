import { systemSlugs } from '../i18n/slugs';
import { searcherSpacePath } from './internal-paths';
import { join, type PageKind } from './kind';

/** `notice`: what the last change in the space did, said once on the page it comes back to. */
export type SearcherNotice = 'saved' | 'invalid' | 'deleted';
export type SearcherRoute = { page: 'searcher'; notice?: SearcherNotice };

const noticeOf = (value: string | null): SearcherNotice | undefined => (value === 'saved' || value === 'invalid' || value === 'deleted' ? value : undefined);

/**
 * A searcher's space under the login page (lib/alerts): their searches and followed listings,
 * rendered per request behind their session (app/[lang]/searcher-space), never prerendered.
 */
export const searcherPage: PageKind<SearcherRoute> = {
  path: (route, language) => join(language, [systemSlugs.login[language], systemSlugs.searcher[language]]) + (route.notice ? `?notice=${route.notice}` : ''),
  match: (segments, params, language) =>
    segments.length === 2 && segments[0] === systemSlugs.login[language] && segments[1] === systemSlugs.searcher[language] ? { page: 'searcher', notice: noticeOf(params.get('notice')) } : undefined,
  queryKeys: ['notice'],
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language, search) => `${searcherSpacePath(language)}${search}`,
  indexable: () => false,
  crumbs: (_route, _language, t) => [
    { name: t('login.title'), route: { page: 'login' } },
    { name: t('searcher.title'), route: { page: 'searcher' } },
  ],
  metadata: (_route, _language, t) => ({ title: t('searcher.title'), canonical: { page: 'searcher' } }),
};
