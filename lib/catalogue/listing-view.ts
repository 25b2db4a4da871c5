import type { PublicProperty } from './public-view';

/*
 * What a listing's CRM codes mean, decided once (design.md §3: a component never parses raw data).
 * Omnicasa writes the goal as 0/1, the availability in Status (1 on offer, 2 sold, 4 rented), a
 * "starting from" price as PriceUnit 7 and a ribbon as Marquee ≠ 0; pages, mails, maps and JSON-LD
 * ask these functions instead of comparing the codes themselves.
 */

type Codes = Pick<PublicProperty, 'Goal' | 'Status' | 'PriceUnit' | 'Price' | 'Marquee' | 'MarqueeName'>;

export type Goal = 'sale' | 'rent';
export const goalOf = (listing: Pick<Codes, 'Goal'>): Goal => (listing.Goal === 0 ? 'sale' : 'rent');

/** On offer, or a sold or rented reference kept online with its message. */
export type Availability = 'on-offer' | 'reference';
export type ListingState = 'on-offer' | 'sold' | 'rented';

export const listingStateOf = (listing: Pick<Codes, 'Status'>): ListingState => (listing.Status === 2 ? 'sold' : listing.Status === 4 ? 'rented' : 'on-offer');
export const availabilityOf = (listing: Pick<Codes, 'Status'>): Availability => (listing.Status === 1 ? 'on-offer' : 'reference');
export const isOnOffer = (listing: Pick<Codes, 'Status'>): boolean => availabilityOf(listing) === 'on-offer';

/**
 * The price as the spec shows it: on demand when unpublished (the public view then has no price),
 * "starting from" for PriceUnit 7, per month for a rental, else the amount.
 */
export type ShownPrice = { kind: 'on-demand' } | { kind: 'starting-from' | 'per-month' | 'amount'; amount: number };

export function shownPriceOf(listing: Pick<Codes, 'Price' | 'PriceUnit' | 'Goal'>): ShownPrice {
  if (listing.Price === null) return { kind: 'on-demand' };
  if (listing.PriceUnit === 7) return { kind: 'starting-from', amount: listing.Price };
  if (goalOf(listing) === 'rent') return { kind: 'per-month', amount: listing.Price };
  return { kind: 'amount', amount: listing.Price };
}

/** The card's and the detail page's ribbon: sold or rented first, else the CRM's marquee text. */
export type Ribbon = { kind: 'sold' | 'rented' } | { kind: 'marquee'; text: string } | undefined;

export function ribbonOf(listing: Pick<Codes, 'Status' | 'Marquee' | 'MarqueeName'>): Ribbon {
  const state = listingStateOf(listing);
  if (state !== 'on-offer') return { kind: state };
  return listing.Marquee !== 0 && listing.MarqueeName ? { kind: 'marquee', text: listing.MarqueeName } : undefined;
}

/** A listing's name wherever it is listed (page title, breadcrumb, portal, mail): its type and its town. */
export const listingTitleOf = (listing: Pick<PublicProperty, 'TypeDescription' | 'City'>): string => `${listing.TypeDescription} – ${listing.City}`;

type Place = Pick<PublicProperty, 'PublishAddress' | 'Street' | 'HouseNumber' | 'BoxNr' | 'GoogleX' | 'GoogleY'>;

/** The street and number (and box) as the agency publishes them; undefined when the listing shows its town only. */
export type PublishedStreet = { street: string; box?: string };

export function publishedStreetOf(listing: Place): PublishedStreet | undefined {
  if (!listing.PublishAddress) return undefined;
  const street = [listing.Street, listing.HouseNumber]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  if (street === '') return undefined;
  const box = listing.BoxNr.trim();
  return box === '' ? { street } : { street, box };
}

/** The listing's own spot on a map, only when its address is published (otherwise its coordinates are its town's). */
export function publishedSpotOf(listing: Place): { latitude: number; longitude: number } | undefined {
  if (!listing.PublishAddress || listing.GoogleX == null || listing.GoogleY == null) return undefined;
  return { latitude: listing.GoogleX, longitude: listing.GoogleY };
}
