import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { isStaticExport } from '@/lib/export/mode';

type SiteLinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/**
 * A link to another page of the site. In the server build it is next/link: client navigation
 * with prefetched RSC payloads. A static export has no RSC payloads (a static host answers every
 * `?_rsc=` request with the whole HTML page), so there it is a plain <a>: one page load per
 * click, and no full pages downloaded in the background for links that are only on screen.
 */
export function SiteLink(props: SiteLinkProps) {
  if (!isStaticExport()) return <NextLink {...props} />;
  // The router's own options mean nothing to a plain link.
  const { prefetch, replace, scroll, shallow, passHref, legacyBehavior, locale, onNavigate, ...anchor } = props;
  void [prefetch, replace, scroll, shallow, passHref, legacyBehavior, locale, onNavigate];
  return <a {...anchor} />;
}
