import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { isStaticExport } from '@/lib/export/mode';
import type { SearchPanelLabels } from './search-panel';

/**
 * Where the search panel fetches its data (app/api/search-index/[lang]); `npm run export` saves
 * it as a .json file, which a static host serves with the right content type.
 */
export const searchIndexUrl = (language: Language) => (isStaticExport() ? `/api/search-index/${language}.json` : `/api/search-index/${language}/`);

/** The panel's texts, with ICU arguments left as {placeholders} for the island to fill. */
export async function searchPanelLabels(language: Language): Promise<SearchPanelLabels> {
  const t = await getTranslations({ locale: language, namespace: 'search' });
  return {
    label: t('label'),
    placeholder: t('placeholder'),
    button: t('button'),
    types: t('types'),
    cities: t('cities'),
    properties: t('properties'),
    forSale: t('forSale'),
    forRent: t('forRent'),
    optionLabel: t('optionLabel', { name: '{name}', goal: '{goal}', count: '{count}' }),
    reference: t('reference', { id: '{id}' }),
    loading: t('loading'),
    noMatches: t('noMatches'),
    failed: t('failed'),
  };
}
