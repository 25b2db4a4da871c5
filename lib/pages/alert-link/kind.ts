import { systemSlugs } from '../../config/system-slugs';
import { alertLinkPath } from '../internal-paths';
import { join, type PageKind } from '../kind';

/** 'crm-unsubscribe': the unsubscribe link of the CRM's own alert mail, the profile's encrypted ids in `person` and `demand` (lib/alerts/crm-link). */
export type AlertLinkAction = 'confirm' | 'unsubscribe' | 'crm-unsubscribe';
/**
 * `account: 'sent'`: the page comes back from asking for an account, and says the link is on its
 * way. `done`: the page comes back from a CRM link's button, which was honoured.
 */
export type AlertLinkRoute = { page: 'alert-link'; action?: AlertLinkAction; token?: string; account?: 'sent'; person?: string; demand?: string; done?: boolean };

const actionOf = (value: string | null): AlertLinkAction | undefined => (value === 'confirm' || value === 'unsubscribe' || value === 'crm-unsubscribe' ? value : undefined);

/**
 * The page an alert mail's links open (lib/alerts): confirm a search or a follow, or unsubscribe.
 * Rendered per request; opening it changes nothing, its button posts.
 */
export const alertLinkPage: PageKind<AlertLinkRoute> = {
  firstSegment: { says: 'alert confirmation page', slug: (language) => systemSlugs['alert-link'][language] },
  budget: 'thank-you',
  path: (route, language) => {
    const params = new URLSearchParams();
    if (route.action) params.set('action', route.action);
    if (route.token) params.set('token', route.token);
    if (route.account) params.set('account', route.account);
    if (route.person) params.set('person', route.person);
    if (route.demand) params.set('demand', route.demand);
    if (route.done) params.set('done', '1');
    const query = params.toString();
    return join(language, [systemSlugs['alert-link'][language]]) + (query ? `?${query}` : '');
  },
  match: (segments, params, language) =>
    segments.length === 1 && segments[0] === systemSlugs['alert-link'][language]
      ? {
          page: 'alert-link',
          action: actionOf(params.get('action')),
          token: params.get('token') ?? undefined,
          account: params.get('account') === 'sent' ? 'sent' : undefined,
          person: params.get('person') ?? undefined,
          demand: params.get('demand') ?? undefined,
          done: params.get('done') === '1' || undefined,
        }
      : undefined,
  queryKeys: ['action', 'token', 'account', 'person', 'demand', 'done'],
  routes: () => [],
  serverOnly: true,
  renderedAt: (_route, language, search) => `${alertLinkPath(language)}${search}`,
  indexable: () => false,
  crumbs: (_route, _language, t) => [{ name: t('alerts.page.title'), route: { page: 'alert-link' } }],
  // The token stays out of the canonical and alternate links.
  metadata: (_route, _language, t) => ({ title: t('alerts.page.title'), canonical: { page: 'alert-link' } }),
};
