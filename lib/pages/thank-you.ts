import { systemSlugs, thankYouForms, type ThankYouForm } from '../i18n/slugs';
import { join, type PageKind } from './kind';

export type ThankYouRoute = { page: 'thank-you'; form: ThankYouForm };

/** The page a form without JavaScript lands on once its request is stored, one per form. */
export const thankYouPage: PageKind<ThankYouRoute> = {
  path: (route, language) => join(language, [systemSlugs['thank-you'][language], route.form]),
  match: (segments, _params, language) => {
    const form = thankYouForms.find((candidate) => candidate === segments[1]);
    return segments.length === 2 && segments[0] === systemSlugs['thank-you'][language] && form ? { page: 'thank-you', form } : undefined;
  },
  routes: () => thankYouForms.map((form) => ({ page: 'thank-you', form })),
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('thankYou.title'), route }],
  metadata: (route, _language, t) => ({ title: t('thankYou.title'), description: t(`thankYou.forms.${route.form}`) }),
};
