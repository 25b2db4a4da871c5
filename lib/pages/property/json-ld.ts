import type { ItemAvailability, Offer, RealEstateListing, Residence } from 'schema-dts';
import type { Listing } from '../../catalogue';
import type { Language } from '../../config';
import { cleanDescription } from '../../format';
import { agencyId, postalAddress } from '../../seo/json-ld';
import { absoluteUrl } from '../../seo/origin';
import type { Link } from '../kind';

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

/** A listing as search engines read it: the offer and the home it is about. */
export function listingJsonLd(property: Listing, language: Language, link: Link): RealEstateListing {
  const url = absoluteUrl(link({ page: 'property', id: property.id }, language));
  const offer: Offer = {
    '@type': 'Offer',
    ...(property.price.kind !== 'on-demand' ? { price: property.price.amount } : {}),
    priceCurrency: 'EUR',
    availability: availabilityOf(property),
    businessFunction: { '@id': property.goal === 'sale' ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut' },
    seller: { '@id': agencyId() },
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
