import type { ComponentProps } from 'react';

type SiteLinkProps = ComponentProps<'a'> & { href: string };

/**
 * A link to another page of the site: a plain <a>, one page load per click. The pages are
 * prerendered or kept by the proxy and their scripts cached, so a load is quick; next/link's
 * client navigation would add its runtime to every page's first load (issue 16's budget) and
 * prefetch the RSC payload of every link on screen, which the server renders afresh for a list
 * with a query (the proxy keeps only whole pages), and which a static export cannot serve at all.
 */
export function SiteLink(props: SiteLinkProps) {
  return <a {...props} />;
}
