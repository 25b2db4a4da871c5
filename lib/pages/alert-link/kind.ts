import { systemSlugs } from '../../i18n/slugs';
import { alertLinkPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

export type AlertLinkAction = 'confirm' | 'unsubscribe';
/** `account: 'sent'`: the page comes back from asking for an account, and says the link is on its way. */
export type AlertLinkRoute = { page: 'alert-link'; action?: AlertLinkAction; token?: string; account?: 'sent' };

const actionOf = (value: string | null): AlertLinkAction | undefined => (value === 'confirm' || value === 'unsubscribe' ? value : undefined);

/**
 * The page an alert mail's links open (lib/alerts): confirm a search or a follow, or unsubscribe.
 * Rendered per request; opening it changes nothing, its button posts.
 */
export const alertLinkPage: PageKind<AlertLinkRoute> = {
  budget: 'thank-you',
  path: (route, language) => {
    const params = new URLSearchParams();
    if (route.action) params.set('action', route.action);
    if (route.token) params.set('token', route.token);
    if (route.account) params.set('account', route.account);
    const query = params.toString();
    return join(language, [systemSlugs['alert-link'][language]]) + (query ? `?${query}` : '');
  },
  match: (segments, params, language) =>
    segments.length === 1 && segments[0] === systemSlugs['alert-link'][language]
      ? { page: 'alert-link', action: actionOf(params.get('action')), token: params.get('token') ?? undefined, account: params.get('account') === 'sent' ? 'sent' : undefined }
      : undefined,
  queryKeys: ['action', 'token', 'account'],
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language, search) => `${alertLinkPath(language)}${search}`,
  indexable: () => false,
  crumbs: (_route, _language, t) => [{ name: t('alerts.page.title'), route: { page: 'alert-link' } }],
  // The token stays out of the canonical and alternate links.
  metadata: (_route, _language, t) => ({ title: t('alerts.page.title'), canonical: { page: 'alert-link' } }),
};
