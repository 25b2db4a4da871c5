import { getSite } from '../config';

/** The public origin for absolute URLs (sitemap, JSON-LD): SITE_URL, else the configured site URL. */
export function siteOriginForSeo(): string {
  return (process.env.SITE_URL || getSite().siteInfo.siteUrl).replace(/\/$/, '');
}

export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteOriginForSeo()}${path.startsWith('/') ? '' : '/'}${path}`;
}
