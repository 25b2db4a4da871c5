/**
 * Picture URLs in old data still point at hosts the agency no longer serves from (spec §7:
 * "Old image host addresses are rewritten to the CDN host"). Pure, for client and server code.
 */

const absoluteUrl = /^([a-z][a-z\d+.-]*:)?\/\//i;

/** "www.Old.be", "old.be" and "https://www.old.be/" all name the same site. */
function normaliseHost(host: string): string {
  let value = host.trim().toLowerCase();
  if (absoluteUrl.test(value)) {
    try {
      value = new URL(value.startsWith('//') ? `https:${value}` : value).hostname;
    } catch {
      return '';
    }
  } else {
    value = value.split(/[/?#:]/, 1)[0] ?? '';
  }
  return value.replace(/\.$/, '').replace(/^www\./, '');
}

/** The CDN as a scheme and host without a trailing slash; staff may write it without the scheme. */
function cdnOrigin(cdnHost: string): string {
  const value = cdnHost.trim().replace(/\/+$/, '');
  return absoluteUrl.test(value) ? value : `https://${value}`;
}

export function rewriteLegacyHost(url: string, cdnHost: string, legacyHosts: readonly string[]): string {
  if (cdnHost.trim() === '' || !absoluteUrl.test(url)) return url;
  let hostname: string;
  try {
    hostname = new URL(url.startsWith('//') ? `https:${url}` : url).hostname;
  } catch {
    return url;
  }
  const host = normaliseHost(hostname);
  if (host === '' || !legacyHosts.some((legacy) => normaliseHost(legacy) === host)) return url;
  // The rest is cut from the original string rather than taken from the parsed URL, which would
  // re-encode the path and could break a link the old host served as written.
  const authorityStart = url.indexOf('//') + 2;
  const rest = url.slice(authorityStart).search(/[/?#]/);
  const tail = rest === -1 ? '' : url.slice(authorityStart + rest);
  return `${cdnOrigin(cdnHost)}${tail.startsWith('/') || tail === '' ? tail : `/${tail}`}`;
}
