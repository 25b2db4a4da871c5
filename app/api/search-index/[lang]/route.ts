import { catalogueJson } from '@/lib/cache/catalogue-json';
import { languageParams, perLanguage } from '@/lib/i18n/language-routes';
import { buildSearchIndex } from '@/lib/search';

// Built once per language at build time and again on a catalogue reload, served as a static file.
export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = languageParams;

export const GET = perLanguage((language) => catalogueJson(buildSearchIndex(language)));
