import { getProperties, type CatalogueLanguage, type ListingSummary } from '../catalogue';
import { listingPrice, townLine } from '../format';
import { pictureSrc } from '../media/picture-src';
import { href } from '../pages';
import { patternOf, positionIn } from '../search/row-tables';
import type { SavedListingsIndex, SavedState } from './saved-listings';

type PriceWords = Parameters<typeof listingPrice>[1];

const savedStates = { 'on-offer': 0, sold: 1, rented: 2, 'under-option': 3 } as const satisfies Record<ListingSummary['state'], SavedState>;

/** The lists' ribbon of a listing under option: the CRM's own marquee text. */
const optionRibbonOf = (listing: ListingSummary) => (listing.state === 'under-option' && listing.ribbon?.kind === 'marquee' ? listing.ribbon.text : '');

/**
 * Every listing of a language, on offer or a reference, as the favourites page needs it; built
 * once per language at build time (app/api/favourites-index). `words` writes a price's words
 * (property.priceOnDemand, …) in that language.
 */
export function buildSavedListingsIndex(language: CatalogueLanguage, words: PriceWords): SavedListingsIndex {
  const index: SavedListingsIndex = { types: [], towns: [], links: [], pictures: [], rows: [] };
  const seen = { types: new Map<string, number>(), towns: new Map<string, number>(), links: new Map<string, number>(), pictures: new Map<string, number>() };
  for (const listing of getProperties(language)) {
    const picture = listing.thumbnail ?? listing.picture;
    index.rows.push([
      listing.id,
      listingPrice(listing.price, words),
      savedStates[listing.state],
      positionIn(index.types, seen.types, listing.type.name),
      positionIn(index.towns, seen.towns, townLine(listing.town)),
      positionIn(index.links, seen.links, patternOf(href({ page: 'property', id: listing.id }, language), listing.id)),
      picture === undefined ? -1 : positionIn(index.pictures, seen.pictures, patternOf(pictureSrc(picture.url), listing.id)),
      optionRibbonOf(listing),
    ]);
  }
  return index;
}
