import { getProperties, getProperty, type CatalogueLanguage, type Listing, type PropertyFilter } from '@/lib/catalogue';

/**
 * The listings of a language in full (documents, scores, manager...), for tests that pick one by
 * a detail: `getProperties` gives the summaries the server keeps in memory.
 */
export function fullListings(language: CatalogueLanguage, filter: PropertyFilter = {}): Listing[] {
  return getProperties(language, filter).flatMap((summary) => getProperty(summary.id, language) ?? []);
}
