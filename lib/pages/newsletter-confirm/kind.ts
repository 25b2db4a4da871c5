import { systemSlugs } from '../../config/system-slugs';
import { newsletterConfirmPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

export type NewsletterConfirmRoute = { page: 'newsletter-confirm'; token?: string };

/** The page a newsletter confirmation link opens: rendered per request, the token in the query. */
export const newsletterConfirmPage: PageKind<NewsletterConfirmRoute> = {
  firstSegment: { says: 'newsletter confirmation page', slug: (language) => systemSlugs['newsletter-confirm'][language] },
  budget: 'thank-you',
  path: (route, language) => join(language, [systemSlugs['newsletter-confirm'][language]]) + (route.token ? `?token=${encodeURIComponent(route.token)}` : ''),
  match: (segments, params, language) =>
    segments.length === 1 && segments[0] === systemSlugs['newsletter-confirm'][language] ? { page: 'newsletter-confirm', token: params.get('token') ?? undefined } : undefined,
  queryKeys: ['token'],
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language, search) => `${newsletterConfirmPath(language)}${search}`,
  indexable: () => false,
  crumbs: (_route, _language, t) => [{ name: t('newsletter.title'), route: { page: 'newsletter-confirm' } }],
  // The token stays out of the canonical and alternate links.
  metadata: (_route, _language, t) => ({ title: t('newsletter.title'), canonical: { page: 'newsletter-confirm' } }),
};
