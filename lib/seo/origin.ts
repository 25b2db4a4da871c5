import { getSite } from '../config';
import { publicOrigin } from './public-origin';

/**
 * The public origin for absolute URLs (canonical links, sitemap, JSON-LD): the one the build was
 * made for (lib/seo/public-origin.ts); outside a build (unit tests, scripts) SITE_URL, else the
 * configured site URL.
 */
export function siteOriginForSeo(): string {
  return process.env.BUILT_PUBLIC_ORIGIN || publicOrigin(getSite().siteInfo.siteUrl);
}

export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteOriginForSeo()}${path.startsWith('/') ? '' : '/'}${path}`;
}
