import { getSite } from '../config';
import { rewriteLegacyHost } from './legacy-host';

/** A catalogue picture URL as the site serves it: old image hosts of the CRM go to the configured CDN (spec §7). */
export function pictureSrc(url: string): string {
  const { cdnHost, legacyImageHosts } = getSite().siteInfo;
  return rewriteLegacyHost(url, cdnHost, legacyImageHosts);
}
