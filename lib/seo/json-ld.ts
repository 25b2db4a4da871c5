import type { BreadcrumbList, Graph, PostalAddress, RealEstateAgent, Thing } from 'schema-dts';
import type { Town } from '../catalogue';
import { agencyPostalAddress, getSite, type Language } from '../config';
import { absoluteUrl, siteOriginForSeo } from './origin';

/*
 * The parts of the structured data for search engines (schema.org as JSON-LD, typed with
 * schema-dts) that know no page: the agency, an address, a breadcrumb, the graph. The pages put
 * them together (lib/pages/json-ld.ts) and give them their URLs, so that this folder needs no
 * page table (it sits below lib/pages).
 */

/** The agency's node; `homeUrl` is the home page in this language. */
export function agencyNode(language: Language, homeUrl: string): RealEstateAgent {
  const { siteInfo, header } = getSite();
  const address = agencyPostalAddress(language);
  return {
    '@type': 'RealEstateAgent',
    '@id': agencyId(),
    name: siteInfo.name,
    legalName: siteInfo.legalName,
    url: absoluteUrl(homeUrl),
    logo: absoluteUrl(header.logo.image),
    image: absoluteUrl(header.logo.image),
    telephone: siteInfo.phone,
    email: siteInfo.email,
    vatID: siteInfo.vatNumber,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.zip,
      addressLocality: address.city,
      addressCountry: 'BE',
    },
  };
}

/** The street without its box, as schema.org's streetAddress has it; none when the address is hidden. */
export function postalAddress(place: { town: Town; street: { street: string } | undefined }): PostalAddress {
  return {
    '@type': 'PostalAddress',
    ...(place.street ? { streetAddress: place.street.street } : {}),
    postalCode: place.town.zip,
    addressLocality: place.town.name,
    addressCountry: place.town.country.code,
  };
}

/** A breadcrumb trail, each step with its URL. */
export function breadcrumbNode(trail: readonly { name: string; url: string }[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: absoluteUrl(item.url) })),
  };
}

/** The graph of a page's nodes. */
export const jsonLdGraph = (nodes: Thing[]): Graph => ({ '@context': 'https://schema.org', '@graph': nodes });

/** The agency's node id, which offers name as their seller. */
export const agencyId = () => `${siteOriginForSeo()}/#agency`;

/** JSON for a <script> element: "<" escaped so that no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
