import { byMailSlugs, systemSlugs, thankYouForms, type ThankYouForm } from '../../i18n/slugs';
import { join, type PageKind } from '../kind';

/** `byMail`: the request was posted without JavaScript and waits for the link mailed to its address. */
export type ThankYouRoute = { page: 'thank-you'; form: ThankYouForm; byMail?: true };

/** The forms whose posts without JavaScript are confirmed by mail (lib/forms/handle-request): all with a captcha but the search alert. */
const byMailForms: readonly ThankYouForm[] = thankYouForms.filter((form) => form !== 'demand-register' && form !== 'sign-newsletter' && form !== 'follow-listing');

/** The page a form without JavaScript lands on once its request is stored, one per form (two for those confirmed by mail). */
export const thankYouPage: PageKind<ThankYouRoute> = {
  budget: 'thank-you',
  view: () => import('./view').then((module) => module.ThankYouView),
  path: (route, language) => join(language, [systemSlugs['thank-you'][language], route.form, ...(route.byMail ? [byMailSlugs[language]] : [])]),
  match: (segments, _params, language) => {
    const form = thankYouForms.find((candidate) => candidate === segments[1]);
    if (segments[0] !== systemSlugs['thank-you'][language] || !form) return undefined;
    if (segments.length === 2) return { page: 'thank-you', form };
    return segments.length === 3 && segments[2] === byMailSlugs[language] && byMailForms.includes(form) ? { page: 'thank-you', form, byMail: true } : undefined;
  },
  routes: () => [...thankYouForms.map((form): ThankYouRoute => ({ page: 'thank-you', form })), ...byMailForms.map((form): ThankYouRoute => ({ page: 'thank-you', form, byMail: true }))],
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('thankYou.title'), route }],
  metadata: (route, _language, t) => ({ title: route.byMail ? t('thankYou.byMailTitle') : t('thankYou.title'), description: route.byMail ? t('thankYou.byMailTitle') : t(`thankYou.forms.${route.form}`) }),
};
