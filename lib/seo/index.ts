import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getProject, getProperty } from '../catalogue';
import { getArticles, getMenuEntry, getSite, localise, type Language } from '../config';
import { cleanDescription } from '../format';
import { alternates, href, type Route } from '../i18n';
import { imageUrl, socialImageWidth } from '../media/image-url';

const noIndex = { robots: { index: false } } satisfies Metadata;

const ogLocales: Record<Language, string> = { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' };

type SocialImage = { url: string; width?: number; height?: number };

/** A catalogue picture as a social card: 1200 px wide, PNG (which every network reads). */
function socialImage(picture: { Url: string; Width: number; Height: number } | null | undefined): SocialImage | undefined {
  if (!picture) return undefined;
  return { url: imageUrl(picture.Url, { width: socialImageWidth, format: 'png' }), width: socialImageWidth, height: Math.round((socialImageWidth * picture.Height) / picture.Width) };
}

/**
 * Title, description, canonical and hreflang alternates of a page, from its route, with the Open
 * Graph and Twitter cards that social networks show when the page is shared.
 */
function pageMetadata(language: Language, route: Route, title: string, description?: string, image?: SocialImage): Metadata {
  return {
    title,
    description,
    alternates: {
      canonical: href(route, language),
      languages: { ...alternates(route), 'x-default': href(route, getSite().languageDefault) },
    },
    openGraph: {
      type: 'website',
      siteName: getSite().siteInfo.name,
      locale: ogLocales[language],
      url: href(route, language),
      title,
      description,
      images: image ? [image] : undefined,
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description, images: image ? [image.url] : undefined },
  };
}

/** The metadata of any route of the site, in one place. */
export async function routeMetadata(language: Language, route: Route): Promise<Metadata> {
  const t = await getTranslations({ locale: language });
  switch (route.page) {
    case 'home': {
      const seo = getMenuEntry('home')?.params.metadata[language];
      const title = seo?.metaTitle || getSite().siteInfo.name;
      return { ...pageMetadata(language, route, title, seo?.metaDescription), title: { absolute: title } };
    }
    case 'for-sale':
      return pageMetadata(language, route, t('list.forSaleTitle'), t('list.forSaleDescription'));
    case 'for-rent':
      return pageMetadata(language, route, t('list.forRentTitle'), t('list.forRentDescription'));
    case 'property': {
      const property = getProperty(route.id, language);
      if (!property) return { title: t('property.notFoundTitle'), ...noIndex };
      const title = `${property.TypeDescription} – ${property.City}`;
      return pageMetadata(language, route, title, cleanDescription(property.DescriptionA, 160), socialImage(property.XLargePictureItem));
    }
    case 'projects':
      return pageMetadata(language, route, t('projects.title'), t('projects.description'));
    case 'project': {
      const project = getProject(route.id, language);
      return project ? pageMetadata(language, route, project.Name, cleanDescription(project.DescriptionA, 160), socialImage(project.XLargePictureItems[0])) : { title: t('notFound.title'), ...noIndex };
    }
    case 'thank-you':
      return { ...pageMetadata(language, route, t('thankYou.title'), t(`thankYou.forms.${route.form}`)), ...noIndex };
    case 'login':
      return { ...pageMetadata(language, route, t('login.title'), t('login.intro')), ...noIndex };
    case 'forgot-password':
      return { ...pageMetadata(language, route, t('portal.forgotTitle'), t('portal.forgotIntro')), ...noIndex };
    case 'set-password':
      return { ...pageMetadata(language, route, t('portal.setTitle'), t('portal.setIntro')), ...noIndex };
    case 'portal':
    case 'portal-listing':
      return { ...pageMetadata(language, route, t('portal.title')), ...noIndex };
    case 'newsletter-confirm':
      // The token stays out of the canonical and alternate links.
      return { ...pageMetadata(language, { page: 'newsletter-confirm' }, t('newsletter.title')), ...noIndex };
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === route.id);
      return article ? pageMetadata(language, route, localise(article.title, language), localise(article.summary, language)) : {};
    }
    case 'menu': {
      const entry = getMenuEntry(route.id);
      if (!entry) return {};
      const seo = entry.params.metadata[language];
      const title = seo?.metaTitle || localise(entry.params.title, language);
      const description = seo?.metaDescription || localise(entry.params.description, language);
      const base = pageMetadata(language, route, title, description);
      const metadata: Metadata = {
        ...base,
        openGraph: { ...base.openGraph, title: seo?.ogTitle || title, description: seo?.ogDescription || description, images: seo?.ogImage ? [seo.ogImage] : undefined },
        twitter: {
          card: seo?.twitterImage || seo?.ogImage ? 'summary_large_image' : 'summary',
          title: seo?.twitterTitle || title,
          description: seo?.twitterDescription || description,
          images: seo?.twitterImage ? [seo.twitterImage] : undefined,
        },
      };
      return seo && !seo.seoActive ? { ...metadata, ...noIndex } : metadata;
    }
  }
}

/** Metadata of the two 404 pages. */
export async function notFoundMetadata(language: Language, kind: 'page' | 'property'): Promise<Metadata> {
  const t = await getTranslations({ locale: language });
  return { title: kind === 'property' ? t('property.notFoundTitle') : t('notFound.title'), ...noIndex };
}
