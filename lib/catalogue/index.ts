import { searchName, slugify } from '../format';
import { canonicalCity, type ListItem, type TownChoice } from './list-query';
import { availabilityOf, goalOf, type Availability, type Goal } from './listing-view';
import { loadCatalogue, type CatalogueSnapshot } from './load';
import { publicProject, publicProperty, type PublicProject, type PublicProperty } from './public-view';
import type { AppointmentSlot, CatalogueLanguage, City, Owner, PropertyType } from './schemas';

export type { AppointmentSlot, CatalogueLanguage, Owner, PictureItem, PropertyType } from './schemas';
/** A listing as visitors may see it (lib/catalogue/public-view): the only listing shape outside this module. */
export type Property = PublicProperty;
type Project = PublicProject;
export { catalogueLanguages } from './schemas';
export { parseCityQuery } from './list-query';
export { crmHistory, historyStatus, type CalendarKind, type CommunicationKind, type HistoryStatus } from './crm-history';

/*
 * Typed getters over the validated snapshot, in the style of a commerce data layer: pages ask
 * questions ("the for-sale listings of Mons in French"), never read files or count records.
 */

export { availabilityOf, goalOf, isOnOffer, listingStateOf, listingTitleOf, publishedSpotOf, publishedStreetOf, ribbonOf, shownPriceOf, type Goal, type ShownPrice } from './listing-view';

type PublicSnapshot = { properties: Property[]; projects: Project[] };
const publicCache = new WeakMap<CatalogueSnapshot, PublicSnapshot>();

/** The snapshot as visitors may see it, built once per snapshot. */
function publicSnapshot(): PublicSnapshot {
  const snapshot = loadCatalogue();
  const cached = publicCache.get(snapshot);
  if (cached) return cached;
  const hiddenPrices = new Set(snapshot.properties.filter((property) => !property.PublishPrice).map((property) => property.ID));
  const view = {
    properties: snapshot.properties.map(publicProperty),
    projects: snapshot.projects.map((project) => publicProject(project, (id) => hiddenPrices.has(id))),
  };
  publicCache.set(snapshot, view);
  return view;
}

export type PropertyFilter = {
  goal?: Goal;
  /** Left out: every listing, for pages that enumerate detail pages. */
  availability?: Availability;
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

function hasType(property: Property, webId: number): boolean {
  return property.WebID === webId || property.WebIDs.split(',').includes(String(webId));
}

export function getProperties(language: CatalogueLanguage, filter: PropertyFilter = {}): Property[] {
  return publicSnapshot().properties.filter(
    (property) =>
      property.language === language &&
      (filter.goal === undefined || goalOf(property) === filter.goal) &&
      (filter.availability === undefined || availabilityOf(property) === filter.availability),
  );
}

export function getProperty(id: number, language: CatalogueLanguage): Property | undefined {
  return publicSnapshot().properties.find((property) => property.ID === id && property.language === language);
}

export function getPropertyIds(): number[] {
  return [...new Set(loadCatalogue().properties.map((property) => property.ID))];
}

/** Every name of a listing's town (all languages), lowercase and accent-free, for ?city= matching. */
export function townSearchNames(zip: string): string[] {
  return [...(townNamesByZip().get(zip) ?? [])];
}

/** What a list needs of a listing to filter, sort and page it (lib/catalogue/list-query). */
export function listItemOf(property: Property): ListItem {
  return {
    id: property.ID,
    webIds: property.WebIDs.split(',').map(Number),
    zip: property.Zip,
    townNames: townSearchNames(property.Zip),
    price: property.Price,
    created: property.CreatedDate,
    reference: availabilityOf(property) === 'reference',
  };
}

export type TypeWithCounts = PropertyType & { countSaleProperty: number; countRentProperty: number };

/** Counts are of what is on offer: sold and rented references are not available. */
export function getTypes(language: CatalogueLanguage): TypeWithCounts[] {
  const properties = getProperties(language, { availability: 'on-offer' });
  return loadCatalogue()
    .types.filter((type) => type.language === language)
    .sort((a, b) => a.ShowOrder - b.ShowOrder)
    .map((type) => {
      const ofType = properties.filter((property) => hasType(property, Number(type.WebID)));
      return {
        ...type,
        countSaleProperty: ofType.filter((property) => property.Goal === 0).length,
        countRentProperty: ofType.filter((property) => property.Goal === 1).length,
      };
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
      const inTown = properties.filter((property) => property.Zip === city.Zip && property.City === city.Name);
      return {
        ...city,
        SearchName: searchName(city.Name),
        countSaleProperty: inTown.filter((property) => property.Goal === 0).length,
        countRentProperty: inTown.filter((property) => property.Goal === 1).length,
      };
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
  const properties = getProperties(language, { availability: 'on-offer' });
  return {
    sale: properties.filter((property) => property.Goal === 0).length,
    rent: properties.filter((property) => property.Goal === 1).length,
  };
}

type ProjectUnitWithListing = Project['Units'][number] & { property: Property | undefined };
export type ProjectWithUnits = Omit<Project, 'Units'> & { Units: ProjectUnitWithListing[] };

function withUnits(project: Project): ProjectWithUnits {
  return { ...project, Units: project.Units.map((unit) => ({ ...unit, property: getProperty(unit.PropertyID, project.language) })) };
}

export function getProjects(language: CatalogueLanguage): ProjectWithUnits[] {
  return publicSnapshot()
    .projects.filter((project) => project.language === language)
    .map(withUnits);
}

export function getProject(id: number, language: CatalogueLanguage): ProjectWithUnits | undefined {
  const project = publicSnapshot().projects.find((candidate) => candidate.ID === id && candidate.language === language);
  return project && withUnits(project);
}

export function getAppointmentSlots(propertyId: number): AppointmentSlot[] {
  return loadCatalogue().appointmentSlots.filter((slot) => slot.PropertyID === propertyId);
}

export function getOwners(): Owner[] {
  return loadCatalogue().owners;
}

/** Slug of a listing's town in its language: Mons is "bergen" in Dutch. */
export function citySlug(property: Pick<Property, 'City'>): string {
  return slugify(property.City);
}

/** Slug of a type in a language, e.g. WebID 3 → "appartement" (nl). */
export function typeSlug(webId: number, language: CatalogueLanguage): string {
  const type = getType(webId, language);
  return type ? slugify(type.Name) : String(webId);
}
