import type { ApartmentComplex, BreadcrumbList, Graph, ItemAvailability, Offer, PostalAddress, RealEstateAgent, RealEstateListing, Residence, Thing } from 'schema-dts';
import { goalOf, isOnOffer, listingTitleOf, publishedSpotOf, type ProjectWithUnits, type Property } from '../catalogue';
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

type Located = { Street: string; HouseNumber: string; Zip: string; City: string; CountryID: number };

function postalAddress(place: Located, streetPublic: boolean): PostalAddress {
  return {
    '@type': 'PostalAddress',
    ...(streetPublic ? { streetAddress: `${place.Street} ${place.HouseNumber}`.trim() } : {}),
    postalCode: place.Zip,
    addressLocality: place.City,
    addressCountry: place.CountryID === 50 ? 'LU' : 'BE',
  };
}

function breadcrumbJsonLd(trail: readonly Crumb[], language: Language): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: absoluteUrl(href(item.route, language)) })),
  };
}

/** Sold and rented listings stay online with their message: the offer is then sold out. */
const availabilityOf = (property: Property): ItemAvailability => (isOnOffer(property) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut');

function residenceOf(property: Property): Residence {
  const surface = property.SurfaceLiving ?? property.SurfaceTotal;
  const spot = publishedSpotOf(property);
  return {
    '@type': 'Residence',
    name: listingTitleOf(property),
    address: postalAddress(property, property.PublishAddress),
    ...(spot ? { geo: { '@type': 'GeoCoordinates', ...spot } } : {}),
    ...(surface ? { floorSize: { '@type': 'QuantitativeValue', value: surface, unitCode: 'MTK' } } : {}),
    ...(property.NumberOfBedRooms != null ? { numberOfBedrooms: property.NumberOfBedRooms } : {}),
    ...(property.NumberOfBathRooms != null ? { numberOfBathroomsTotal: property.NumberOfBathRooms } : {}),
  };
}

export function listingJsonLd(property: Property, language: Language): RealEstateListing {
  const url = absoluteUrl(href({ page: 'property', id: property.ID }, language));
  const offer: Offer = {
    '@type': 'Offer',
    ...(property.Price !== null ? { price: property.Price } : {}),
    priceCurrency: 'EUR',
    availability: availabilityOf(property),
    businessFunction: { '@id': goalOf(property) === 'sale' ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut' },
    seller: { '@id': `${siteOriginForSeo()}/#agency` },
  };
  return {
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: listingTitleOf(property),
    description: cleanDescription(property.DescriptionA, 300),
    datePosted: property.CreatedDate.slice(0, 10),
    dateModified: property.LastChangedDate.slice(0, 10),
    inLanguage: language,
    ...(property.XLargePictureItem ? { image: absoluteUrl(property.XLargePictureItem.Url) } : {}),
    offers: offer,
    about: residenceOf(property),
  };
}

export function projectJsonLd(project: ProjectWithUnits, language: Language): ApartmentComplex {
  const url = absoluteUrl(href({ page: 'project', id: project.ID }, language));
  return {
    '@type': 'ApartmentComplex',
    '@id': `${url}#project`,
    url,
    name: project.Name,
    description: cleanDescription(project.DescriptionA, 300),
    address: postalAddress(project, project.PublicAddress),
    ...(project.XLargePictureItems[0] ? { image: absoluteUrl(project.XLargePictureItems[0].Url) } : {}),
    numberOfAccommodationUnits: { '@type': 'QuantitativeValue', value: project.Units.length },
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
