import { getTranslations } from 'next-intl/server';
import { IslandIntl } from '@/components/islands/island-intl';
import type { Language } from '@/lib/config';
import { isStaticExport } from '@/lib/config/deployment';
import { SearchField } from './search-field';

/**
 * Where the search panel fetches its data (app/api/search-index/[lang]); `npm run export` saves
 * it as a .json file, which a static host serves with the right content type.
 */
const searchIndexUrl = (language: Language) => (isStaticExport() ? `/api/search-index/${language}.json` : `/api/search-index/${language}/`);

/** The property search (header, home page, 404 pages): the panel with its `search` texts. */
export async function SearchForm({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'search' });
  const texts = { label: t('label'), button: t('button'), placeholder: t('placeholder'), loading: t('loading') };
  return (
    <IslandIntl language={language} namespaces={['search']}>
      <SearchField indexUrl={searchIndexUrl(language)} texts={texts} />
    </IslandIntl>
  );
}
