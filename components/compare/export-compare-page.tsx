import { getTranslations } from 'next-intl/server';
import { IslandIntl } from '@/components/islands/island-intl';
import { agencyPostalAddress, type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { LazyExportCompare } from './export-compare-lazy';

/**
 * The comparison page of the static export: one page for every ?ids=, whose table its island
 * draws in the browser. Without JavaScript it says how to see the comparison instead of
 * showing an empty page.
 */
export async function ExportComparePage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'compare' });
  return (
    <>
      <h1>{t('title')}</h1>
      <noscript>
        <p>{t('needsScript')}</p>
      </noscript>
      <IslandIntl language={language} namespaces={['compare', 'property']}>
        <LazyExportCompare language={language} officeTown={agencyPostalAddress(language).city} favouritesHref={href({ page: 'favourites' }, language)} />
      </IslandIntl>
    </>
  );
}
