import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { type ThankYouForm } from '@/lib/i18n';

/** The confirmation shown after a form was sent. */
export async function ThankYouPage({ form, language }: { form: ThankYouForm; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'thankYou' });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t(`forms.${form}`)}</p>
      <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
    </>
  );
}
