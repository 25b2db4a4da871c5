import type { ApartmentComplex, BreadcrumbList, Graph, ItemAvailability, Offer, PostalAddress, RealEstateAgent, RealEstateListing, Residence, Thing } from 'schema-dts';
import type { Listing, ProjectView, Town } from '../catalogue';
import { agencyPostalAddress, getSite, type Language } from '../config';
import { cleanDescription } from '../format';
import { breadcrumbTrail, href, pageJsonLdOf, type Crumb, type Route, type Translate } from '../pages';
import { absoluteUrl, siteOriginForSeo } from './origin';

/*
 * Structured data for search engines (schema.org as JSON-LD), typed with schema-dts: the agency
 * on every page, a breadcrumb on every page below the home page, and each listing and project.
 */


export function agencyJsonLd(language: Language): RealEstateAgent {
  const { siteInfo, header } = getSite();
  const address = agencyPostalAddress(language);
  return {
    '@type': 'RealEstateAgent',
    '@id': `${siteOriginForSeo()}/#agency`,
    name: siteInfo.name,
    legalName: siteInfo.legalName,
    url: absoluteUrl(href({ page: 'home' }, language)),
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
function postalAddress(place: { town: Town; street: { street: string } | undefined }): PostalAddress {
  return {
    '@type': 'PostalAddress',
    ...(place.street ? { streetAddress: place.street.street } : {}),
    postalCode: place.town.zip,
    addressLocality: place.town.name,
    addressCountry: place.town.country.code,
  };
}

function breadcrumbJsonLd(trail: readonly Crumb[], language: Language): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: absoluteUrl(href(item.route, language)) })),
  };
}

/** Sold and rented listings stay online with their message: the offer is then sold out. */
const availabilityOf = (listing: Listing): ItemAvailability => (listing.availability === 'on-offer' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut');

function residenceOf(listing: Listing): Residence {
  const surface = listing.surfaces.living ?? listing.surfaces.total;
  const { spot, rooms } = listing;
  return {
    '@type': 'Residence',
    name: listing.title,
    address: postalAddress(listing),
    ...(spot ? { geo: { '@type': 'GeoCoordinates', ...spot } } : {}),
    ...(surface ? { floorSize: { '@type': 'QuantitativeValue', value: surface, unitCode: 'MTK' } } : {}),
    ...(rooms.bedrooms !== undefined ? { numberOfBedrooms: rooms.bedrooms } : {}),
    ...(rooms.bathrooms !== undefined ? { numberOfBathroomsTotal: rooms.bathrooms } : {}),
  };
}

export function listingJsonLd(property: Listing, language: Language): RealEstateListing {
  const url = absoluteUrl(href({ page: 'property', id: property.id }, language));
  const offer: Offer = {
    '@type': 'Offer',
    ...(property.price.kind !== 'on-demand' ? { price: property.price.amount } : {}),
    priceCurrency: 'EUR',
    availability: availabilityOf(property),
    businessFunction: { '@id': property.goal === 'sale' ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut' },
    seller: { '@id': `${siteOriginForSeo()}/#agency` },
  };
  return {
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: property.title,
    description: cleanDescription(property.description, 300),
    datePosted: property.created.slice(0, 10),
    dateModified: property.lastChanged.slice(0, 10),
    inLanguage: language,
    ...(property.picture ? { image: absoluteUrl(property.picture.url) } : {}),
    offers: offer,
    about: residenceOf(property),
  };
}

export function projectJsonLd(project: ProjectView, language: Language): ApartmentComplex {
  const url = absoluteUrl(href({ page: 'project', id: project.id }, language));
  return {
    '@type': 'ApartmentComplex',
    '@id': `${url}#project`,
    url,
    name: project.name,
    description: cleanDescription(project.description, 300),
    address: postalAddress(project),
    ...(project.pictures[0] ? { image: absoluteUrl(project.pictures[0].url) } : {}),
    numberOfAccommodationUnits: { '@type': 'QuantitativeValue', value: project.units.length },
  };
}

/** Everything a page says about itself, as one JSON-LD graph: the agency, the breadcrumb, and what its kind adds. */
export function pageJsonLd(route: Route | undefined, language: Language, t: Translate): Graph {
  const nodes: Thing[] = [agencyJsonLd(language)];
  if (route) {
    const trail = breadcrumbTrail(route, language, t);
    if (trail.length > 1) nodes.push(breadcrumbJsonLd(trail, language));
    nodes.push(...pageJsonLdOf(route, language));
  }
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** JSON for a <script> element: "<" escaped so that no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
