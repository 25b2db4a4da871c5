import { getTranslations } from 'next-intl/server';
import { getProperties, type Goal } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { PropertyList } from './property-list';

/** The for-sale or for-rent list of one language. */
export async function ListingsPage({ goal, language }: { goal: Goal; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'list' });
  return (
    <>
      <h1>{goal === 'sale' ? t('forSaleTitle') : t('forRentTitle')}</h1>
      <PropertyList properties={getProperties(language, { goal })} language={language} />
    </>
  );
}
