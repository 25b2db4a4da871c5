import { catalogueJson } from '@/lib/cache/catalogue-json';
import { getTranslations } from 'next-intl/server';
import { buildSavedListingsIndex } from '@/lib/favourites/saved-listings-index';
import { languageParams, perLanguage } from '@/lib/i18n/language-routes';

// Built once per language at build time and again on a catalogue reload, served as a static file; fetched by the favourites page only.
export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = languageParams;

export const GET = perLanguage(async (language) => {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  return catalogueJson(buildSavedListingsIndex(language, (word, values) => t(word, values)));
});
