import { isStaticExport } from '../../config/deployment';
import { confirmsByMail } from '../../form-kinds/definitions';
import { formKinds, formNames, type FormName } from '../../form-kinds/table';
import { byMailSlugs, systemSlugs } from '../../config/system-slugs';
import { thankYouSummaryPath } from '../internal-paths';
import { idSegment, join, type PageKind } from '../kind';

/**
 * `byMail`: the request was posted without JavaScript and waits for the link mailed to its address.
 * `listing`, `project`, `slot`: what the request was about and the viewing time it chose, ids only
 * (nothing the visitor typed), so that the page can sum the request up and lead back to it.
 */
export type ThankYouRoute = { page: 'thank-you'; form: FormName; byMail?: true; listing?: number; project?: number; slot?: number };

/** Every form of the form table ends on a thank-you page (spec §2); those confirmed by mail on a second one. */
const byMail = (form: FormName) => confirmsByMail(formKinds[form].definition);

const summaryKeys = ['listing', 'project', 'slot'] as const;

function summaryQuery(route: ThankYouRoute): string {
  const params = new URLSearchParams();
  for (const key of summaryKeys) if (route[key] !== undefined) params.set(key, String(route[key]));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The page a form lands on once its request is stored, one per form (two for those confirmed by mail); with a summary, rendered per request. */
export const thankYouPage: PageKind<ThankYouRoute> = {
  firstSegment: { says: 'thank-you pages of the forms', slug: (language) => systemSlugs['thank-you'][language] },
  budget: 'thank-you',
  view: () => import('./view').then((module) => module.ThankYouView),
  path: (route, language) => join(language, [systemSlugs['thank-you'][language], route.form, ...(route.byMail ? [byMailSlugs[language]] : [])]) + summaryQuery(route),
  match: (segments, params, language) => {
    const form = formNames.find((candidate) => candidate === segments[1]);
    if (segments[0] !== systemSlugs['thank-you'][language] || !form) return undefined;
    const summary: Pick<ThankYouRoute, (typeof summaryKeys)[number]> = {};
    for (const key of summaryKeys) {
      const id = idSegment(params.get(key) ?? undefined);
      if (id !== undefined) summary[key] = id;
    }
    if (segments.length === 2) return { page: 'thank-you', form, ...summary };
    return segments.length === 3 && segments[2] === byMailSlugs[language] && byMail(form) ? { page: 'thank-you', form, byMail: true, ...summary } : undefined;
  },
  queryKeys: summaryKeys,
  routes: () => [...formNames.map((form): ThankYouRoute => ({ page: 'thank-you', form })), ...formNames.filter(byMail).map((form): ThankYouRoute => ({ page: 'thank-you', form, byMail: true }))],
  // Any other spelling of the summary's ids (a parameter more, a number written otherwise) goes to the page's own.
  canonical: (route) => route,
  // The summary is read per request; the plain page (and a static export's) is the prerendered one.
  renderedAt: (route, language) => (isStaticExport() || summaryQuery(route) === '' ? undefined : thankYouSummaryPath(language, route)),
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('thankYou.title'), route }],
  metadata: (route, _language, t) => ({
    title: route.byMail ? t('thankYou.byMailTitle') : t('thankYou.title'),
    description: route.byMail ? t('thankYou.byMailTitle') : t(`thankYou.forms.${route.form}`),
    canonical: { page: 'thank-you', form: route.form, byMail: route.byMail },
  }),
};

/** The route a thank-you page rendered per request was rewritten with (thankYouSummaryPath), or undefined for a query no link writes. */
export function thankYouRouteOf(params: URLSearchParams): ThankYouRoute | undefined {
  const form = formNames.find((candidate) => candidate === params.get('form'));
  if (!form) return undefined;
  const route: ThankYouRoute = { page: 'thank-you', form, ...(params.get('by-mail') === '1' && byMail(form) ? { byMail: true as const } : {}) };
  for (const key of summaryKeys) {
    const id = idSegment(params.get(key) ?? undefined);
    if (id !== undefined) route[key] = id;
  }
  return route;
}
