import type { MetadataRoute } from 'next';
import { getEnabledLanguages, getSite } from '../config';
import { allRoutes, href, isIndexable, lastModified, type Route } from './index';
import { imageRoutePath } from '../media/image-url';
import { absoluteUrl, siteOriginForSeo } from '../seo/origin';

/*
 * sitemap.xml: every public page of every enabled language once, with its other-language
 * versions (hreflang, x-default) and its last change. Pages that ask not to be indexed (thank-you,
 * login, a menu entry whose SEO flag is off) are left out.
 */

const routeKey = (route: Route) => JSON.stringify(route);

export function sitemapEntries(): MetadataRoute.Sitemap {
  const languages = getEnabledLanguages();
  const defaultLanguage = getSite().languageDefault;
  const byLanguage = new Map(
    languages.map((language) => [
      language,
      new Set(
        allRoutes(language)
          .filter((route) => isIndexable(route, language))
          .map(routeKey),
      ),
    ]),
  );
  const entries: MetadataRoute.Sitemap = [];
  for (const language of languages) {
    for (const route of allRoutes(language)) {
      if (!isIndexable(route, language)) continue;
      const versions = languages.filter((other) => byLanguage.get(other)?.has(routeKey(route)));
      const alternates = Object.fromEntries(versions.map((other) => [other, absoluteUrl(href(route, other))]));
      if (versions.includes(defaultLanguage)) alternates['x-default'] = absoluteUrl(href(route, defaultLanguage));
      entries.push({ url: absoluteUrl(href(route, language)), lastModified: lastModified(route, language), alternates: { languages: alternates } });
    }
  }
  return entries;
}

export function robotsRules(): MetadataRoute.Robots {
  const languages = getEnabledLanguages();
  const disallow = [
    '/api/',
    '/*preview',
    ...languages.flatMap((language) => [
      href({ page: 'thank-you', form: 'contact-me' }, language).replace(/contact-me\/$/, ''),
      href({ page: 'login' }, language),
      href({ page: 'portal' }, language),
      href({ page: 'newsletter-confirm' }, language),
      href({ page: 'alert-link' }, language),
      href({ page: 'request-confirm' }, language),
    ]),
  ];
  // The pictures stay open under the closed /api/: social networks (Twitterbot) obey robots.txt
  // when they fetch a card's og:image, and search engines index listing pictures.
  return { rules: [{ userAgent: '*', allow: ['/', imageRoutePath], disallow }], sitemap: `${siteOriginForSeo()}/sitemap.xml` };
}
