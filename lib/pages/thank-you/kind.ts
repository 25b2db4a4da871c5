import { confirmsByMail } from '../../form-kinds/definitions';
import { formKinds, formNames, type FormName } from '../../form-kinds/table';
import { byMailSlugs, systemSlugs } from '../../i18n/slugs';
import { join, type PageKind } from '../kind';

/** `byMail`: the request was posted without JavaScript and waits for the link mailed to its address. */
export type ThankYouRoute = { page: 'thank-you'; form: FormName; byMail?: true };

/** Every form of the form table ends on a thank-you page (spec §2); those confirmed by mail on a second one. */
const byMail = (form: FormName) => confirmsByMail(formKinds[form].definition);

/** The page a form without JavaScript lands on once its request is stored, one per form (two for those confirmed by mail). */
export const thankYouPage: PageKind<ThankYouRoute> = {
  budget: 'thank-you',
  view: () => import('./view').then((module) => module.ThankYouView),
  path: (route, language) => join(language, [systemSlugs['thank-you'][language], route.form, ...(route.byMail ? [byMailSlugs[language]] : [])]),
  match: (segments, _params, language) => {
    const form = formNames.find((candidate) => candidate === segments[1]);
    if (segments[0] !== systemSlugs['thank-you'][language] || !form) return undefined;
    if (segments.length === 2) return { page: 'thank-you', form };
    return segments.length === 3 && segments[2] === byMailSlugs[language] && byMail(form) ? { page: 'thank-you', form, byMail: true } : undefined;
  },
  routes: () => [...formNames.map((form): ThankYouRoute => ({ page: 'thank-you', form })), ...formNames.filter(byMail).map((form): ThankYouRoute => ({ page: 'thank-you', form, byMail: true }))],
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('thankYou.title'), route }],
  metadata: (route, _language, t) => ({
    title: route.byMail ? t('thankYou.byMailTitle') : t('thankYou.title'),
    description: route.byMail ? t('thankYou.byMailTitle') : t(`thankYou.forms.${route.form}`),
  }),
};
