import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getSite, type Language } from '../config';
import type { SocialImage } from './social-image';

const noIndex = { robots: { index: false } } satisfies Metadata;

const ogLocales: Record<Language, string> = { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' };

/**
 * What a page says for its metadata. `absoluteTitle` skips the site-name template (the home
 * page); `social` overrides the Open Graph and Twitter texts (menu pages carry their own).
 */
export type PageTexts = {
  title: string;
  description?: string;
  image?: SocialImage;
  absoluteTitle?: boolean;
  social?: { ogTitle?: string; ogDescription?: string; ogImage?: string; twitterTitle?: string; twitterDescription?: string; twitterImage?: string };
};

/** The page's canonical URL and its hreflang alternates (x-default included), from the page table (lib/pages/metadata.ts). */
export type PageLinks = { canonical: string; languages: Record<string, string> };

/**
 * Title, description, canonical and hreflang alternates of a page, with the Open Graph and Twitter
 * cards that social networks show when the page is shared.
 */
export function pageMetadata(language: Language, page: PageTexts, links: PageLinks, indexable: boolean): Metadata {
  const { title, description, image, social } = page;
  const metadata: Metadata = {
    title: page.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: links.canonical, languages: links.languages },
    openGraph: {
      type: 'website',
      siteName: getSite().siteInfo.name,
      locale: ogLocales[language],
      url: links.canonical,
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
  return indexable ? metadata : { ...metadata, ...noIndex };
}

/** Metadata of the two 404 pages. */
export async function notFoundMetadata(language: Language, kind: 'page' | 'property'): Promise<Metadata> {
  const t = await getTranslations({ locale: language });
  return { title: kind === 'property' ? t('property.notFoundTitle') : t('notFound.title'), ...noIndex };
}
