import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/components/search/search-form';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { GoalLinks } from './goal-links';

/** 404 content for an unknown listing id: the spec's 'Property Not Found', the lists and home. */
export async function PropertyNotFound({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language });
  return (
    <>
      <h1>{t('property.notFoundTitle')}</h1>
      <p>{t('property.notFoundText')}</p>
      <SearchForm language={language} />
      <GoalLinks language={language} />
      <p>
        <SiteLink href={href({ page: 'home' }, language)}>{t('nav.backHome')}</SiteLink>
      </p>
    </>
  );
}
