import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getSite, type Language } from '../config';
import { alternates, href, isIndexable, missingPage, pageMetadataOf, type Missing, type PageMetadata, type Route } from '../pages';
const noIndex = { robots: { index: false } } satisfies Metadata;

const ogLocales: Record<Language, string> = { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' };

/**
 * Title, description, canonical and hreflang alternates of a page, with the Open Graph and Twitter
 * cards that social networks show when the page is shared.
 */
function toMetadata(language: Language, route: Route, page: PageMetadata): Metadata {
  const { title, description, image, social } = page;
  const canonical = page.canonical ?? route;
  const metadata: Metadata = {
    title: page.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: {
      canonical: href(canonical, language),
      languages: { ...alternates(canonical), 'x-default': href(canonical, getSite().languageDefault) },
    },
    openGraph: {
      type: 'website',
      siteName: getSite().siteInfo.name,
      locale: ogLocales[language],
      url: href(canonical, language),
      title: social?.ogTitle || title,
      description: social?.ogDescription || description,
      images: social ? (social.ogImage ? [social.ogImage] : undefined) : image ? [image] : undefined,
    },
    twitter: social
      ? {
          card: social.twitterImage || social.ogImage ? 'summary_large_image' : 'summary',
          title: social.twitterTitle || title,
          description: social.twitterDescription || description,
          images: social.twitterImage ? [social.twitterImage] : undefined,
        }
      : { card: image ? 'summary_large_image' : 'summary', title, description, images: image ? [image.url] : undefined },
  };
  return metadata;
}

/** The metadata of any page of the site, from its kind (lib/pages). */
export async function routeMetadata(language: Language, route: Route): Promise<Metadata> {
  const missing = missingPage(route, language);
  if (missing) return notFoundMetadata(language, missing);
  const t = await getTranslations({ locale: language });
  const metadata = toMetadata(language, route, pageMetadataOf(route, language, t));
  return isIndexable(route, language) ? metadata : { ...metadata, ...noIndex };
}

/** Metadata of the two 404 pages. */
export async function notFoundMetadata(language: Language, kind: Missing): Promise<Metadata> {
  const t = await getTranslations({ locale: language });
  return { title: kind === 'property' ? t('property.notFoundTitle') : t('notFound.title'), ...noIndex };
}
