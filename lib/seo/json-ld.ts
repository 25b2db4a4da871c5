import type { ApartmentComplex, BreadcrumbList, Graph, ItemAvailability, Offer, PostalAddress, RealEstateAgent, RealEstateListing, Residence, Thing } from 'schema-dts';
import type { MessageKeys, Messages, NestedKeyOf } from 'next-intl';
import { getProject, getProperty, goalOf, isOnOffer, type Property } from '../catalogue';
import { agencyPostalAddress, articleCategoryPage, getArticles, getMenuEntry, getSite, localise, menuAncestors, type Language } from '../config';
import { cleanDescription } from '../format';
import { href, type Route } from '../i18n';
import { absoluteUrl, siteOriginForSeo } from './origin';

/*
 * Structured data for search engines (schema.org as JSON-LD), typed with schema-dts: the agency
 * on every page, a breadcrumb on every page below the home page, and each listing and project.
 */

type Crumb = { name: string; url: string };
/** A translator over every message key (next-intl's typed keys): the breadcrumb names pages by their titles. */
type Translate = (key: MessageKeys<Messages, NestedKeyOf<Messages>>) => string;

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

/** The trail of a page: Home › section › page. */
export function breadcrumbTrail(route: Route, language: Language, t: Translate): Crumb[] {
  const home = { name: t('nav.home'), url: absoluteUrl(href({ page: 'home' }, language)) };
  const crumb = (name: string, to: Route) => ({ name, url: absoluteUrl(href(to, language)) });
  switch (route.page) {
    case 'home':
      return [];
    case 'for-sale':
      return [home, crumb(t('nav.forSale'), { page: 'for-sale' })];
    case 'for-rent':
      return [home, crumb(t('nav.forRent'), { page: 'for-rent' })];
    case 'property': {
      const property = getProperty(route.id, language);
      if (!property) return [home];
      const list = goalOf(property) === 'sale' ? crumb(t('nav.forSale'), { page: 'for-sale' }) : crumb(t('nav.forRent'), { page: 'for-rent' });
      return [home, list, crumb(`${property.TypeDescription} – ${property.City}`, route)];
    }
    case 'projects':
      return [home, crumb(t('nav.projects'), route)];
    case 'project': {
      const project = getProject(route.id, language);
      return project ? [home, crumb(t('nav.projects'), { page: 'projects' }), crumb(project.Name, route)] : [home];
    }
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === route.id);
      if (!article) return [home];
      const section = articleCategoryPage(article);
      const list = section ? [crumb(localise(section.params.title, language), { page: 'menu', id: section.id })] : [];
      return [home, ...list, crumb(localise(article.title, language), route)];
    }
    case 'menu': {
      const entry = getMenuEntry(route.id);
      if (!entry) return [home];
      // Guarded walk: a parent loop in unchecked data must not hang the render (lib/config/menu-tree).
      const trail: Crumb[] = menuAncestors(entry, getMenuEntry)
        .reverse()
        .map((parent) => crumb(localise(parent.params.title, language), { page: 'menu', id: parent.id }));
      return [home, ...trail, crumb(localise(entry.params.title, language), route)];
    }
    case 'thank-you':
      return [home, crumb(t('thankYou.title'), route)];
    case 'login':
      return [home, crumb(t('login.title'), route)];
    case 'forgot-password':
      return [home, crumb(t('login.title'), { page: 'login' }), crumb(t('portal.forgotTitle'), route)];
    case 'set-password':
      return [home, crumb(t('login.title'), { page: 'login' }), crumb(t('portal.setTitle'), route)];
    case 'portal':
      return [home, crumb(t('portal.title'), route)];
    case 'portal-listing':
      return [home, crumb(t('portal.title'), { page: 'portal' })];
    case 'newsletter-confirm':
      return [home, crumb(t('newsletter.title'), { page: 'newsletter-confirm' })];
  }
}

function breadcrumbJsonLd(trail: readonly Crumb[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

/** Sold and rented listings stay online with their message: the offer is then sold out. */
const availabilityOf = (property: Property): ItemAvailability => (isOnOffer(property) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut');

function residenceOf(property: Property): Residence {
  const surface = property.SurfaceLiving ?? property.SurfaceTotal;
  return {
    '@type': 'Residence',
    name: `${property.TypeDescription} – ${property.City}`,
    address: postalAddress(property, property.PublishAddress),
    ...(property.PublishAddress && property.GoogleX != null && property.GoogleY != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: property.GoogleX, longitude: property.GoogleY } }
      : {}),
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
    name: `${property.TypeDescription} – ${property.City}`,
    description: cleanDescription(property.DescriptionA, 300),
    datePosted: property.CreatedDate.slice(0, 10),
    dateModified: property.LastChangedDate.slice(0, 10),
    inLanguage: language,
    ...(property.XLargePictureItem ? { image: absoluteUrl(property.XLargePictureItem.Url) } : {}),
    offers: offer,
    about: residenceOf(property),
  };
}

function projectJsonLd(projectId: number, language: Language): ApartmentComplex | undefined {
  const project = getProject(projectId, language);
  if (!project) return undefined;
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

/** Everything a page says about itself, as one JSON-LD graph. */
export function pageJsonLd(route: Route | undefined, language: Language, t: Translate): Graph {
  const nodes: Thing[] = [agencyJsonLd(language)];
  if (route) {
    const trail = breadcrumbTrail(route, language, t);
    if (trail.length > 1) nodes.push(breadcrumbJsonLd(trail));
    if (route.page === 'property') {
      const property = getProperty(route.id, language);
      if (property) nodes.push(listingJsonLd(property, language));
    }
    if (route.page === 'project') {
      const project = projectJsonLd(route.id, language);
      if (project) nodes.push(project);
    }
  }
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** JSON for a <script> element: "<" escaped so that no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
