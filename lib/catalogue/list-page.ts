import { getCities, getProperties, getTypes, listItemOf, townChoices, type Goal, type ListingSummary } from './index';
import {
  applyListParams,
  canonicalListParams,
  choiceCounts,
  matchingListItems,
  nearestFigureChoices,
  sentChoiceCounts,
  sortListItems,
  type ListItem,
  type ListParams,
  type ListResult,
  type ListSort,
  type ListStatus,
  type SentChoiceCounts,
  type TownChoice,
} from './list-query';
import { loadCatalogue, type KeptCatalogue } from './load';
import type { CatalogueLanguage } from './schemas';

/*
 * One page of a for-sale or for-rent list, as the server renders it: the request's filters made
 * canonical, the page's listings only, and the filter's choices. What does not depend on the
 * request (the filterable items, the choices with their counts) is built once per catalogue
 * snapshot and language, so a request only filters, sorts and slices.
 */

/**
 * A filter choice; one that is not `listed` (nothing in the status at all) shows only while it is
 * the one asked for. How many it would list with the other filters is counted per request (`ChoiceCounts`).
 */
type ListOption = { value: string; label: string; listed: boolean };

/** The town and type choices of each status: every known town and type, `listed` when the status has listings there. */
export type StatusChoices = Record<ListStatus, { towns: (ListOption & TownChoice)[]; types: ListOption[]; count: number }>;

/** `bySort`: the items in each order already, so that a request's sort finds them sorted (a few ms at 5,000 listings). */
type ListModel = { goal: Goal; listings: ListingSummary[]; byId: Map<number, ListingSummary>; items: ListItem[]; bySort: Record<ListSort, ListItem[]>; choices: StatusChoices; typeIds: number[] };

const models = new WeakMap<KeptCatalogue, Map<string, ListModel>>();

/** What every status's choices list: the language's towns and types, read once per list. */
type Known = { towns: ReturnType<typeof getCities>; choices: Map<string, TownChoice>; types: ReturnType<typeof getTypes> };

function choicesOf(known: Known, listings: readonly ListingSummary[]): StatusChoices['on-offer'] {
  const byTown = new Map<string, number>();
  const byType = new Map<number, number>();
  for (const listing of listings) {
    const town = `${listing.town.name}|${listing.town.zip}`;
    byTown.set(town, (byTown.get(town) ?? 0) + 1);
    for (const webId of new Set(listing.type.webIds)) byType.set(webId, (byType.get(webId) ?? 0) + 1);
  }
  const towns = known.towns.flatMap((city) => {
    const choice = known.choices.get(`${city.Name}|${city.Zip}`);
    const count = byTown.get(`${city.Name}|${city.Zip}`) ?? 0;
    return choice ? [{ ...choice, label: city.Name, listed: count > 0 }] : [];
  });
  const types = known.types.map((type) => {
    const count = byType.get(Number(type.WebID)) ?? 0;
    return { value: type.WebID, label: type.Name, listed: count > 0 };
  });
  return { towns, types, count: listings.length };
}

function listModel(language: CatalogueLanguage, goal: Goal): ListModel {
  const snapshot = loadCatalogue();
  const ofSnapshot = models.get(snapshot) ?? new Map<string, ListModel>();
  if (!models.has(snapshot)) models.set(snapshot, ofSnapshot);
  const key = `${language}/${goal}`;
  const cached = ofSnapshot.get(key);
  if (cached) return cached;
  const listings = getProperties(language, { goal });
  const references = listings.filter((listing) => listing.availability === 'reference');
  const onOffer = listings.filter((listing) => listing.availability !== 'reference');
  const known = { towns: getCities(language), choices: new Map(townChoices(language).map((choice) => [choice.value, choice])), types: getTypes(language) };
  const choices = { 'on-offer': choicesOf(known, onOffer), references: choicesOf(known, references) };
  const items = listings.map(listItemOf);
  const bySort = { newest: sortListItems(items, 'newest'), 'price-asc': sortListItems(items, 'price-asc'), 'price-desc': sortListItems(items, 'price-desc') } satisfies Record<ListSort, ListItem[]>;
  const model = {
    goal,
    listings,
    byId: new Map(listings.map((listing) => [listing.id, listing])),
    items,
    bySort,
    choices,
    typeIds: choices['on-offer'].types.map((type) => Number(type.value)),
  };
  ofSnapshot.set(key, model);
  return model;
}

export type ListPage = {
  /** The request's params as the list applies them: a town or type it does not know left out, the page within the list. */
  params: ListParams;
  result: ListResult;
  /** The listings of the page, in the list's order. */
  listings: ListingSummary[];
  choices: StatusChoices;
  /** How many listings each filter choice would list with the request's other filters, as the page receives them. */
  counts: SentChoiceCounts;
};

export function getListPage(language: CatalogueLanguage, goal: Goal, params: ListParams): ListPage {
  const model = listModel(language, goal);
  const canonical = canonicalListParams(params, model.choices['on-offer'].towns, model.typeIds);
  const result = applyListParams(model.bySort[canonical.sort], canonical);
  return {
    params: { ...canonical, page: result.page },
    result,
    listings: result.ids.flatMap((id) => model.byId.get(id) ?? []),
    choices: model.choices,
    counts: sentChoiceCounts(choiceCounts(model.items, canonical, { towns: model.choices['on-offer'].towns, typeIds: model.typeIds, goal: model.goal }), model.goal, canonical),
  };
}

/**
 * The params as the list's own links and form write them: a town or type it does not know left
 * out, each figure at the nearest step its filter offers, the page within the list. From the list
 * data alone (a filter and a count, no render), so that the proxy can send any other spelling there
 * and the list URLs rendered per request are the finite set of the list's choices.
 */
export function canonicalListQuery(language: CatalogueLanguage, goal: Goal, params: ListParams): ListParams {
  const model = listModel(language, goal);
  const canonical = nearestFigureChoices(goal, canonicalListParams(params, model.choices['on-offer'].towns, model.typeIds));
  return { ...canonical, page: applyListParams(model.bySort[canonical.sort], canonical).page };
}

/** Every listing the request's filters keep, on every page: what the list's map places. */
export function getListMatches(language: CatalogueLanguage, goal: Goal, params: ListParams): ListingSummary[] {
  const model = listModel(language, goal);
  const canonical = canonicalListParams(params, model.choices['on-offer'].towns, model.typeIds);
  return matchingListItems(model.items, canonical).flatMap((item) => model.byId.get(item.id) ?? []);
}

/** Every listing of a list with what the browser needs to filter them: the static export, which has no server to ask. */
export function getWholeList(language: CatalogueLanguage, goal: Goal): { listings: ListingSummary[]; items: ListItem[]; choices: StatusChoices } {
  const model = listModel(language, goal);
  return { listings: model.listings, items: model.items, choices: model.choices };
}
