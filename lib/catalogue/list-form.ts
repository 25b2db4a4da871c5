import type { useTranslations } from 'next-intl';
import type { StatusChoices } from './list-page';
import { epcLetters, figureChoices, listSorts, priceLabel, type ListFacet, type ListParams, type ListResult, type ListSort, type ListStatus } from './list-params';
import type { ChoiceCounts } from './list-query';

/*
 * The texts of a list's filter form and results, formatted where the counts are known: on the
 * server for the server's list (its island then ships no message formatter: the browser asks the
 * server for every new page anyway), in the browser for the static export, which counts there.
 */

type ListTranslator = ReturnType<typeof useTranslations<'list'>>;

/**
 * One choice of a filter's select: its text with its count, and `empty` when it would list nothing
 * (its count is in the text already; a number beside it cost 12 bytes a choice, a town list's
 * hundred choices on every list page). A price
 * choice carries no value and `priceLabel` in place of its amount: the browser puts back the steps
 * (figureChoices) and formats them, so that no round amount a hidden price could equal travels in
 * the page's data (tests/e2e/offer.spec scans it). The first choice of each filter is "any" ('').
 */
export type FacetOption = { value?: string; text: string; empty?: true };

/** `empty` only when true, so that the choices with something to list carry no flag. */
const emptyIf = (count: number): { empty?: true } => (count === 0 ? { empty: true } : {});

/** The parts of the list that depend on its counts, for the params `built` they were counted for. */
export type ListForm = {
  built: ListParams;
  facets: Record<ListFacet, FacetOption[]>;
  statuses: Record<ListStatus, { text: string; empty?: true }>;
  summary: string;
  /** "Filters (2)": the phone's button that opens the filters, with how many are set. */
  filtersButton: string;
  /** The sort's choices, drawn by the island as the filters' selects are. */
  sorts: { value: string; text: string }[];
};

const sortKeys = { newest: 'sortNewest', 'price-asc': 'sortPriceAsc', 'price-desc': 'sortPriceDesc' } as const satisfies Record<ListSort, string>;

export function listForm(t: ListTranslator, goal: 'sale' | 'rent', built: ListParams, choices: StatusChoices, counts: ChoiceCounts, result: ListResult): ListForm {
  const { towns, types } = choices[built.status];
  const figures = figureChoices(goal, built);
  const choice = (label: string, count: number) => t('choiceCount', { label, count });
  const option = (facet: ListFacet, value: string, label: string): FacetOption => {
    const count = counts[facet][value] ?? 0;
    return { value, text: choice(label, count), ...emptyIf(count) };
  };
  const any = (facet: ListFacet, label: string): FacetOption => ({ value: '', text: choice(label, counts[facet][''] ?? 0), ...emptyIf(counts[facet][''] ?? 0) });
  const price = (facet: 'minPrice' | 'maxPrice') =>
    figures[facet].map((step) => {
      const count = counts[facet][String(step)] ?? 0;
      return { text: choice(priceLabel, count), ...emptyIf(count) };
    });
  const facets: Record<ListFacet, FacetOption[]> = {
    city: [any('city', t('allTowns')), ...towns.filter((town) => town.listed || town.value === built.city).map((town) => option('city', town.value, town.label))],
    type: [any('type', t('allTypes')), ...types.filter((type) => type.listed || type.value === String(built.type)).map((type) => option('type', type.value, type.label))],
    minPrice: [any('minPrice', t('any')), ...price('minPrice')],
    maxPrice: [any('maxPrice', t('any')), ...price('maxPrice')],
    bedrooms: [any('bedrooms', t('any')), ...figures.bedrooms.map((count) => option('bedrooms', String(count), t('bedroomsAtLeast', { count })))],
    surface: [any('surface', t('any')), ...figures.surface.map((surface) => option('surface', String(surface), t('surfaceAtLeast', { surface })))],
    epc: [any('epc', t('any')), ...epcLetters.map((letter) => option('epc', letter, letter === 'a' ? 'A' : t('epcAtMost', { label: letter.toUpperCase() })))],
  };
  const statusText = (status: ListStatus, count: number) => {
    if (status === 'on-offer') return t('onOffer', { count });
    return goal === 'sale' ? t('soldReferences', { count }) : t('rentedReferences', { count });
  };
  const status = (of: ListStatus) => ({ text: statusText(of, choices[of].count), ...emptyIf(choices[of].count) });
  const statuses = { 'on-offer': status('on-offer'), references: status('references') } satisfies Record<ListStatus, unknown>;
  const summary = result.total === 0 ? t('noResults') : `${t('count', { count: result.total })} · ${t('pageOf', { page: result.page, pages: result.pages })}`;
  const active = [built.city, built.bbox, built.type, built.minPrice, built.maxPrice, built.bedrooms, built.surface, built.epc].filter((value) => value !== undefined).length;
  const sorts = listSorts.map((sort) => ({ value: sort, text: t(sortKeys[sort]) }));
  return { built, facets, statuses, summary, filtersButton: t('filtersButton', { count: active }), sorts };
}
