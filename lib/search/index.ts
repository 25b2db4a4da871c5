import { getCities, getProperties, getTypes, townChoices, type CatalogueLanguage } from '../catalogue';
import { textTeaser, townLine } from '../format';
import { href } from '../pages';
import { pictureSrc } from '../media/picture-src';
import Fuse from 'fuse.js';
import { prepareIndex, searchIndex, type SearchIndex, type TextMatcher } from './compact';
import { patternOf, positionIn } from './row-tables';

export type { SearchIndex } from './compact';

/*
 * The home search's data, fetched by the browser on the first focus of the search input (never
 * shipped in the page's JavaScript). Counts are computed from the catalogue; every link is built
 * here, so the island needs no URL knowledge.
 */

/** Descriptions in the results panel are cut at 100 characters (spec §9). */
export const searchDescriptionLimit = 100;

export function buildSearchIndex(language: CatalogueLanguage): SearchIndex {
  const list = (goal: 'for-sale' | 'for-rent', query: { city?: string; type?: number }) => href({ page: goal, query }, language);
  const towns: string[] = [];
  const links: string[] = [];
  const pictures: string[] = [];
  const seen = { towns: new Map<string, number>(), links: new Map<string, number>(), pictures: new Map<string, number>() };
  const properties = getProperties(language).map((property): SearchIndex['properties'][number] => {
    const picture = property.thumbnail ? pictureSrc(property.thumbnail.url) : undefined;
    return [
      property.id,
      textTeaser(property.teaserText, searchDescriptionLimit) || property.type.name,
      positionIn(towns, seen.towns, townLine(property.town)),
      positionIn(links, seen.links, patternOf(href({ page: 'property', id: property.id }, language), property.id)),
      picture === undefined ? -1 : positionIn(pictures, seen.pictures, patternOf(picture, property.id)),
    ];
  });
  // A town's names in the other languages, so that "mons" finds Bergen on the Dutch home (issue 39).
  const names = new Map(townChoices(language).map((town) => [town.value, town.names]));
  const otherNames = (value: string, own: string) => (names.get(value) ?? []).filter((name) => name !== own).join(' ') || undefined;
  return {
    types: getTypes(language).map((type) => ({
      id: type.WebID,
      name: type.Name,
      sale: { count: type.countSaleProperty, href: list('for-sale', { type: Number(type.WebID) }) },
      rent: { count: type.countRentProperty, href: list('for-rent', { type: Number(type.WebID) }) },
    })),
    cities: getCities(language).map((city) => ({
      name: city.Name,
      zip: city.Zip,
      searchName: city.SearchName,
      names: otherNames(`${city.Name}|${city.Zip}`, city.SearchName),
      sale: { count: city.countSaleProperty, href: list('for-sale', { city: `${city.Name}|${city.Zip}` }) },
      rent: { count: city.countRentProperty, href: list('for-rent', { city: `${city.Name}|${city.Zip}` }) },
    })),
    towns,
    links,
    pictures,
    properties,
  };
}

/** The panel's matcher (components/search/search-panel.tsx), on the server: fuse.js at threshold 0. */
const fuseMatcher: TextMatcher = (items, keys, text) => new Fuse(items, { keys, threshold: 0, ignoreLocation: true, isCaseSensitive: false }).search(text).map((result) => result.item);

/**
 * Where the home search sends a text submitted without the panel (no JavaScript, or Enter with no
 * option chosen): a listing's ID to its page; a town and a type to their list, for sale unless
 * only rentals match; anything else to the list of what is for sale.
 */
export function searchTarget(language: CatalogueLanguage, query: string): string {
  const results = searchIndex(prepareIndex(buildSearchIndex(language)), query, fuseMatcher);
  const [listing] = results.properties;
  if (query.trim() && listing && results.properties.length === 1) return listing.href;
  const city = query.trim() ? results.cities[0] : undefined;
  const type = query.trim() ? results.types[0] : undefined;
  const goal = [city, type].some((match) => match && match.sale.count === 0 && match.rent.count > 0) ? 'for-rent' : 'for-sale';
  return href({ page: goal, query: { city: city ? `${city.name}|${city.zip}` : undefined, type: type ? Number(type.id) : undefined } }, language);
}
