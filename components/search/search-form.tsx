import { getTranslations } from 'next-intl/server';
import { IslandIntl } from '@/components/islands/island-intl';
import type { Language } from '@/lib/config';
import { isStaticExport } from '@/lib/config/deployment';
import { href } from '@/lib/pages';
import { SearchField } from './search-field';
import styles from './search-panel.module.css';

/**
 * Where the search panel fetches its data (app/api/search-index/[lang]); `npm run export` saves
 * it as a .json file, which a static host serves with the right content type.
 */
const searchIndexUrl = (language: Language) => (isStaticExport() ? `/api/search-index/${language}.json` : `/api/search-index/${language}/`);

/** The property search (header, home page, 404 pages): the panel with its `search` texts. */
export async function SearchForm({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'search' });
  const texts = { label: t('label'), button: t('button'), placeholder: t('placeholder'), loading: t('loading') };
  // Without JavaScript (or Enter with no option chosen) the text goes to the page it finds
  // (app/api/search); the static export has no server to ask, so there it opens the list.
  const action = isStaticExport() ? href({ page: 'for-sale' }, language) : `/api/search/${language}/`;
  return (
    <form role="search" method="get" action={action} className={styles.form}>
      <IslandIntl language={language} namespaces={['search']}>
        <SearchField indexUrl={searchIndexUrl(language)} texts={texts} />
      </IslandIntl>
    </form>
  );
}
