import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getSite, type Language } from '../config';
import { notFoundMetadata, pageMetadata } from '../seo';
import { alternates, href, isIndexable, missingPage, pageMetadataOf, type Route } from './index';

/** The metadata of any page of the site, from its kind: its texts, with the URLs the page table gives it. */
export async function routeMetadata(language: Language, route: Route): Promise<Metadata> {
  const missing = missingPage(route, language);
  if (missing) return notFoundMetadata(language, missing);
  const t = await getTranslations({ locale: language });
  const page = pageMetadataOf(route, language, t);
  const canonical = page.canonical ?? route;
  const links = { canonical: href(canonical, language), languages: { ...alternates(canonical), 'x-default': href(canonical, getSite().languageDefault) } };
  return pageMetadata(language, page, links, isIndexable(route, language));
}
