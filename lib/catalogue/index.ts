import { searchName, slugify } from '../format';
import { epcLabel } from '../epc';
import { canonicalCity, epcLetters, type EpcLetter, type ListItem, type TownChoice } from './list-query';
import { reshapeProject, type Availability, type Goal, type Listing, type ListingSummary, type ProjectView } from './listing-view';
import { storedListing, storedSummary } from './listing-store';
import { loadCatalogue, type KeptCatalogue } from './load';
import { publicProject } from './public-view';
import type { AppointmentSlot, CatalogueLanguage, City, Owner, PropertyType } from './schemas';

export type { AppointmentSlot, CatalogueLanguage, Owner, PropertyType } from './schemas';
export type { Goal, Listing, ListingSummary, Picture, ProjectView, Town } from './listing-view';
export { catalogueLanguages } from './schemas';
export { parseCityQuery } from './list-query';
export { crmHistory, historyStatus, type CalendarKind, type CommunicationKind, type HistoryStatus } from './crm-history';

/*
 * Typed getters over the validated snapshot, in the style of a commerce data layer: pages ask
 * questions ("the for-sale listings of Mons in French"), never read files or count records, and
 * get Listings and ProjectViews (listing-view.ts), never the CRM's records.
 */

const projectsCache = new WeakMap<KeptCatalogue, ProjectView[]>();

/**
 * The projects as the site shows them, built once per catalogue: what the agency hides is removed
 * first (public-view.ts), so the reshaped views cannot carry it.
 */
function siteProjects(): ProjectView[] {
  const catalogue = loadCatalogue();
  const cached = projectsCache.get(catalogue);
  if (cached) return cached;
  const { listings } = catalogue;
  const projects = catalogue.projects.map((record) =>
    reshapeProject(
      publicProject(record, (id) => listings.hiddenPrices.has(id)),
      (id) => storedSummary(listings, id, record.language),
    ),
  );
  projectsCache.set(catalogue, projects);
  return projects;
}

export type PropertyFilter = {
  goal?: Goal;
  /** Left out: every listing, for pages that enumerate detail pages. */
  availability?: Availability;
  /** A type (WebID) the listing is listed under. */
  type?: number;
};

const townNamesCache = new WeakMap<object, Map<string, Set<string>>>();

/** The names a town has in any language, keyed by postcode, so "Bergen|7000" finds Mons in French. */
function townNamesByZip(): Map<string, Set<string>> {
  const snapshot = loadCatalogue();
  const cached = townNamesCache.get(snapshot);
  if (cached) return cached;
  const names = new Map<string, Set<string>>();
  for (const city of snapshot.cities.all) {
    const set = names.get(city.Zip) ?? new Set<string>();
    set.add(searchName(city.Name));
    names.set(city.Zip, set);
  }
  townNamesCache.set(snapshot, names);
  return names;
}

function hasType(listing: ListingSummary, webId: number): boolean {
  return listing.type.webId === webId || listing.type.webIds.includes(webId);
}

/** Listings as lists, cards, the search index, maps and alerts read them: summaries, kept in memory. */
export function getProperties(language: CatalogueLanguage, filter: PropertyFilter = {}): ListingSummary[] {
  return loadCatalogue().listings.summaries.filter(
    (listing) =>
      listing.language === language &&
      (filter.goal === undefined || listing.goal === filter.goal) &&
      (filter.availability === undefined || listing.availability === filter.availability) &&
      (filter.type === undefined || hasType(listing, filter.type)),
  );
}

/** Spec §9: a module shows at most this many items; a property-list module, its goal's newest on offer. */
export const moduleListingLimit = 4;

/** The newest listings on offer, of one goal or both, as a property-list module shows them (and the build prerenders). */
export function latestListings(goal: Goal | undefined, language: CatalogueLanguage, limit: number): ListingSummary[] {
  return getProperties(language, { goal, availability: 'on-offer' })
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, limit);
}

/** A listing's summary: whether it exists, where it is listed, its card; reads no record. */
export function getListing(id: number, language: CatalogueLanguage): ListingSummary | undefined {
  return storedSummary(loadCatalogue().listings, id, language);
}

/** A listing in full, rebuilt from its stored record: its own page, forms, mails, the owner portal. */
export function getProperty(id: number, language: CatalogueLanguage): Listing | undefined {
  return storedListing(loadCatalogue().listings, id, language);
}

export function getPropertyIds(): number[] {
  return [...new Set(loadCatalogue().listings.summaries.map((listing) => listing.id))];
}

/** Every name of a listing's town (all languages), lowercase and accent-free, for ?city= matching. */
export function townSearchNames(zip: string): string[] {
  return [...(townNamesByZip().get(zip) ?? [])];
}

