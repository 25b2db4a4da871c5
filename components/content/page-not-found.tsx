import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { GoalLinks } from '@/components/catalogue/goal-links';
import { SearchForm } from '@/components/search/search-form';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';

/** 'Oops, this page no longer exists' with ways back to the listings and home. */
export async function PageNotFound({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'notFound' });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <h2>{t('searchTitle')}</h2>
      <SearchForm language={language} />
      <GoalLinks language={language} />
      <p>
        <SiteLink href={href({ page: 'home' }, language)}>{t('homeLink')}</SiteLink>
      </p>
    </>
  );
}
