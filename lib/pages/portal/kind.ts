import { systemSlugs } from '../../config/system-slugs';
import { portalPath } from '../internal-paths';
import { idSegment, join, type PageKind } from '../kind';

export type PortalRoute = { page: 'portal' };
export type PortalListingRoute = { page: 'portal-listing'; id: number };

/*
 * The owner portal: rendered per request behind the owner's session (app/[lang]/owner-portal),
 * never prerendered, never in a static export.
 */

export const portalPage: PageKind<PortalRoute> = {
  firstSegment: { says: 'owner portal', slug: (language) => systemSlugs.portal[language] },
  budget: 'login',
  path: (_route, language) => join(language, [systemSlugs.portal[language]]),
  match: (segments, _params, language) => (segments.length === 1 && segments[0] === systemSlugs.portal[language] ? { page: 'portal' } : undefined),
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language) => portalPath(language),
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('portal.title'), route }],
  metadata: (_route, _language, t) => ({ title: t('portal.title') }),
};

export const portalListingPage: PageKind<PortalListingRoute> = {
  budget: 'login',
  path: (route, language) => join(language, [systemSlugs.portal[language], String(route.id)]),
  match: (segments, _params, language) => {
    const id = idSegment(segments[1]);
    return segments.length === 2 && segments[0] === systemSlugs.portal[language] && id !== undefined ? { page: 'portal-listing', id } : undefined;
  },
  routes: () => [],
  serverOnly: true,
  renderedAt: (route, language) => portalPath(language, route.id),
  indexable: () => false,
  crumbs: (_route, _language, t) => [{ name: t('portal.title'), route: { page: 'portal' } }],
  metadata: (_route, _language, t) => ({ title: t('portal.title') }),
};