/** What a list needs of a listing to filter, sort and page it (lib/catalogue/list-query). */
/** The letter of the EPC label a listing's page shows (A+ is A, B- is B), for the list's filter. */
function epcLetterOf(listing: ListingSummary): EpcLetter | undefined {
  const label = epcLabel(listing.region, listing.energy.performance, listing.energy.label);
  return epcLetters.find((letter) => letter === label?.[0]);
}

export function listItemOf(listing: ListingSummary): ListItem {
  return {
    id: listing.id,
    webIds: listing.type.webIds,
    zip: listing.town.zip,
    townNames: townSearchNames(listing.town.zip),
    price: listing.price.kind === 'on-demand' ? null : listing.price.amount,
    created: listing.created,
    reference: listing.availability === 'reference',
    bedrooms: listing.rooms.bedrooms,
    living: listing.surfaces.living,
    epc: epcLetterOf(listing),
    ...(listing.position ? { lat: listing.position.latitude, lng: listing.position.longitude } : {}),
  };
}

/** How many of these listings are for sale and for rent. */
function goalCounts(listings: readonly ListingSummary[]): { countSaleProperty: number; countRentProperty: number } {
  const count = (goal: Goal) => listings.filter((listing) => listing.goal === goal).length;
  return { countSaleProperty: count('sale'), countRentProperty: count('rent') };
}

export type TypeWithCounts = PropertyType & { countSaleProperty: number; countRentProperty: number };

/** Counts are of what is on offer: sold and rented references are not available. */
export function getTypes(language: CatalogueLanguage): TypeWithCounts[] {
  const properties = getProperties(language, { availability: 'on-offer' });
  return loadCatalogue()
    .types.filter((type) => type.language === language)
    .sort((a, b) => a.ShowOrder - b.ShowOrder)
    .map((type) => {
      const ofType = properties.filter((listing) => hasType(listing, Number(type.WebID)));
      return { ...type, ...goalCounts(ofType) };
    });
}

export function getType(webId: number, language: CatalogueLanguage): PropertyType | undefined {
  return loadCatalogue().types.find((type) => Number(type.WebID) === webId && type.language === language);
}

export type CityWithCounts = City & { SearchName: string; countSaleProperty: number; countRentProperty: number };
export type CityList = 'all' | 'sale' | 'rent';

export function getCities(language: CatalogueLanguage, list: CityList = 'all'): CityWithCounts[] {
  const properties = getProperties(language, { availability: 'on-offer' });
  return loadCatalogue()
    .cities[list].filter((city) => city.language === language)
    .map((city) => {
      const inTown = properties.filter((listing) => listing.town.zip === city.Zip && listing.town.name === city.Name);
      return { ...city, SearchName: searchName(city.Name), ...goalCounts(inTown) };
    })
    .sort((a, b) => a.SearchName.localeCompare(b.SearchName));
}

/**
 * Every town of a language as a list's filter knows it, with its names in every language: the
 * snapshot's towns have no id, so another language's name belongs to the town that is alone
 * with its postcode here (Bergen|7000 is Mons|7000).
 */
export function townChoices(language: CatalogueLanguage): TownChoice[] {
  const towns = loadCatalogue().cities.all.filter((city) => city.language === language);
  return towns.map((city) => ({
    value: `${city.Name}|${city.Zip}`,
    zip: city.Zip,
    names: towns.filter((other) => other.Zip === city.Zip).length === 1 ? townSearchNames(city.Zip) : [searchName(city.Name)],
  }));
}

/** A ?city= value as a list of this language writes it ("Mons|7000" in Dutch is "Bergen|7000"), or undefined for an unknown town. */
export function cityQueryIn(value: string, language: CatalogueLanguage): string | undefined {
  return canonicalCity(value, townChoices(language));
}

/** Totals of the home search block: listings on offer for sale and for rent, computed, never read from config. */
export function getTotals(language: CatalogueLanguage): { sale: number; rent: number } {
  const { countSaleProperty, countRentProperty } = goalCounts(getProperties(language, { availability: 'on-offer' }));
  return { sale: countSaleProperty, rent: countRentProperty };
}

export function getProjects(language: CatalogueLanguage): ProjectView[] {
  return siteProjects().filter((project) => project.language === language);
}

export function getProject(id: number, language: CatalogueLanguage): ProjectView | undefined {
  return siteProjects().find((project) => project.id === id && project.language === language);
}

export function getAppointmentSlots(propertyId: number): AppointmentSlot[] {
  return loadCatalogue().appointmentSlots.filter((slot) => slot.PropertyID === propertyId);
}

export function getOwners(): Owner[] {
  return loadCatalogue().owners;
}

/** Slug of a listing's town in its language: Mons is "bergen" in Dutch. */
export function citySlug(listing: Pick<ListingSummary, 'town'>): string {
  return slugify(listing.town.name);
}

/** Slug of a type in a language, e.g. WebID 3 → "appartement" (nl). */
export function typeSlug(webId: number, language: CatalogueLanguage): string {
  const type = getType(webId, language);
  return type ? slugify(type.Name) : String(webId);
}
