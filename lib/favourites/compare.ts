import { getProperty, type CatalogueLanguage, type Listing } from '../catalogue';
import { distanceKm } from '../catalogue/geography';
import { getSite } from '../config';
import { epcLabel, epcLabelText } from '../epc';
import { pictureSrc } from '../media/picture-src';
import { href } from '../pages';
import type { CompareRequest } from '../pages/compare-ids';
import { compareRowKeys, compareRowsOf, type CompareCells, type CompareColumn, type CompareRow, type CompareRowKey, type CompareValue } from './compare-rows';

/*
 * The side-by-side comparison of up to four listings (issue 19 item 3), read from the URL alone
 * (?ids=4000012,4000055) so that a link sent to a partner shows the same table, without
 * JavaScript and without the sender's browser storage. Only Listing views are read. The rows
 * themselves are built in compare-rows.ts, which the static export's page runs in the browser.
 */

/** Price per m² of living surface, to the euro; none for a price on demand or without a living surface. */
function pricePerM2(listing: Listing): number | undefined {
  const living = listing.surfaces.living;
  if (listing.price.kind === 'on-demand' || living === undefined || living <= 0) return undefined;
  return Math.round(listing.price.amount / living);
}

/** Kilometres from the office to where a map may place the listing (its town when the address is hidden), to 100 m. */
function distanceFromOffice(listing: Listing): number | undefined {
  const office = getSite().siteInfo.location;
  if (!office || !listing.position) return undefined;
  const km = distanceKm({ lat: office.latitude, lng: office.longitude }, { lat: listing.position.latitude, lng: listing.position.longitude });
  return Math.round(km * 10) / 10;
}

/** The monthly charges a buyer (owner's share) or a renter pays. */
const charges = (listing: Listing) => (listing.goal === 'rent' ? listing.costs.chargesRenter : listing.costs.chargesOwner);

const when = <T>(value: T | undefined, cell: (value: T) => CompareValue): CompareValue | undefined => (value === undefined ? undefined : cell(value));

function cellOf(key: CompareRowKey, listing: Listing): CompareValue | undefined {
  switch (key) {
    case 'state':
      return { kind: 'state', state: listing.state };
    case 'price':
      return { kind: 'price', price: listing.price };
    case 'pricePerM2':
      return when(pricePerM2(listing), (amount) => ({ kind: 'euro', amount }));
    case 'living':
      return when(listing.surfaces.living, (m2) => ({ kind: 'area', m2 }));
    case 'plot':
      return when(listing.surfaces.ground, (m2) => ({ kind: 'area', m2 }));
    case 'bedrooms':
      return when(listing.rooms.bedrooms, (count) => ({ kind: 'count', count }));
    case 'bathrooms':
      return when(listing.rooms.bathrooms, (count) => ({ kind: 'count', count }));
    case 'epcLabel': {
      const label = epcLabel(listing.region, listing.energy.performance, listing.energy.label);
      return when(label, (code) => ({ kind: 'text', text: epcLabelText(code) }));
    }
    case 'epcValue':
      return when(listing.energy.performance, (kwh) => ({ kind: 'energy', kwh }));
    case 'constructionYear':
      return when(listing.building.constructionYear, (year) => ({ kind: 'year', year }));
    case 'charges':
      return when(charges(listing), (amount) => ({ kind: 'euro', amount }));
    case 'floodZone':
      return when(listing.flood.zone, (text) => ({ kind: 'text', text }));
    case 'distance':
      return when(distanceFromOffice(listing), (km) => ({ kind: 'distance', km }));
  }
}

/** A listing's figures, one per row it fills. */
function cellsOf(listing: Listing): CompareCells {
  const cells: CompareCells = {};
  for (const key of compareRowKeys) {
    const cell = cellOf(key, listing);
    if (cell !== undefined) cells[key] = cell;
  }
  return cells;
}

/** The rows of the table for these listings (compare-rows.ts). */
export const compareRows = (listings: readonly Listing[]): CompareRow[] => compareRowsOf(listings.map(cellsOf));

/**
 * A listing as a column of the table: what the server's page shows, and what the static export
 * saves per listing (app/api/compare-listing) for its page to fetch.
 */
export function compareColumn(listing: Listing, language: CatalogueLanguage): CompareColumn {
  const thumbnail = listing.thumbnail;
  return {
    id: listing.id,
    title: listing.title,
    href: href({ page: 'property', id: listing.id }, language),
    ...(thumbnail ? { thumbnail: { src: pictureSrc(thumbnail.url), width: thumbnail.width, height: thumbnail.height } } : {}),
    cells: cellsOf(listing),
  };
}

/** The comparison a URL asks for: the listings found, in the URL's order, and the IDs the catalogue does not know (or no longer has). */
export function comparison(request: CompareRequest, language: CatalogueLanguage): { listings: Listing[]; unknown: number[] } {
  const listings: Listing[] = [];
  const unknown: number[] = [];
  for (const id of request.ids) {
    const listing = getProperty(id, language);
    if (listing) listings.push(listing);
    else unknown.push(id);
  }
  return { listings, unknown };
}
