import { getCities, getProperties, getTypes, type CatalogueLanguage } from '../catalogue';
import { cleanDescription, townLine } from '../format';
import { href } from '../pages';
import { pictureSrc } from '../media/picture-src';

/*
 * The home search's data, fetched by the browser on the first focus of the search input (never
 * shipped in the page's JavaScript). Counts are computed from the catalogue; every link is built
 * here, so the island needs no URL knowledge.
 */

type SearchGoalLink = { count: number; href: string };
export type SearchType = { id: string; name: string; sale: SearchGoalLink; rent: SearchGoalLink };
export type SearchCity = { name: string; zip: string; searchName: string; sale: SearchGoalLink; rent: SearchGoalLink };
export type SearchProperty = { id: string; text: string; town: string; picture: string | null; href: string };
export type SearchIndex = { types: SearchType[]; cities: SearchCity[]; properties: SearchProperty[] };

/** Descriptions in the results panel are cut at 100 characters (spec §9). */
export const searchDescriptionLimit = 100;

export function buildSearchIndex(language: CatalogueLanguage): SearchIndex {
  const list = (goal: 'for-sale' | 'for-rent', query: { city?: string; type?: number }) => href({ page: goal, query }, language);
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
      sale: { count: city.countSaleProperty, href: list('for-sale', { city: `${city.Name}|${city.Zip}` }) },
      rent: { count: city.countRentProperty, href: list('for-rent', { city: `${city.Name}|${city.Zip}` }) },
    })),
    properties: getProperties(language).map((property) => ({
      id: String(property.id),
      text: cleanDescription(property.description, searchDescriptionLimit) || property.type.name,
      town: townLine(property.town),
      picture: property.thumbnail ? pictureSrc(property.thumbnail.url) : null,
      href: href({ page: 'property', id: property.id }, language),
    })),
  };
}
