import { systemSlugs } from '../../config/system-slugs';
import { searcherSpacePath } from '../internal-paths';
import { join, type PageKind } from '../kind';

/** `notice`: what the last change in the space did, said once on the page it comes back to. */
export type SearcherNotice = 'saved' | 'invalid' | 'deleted';

/** The fields of a search's edit form that can be refused, and why. */
const searchEditFields = ['postcodes', 'priceMin', 'priceMax', 'minRooms', 'minBathrooms', 'minParkings'] as const;
export type SearchEditField = (typeof searchEditFields)[number];
const searchEditErrors = ['numberInvalid', 'priceRange', 'postcodesInvalid', 'zoneRequired'] as const;
type SearchEditError = (typeof searchEditErrors)[number];
export type SearchEditErrors = Partial<Record<SearchEditField, SearchEditError>>;

/** A refused edit: the search it was about (opened again) and the error of each field. */
export type RefusedEdit = { id: string; errors: SearchEditErrors };

export type SearcherRoute = { page: 'searcher'; notice?: SearcherNotice; refused?: RefusedEdit };

const noticeOf = (value: string | null): SearcherNotice | undefined => (value === 'saved' || value === 'invalid' || value === 'deleted' ? value : undefined);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isField = (value: string): value is SearchEditField => searchEditFields.some((field) => field === value);
const isError = (value: string): value is SearchEditError => searchEditErrors.some((error) => error === value);

/** `?search=<id>&errors=priceMax:priceRange,postcodes:postcodesInvalid`: only known fields and errors are read. */
export function refusedEditOf(search: string | null, errors: string | null): RefusedEdit | undefined {
  if (search === null || !uuid.test(search) || errors === null) return undefined;
  const read: SearchEditErrors = {};
  for (const pair of errors.slice(0, 300).split(',')) {
    const [field = '', error = ''] = pair.split(':');
    if (isField(field) && isError(error)) read[field] = error;
  }
  return Object.keys(read).length > 0 ? { id: search, errors: read } : undefined;
}

function query(route: SearcherRoute): string {
  const params = new URLSearchParams();
  if (route.notice) params.set('notice', route.notice);
  if (route.refused) {
    params.set('search', route.refused.id);
    params.set('errors', searchEditFields.flatMap((field) => (route.refused?.errors[field] ? [`${field}:${route.refused.errors[field]}`] : [])).join(','));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A searcher's space under the login page (lib/alerts): their searches and followed listings,
 * rendered per request behind their session (app/[lang]/searcher-space), never prerendered.
 */
export const searcherPage: PageKind<SearcherRoute> = {
  budget: 'login',
  path: (route, language) => join(language, [systemSlugs.login[language], systemSlugs.searcher[language]]) + query(route),
  match: (segments, params, language) =>
    segments.length === 2 && segments[0] === systemSlugs.login[language] && segments[1] === systemSlugs.searcher[language]
      ? { page: 'searcher', notice: noticeOf(params.get('notice')), refused: refusedEditOf(params.get('search'), params.get('errors')) }
      : undefined,
  queryKeys: ['notice', 'search', 'errors'],
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
