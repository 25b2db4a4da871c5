import { systemSlugs } from '../../config/system-slugs';
import { requestConfirmPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

export type RequestConfirmRoute = { page: 'request-confirm'; token?: string };

/** The page the link of a request posted without JavaScript opens: rendered per request, the token in the query. */
export const requestConfirmPage: PageKind<RequestConfirmRoute> = {
  firstSegment: { says: 'request confirmation page', slug: (language) => systemSlugs['request-confirm'][language] },
  budget: 'thank-you',
  path: (route, language) => join(language, [systemSlugs['request-confirm'][language]]) + (route.token ? `?token=${encodeURIComponent(route.token)}` : ''),
  match: (segments, params, language) =>
    segments.length === 1 && segments[0] === systemSlugs['request-confirm'][language] ? { page: 'request-confirm', token: params.get('token') ?? undefined } : undefined,
  queryKeys: ['token'],
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language, search) => `${requestConfirmPath(language)}${search}`,
  indexable: () => false,
  crumbs: (_route, _language, t) => [{ name: t('requestConfirm.title'), route: { page: 'request-confirm' } }],
  // The token stays out of the canonical and alternate links.
  metadata: (_route, _language, t) => ({ title: t('requestConfirm.title'), canonical: { page: 'request-confirm' } }),
};
