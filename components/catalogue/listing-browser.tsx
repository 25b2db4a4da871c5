'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useOptimistic, useTransition, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import {
  bboxText,
  epcLetters,
  figureChoices,
  isPriceFacet,
  listQueryString,
  listSorts,
  listStatuses,
  parseListParams,
  priceLabel,
  type ListFacet,
  type ListParams,
  type ListResult,
  type ListSort,
  type ListStatus,
} from '@/lib/catalogue/list-params';
import type { Goal } from '@/lib/catalogue';
import type { FacetOption, ListForm } from '@/lib/catalogue/list-form';
import type { ListLabels } from './list-labels';
import { rememberListQuery } from '@/lib/catalogue/list-return';
import { followInLanguageLinks } from '@/components/islands/language-links';
import { ListingResults } from './listing-results';
import type { ListMapConfig, PinSource } from './list-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './listing-browser.module.css';

/*
 * The map's disclosure is drawn once the island runs (nothing of it without JavaScript), so its code,
 * with the message formatter its counts need, comes after the page's first scripts.
 */
const ListMap = dynamic(() => import('./list-map').then((module) => module.ListMap));

const sortKeys = { newest: 'sortNewest', 'price-asc': 'sortPriceAsc', 'price-desc': 'sortPriceDesc' } as const satisfies Record<ListSort, keyof ListLabels>;

const sortOf = (value: FormDataEntryValue | null): ListSort => listSorts.find((sort) => sort === value) ?? 'newest';

/** The filters of a submitted form, read as the server reads a query (bounds and unknown values dropped). */
function formParams(form: FormData): Partial<ListParams> {
  const query = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string' && value !== '') query.set(name, value);
  const { city, type, minPrice, maxPrice, bedrooms, surface, epc } = parseListParams(query);
  return { city, type, minPrice, maxPrice, bedrooms, surface, epc, sort: sortOf(form.get('sort')) };
}

const epcOf = (value: string) => epcLetters.find((letter) => letter === value);

/** A select's value read as a bound: empty is none. */
const boundOf = (value: string) => (value === '' ? undefined : Number(value));

/** The filters' selects in their order: the facet, its query name, its label, and the params a choice asks for. */
const filterSelects: [ListFacet, string, keyof ListLabels, (value: string) => Partial<ListParams>][] = [
  ['city', 'city', 'town', (value) => ({ city: value || undefined })],
  ['type', 'type', 'type', (value) => ({ type: Number(value) || undefined })],
  ['minPrice', 'min-price', 'minPrice', (value) => ({ minPrice: boundOf(value) })],
  ['maxPrice', 'max-price', 'maxPrice', (value) => ({ maxPrice: boundOf(value) })],
  ['bedrooms', 'bedrooms', 'bedrooms', (value) => ({ bedrooms: boundOf(value) })],
  ['surface', 'surface', 'surface', (value) => ({ surface: boundOf(value) })],
  ['epc', 'epc', 'epc', (value) => ({ epc: epcOf(value) })],
];

export type Shared = {
  goal: Goal;
  /** The list's own path (/nl/te-koop/): the page may be served from an internal route. */
  path: string;
  /** The page's language, for the amounts of the price choices. */
  language: string;
  /** The fixed texts, formatted on the server. */
  labels: ListLabels;
  /** The cards by listing id: the page's own on the server build, every listing's on the static export. */
  cards: Record<number, ReactNode>;
};

/*
 * Filters, sort and paging of a list. The server renders the page of the request's query (see
 * app/[lang]/list-results), so it works without JavaScript and an answer carries the cards of its
 * page only, with its filter choices and texts formatted (lib/catalogue/list-form.ts): the island
 * ships no message formatter. In the browser a change asks the server for the new page through the
 * router (no full reload); the static export has no server, so there the island filters every card itself.
 */
export function ServerListingBrowser({ params, result, form, map, ...shared }: Shared & { params: ListParams; result: ListResult; form: ListForm; map?: ListMapConfig }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  // The choice shows at once; the cards follow when the server's page arrives.
  const [shown, showChoice] = useOptimistic(params);
  const go = (query: string) =>
    startTransition(() => {
      showChoice(parseListParams(new URLSearchParams(query)));
      router.push(`${shared.path}${query}`, { scroll: false });
    });
  return <ListingControls {...shared} params={shown} result={result} form={form} busy={busy} go={go} map={map} />;
}

/**
 * One filter's select: "any", then its choices, each an option of the plain GET form too, with how
 * many listings it would list. A choice that would list none is disabled rather than hidden, so the
 * steps stay where the searcher expects them; the chosen one stays enabled whatever its count.
 */
function CountedSelect({
  label,
  name,
  value,
  options,
  onChoose,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: { value: string; text: string; empty?: true }[];
  onChoose: (value: string) => void;
}) {
  const chosen = String(value ?? '');
  return (
    <label>
      <span>{label}</span>
      <select name={name} value={chosen} onChange={(event) => onChoose(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.value !== '' && option.empty === true && option.value !== chosen}>
            {option.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter's choices with their values: a price's are the steps of the params they were counted for. */
function choicesOf(facet: ListFacet, options: readonly FacetOption[], form: ListForm, goal: Goal, euros: Intl.NumberFormat) {
  if (!isPriceFacet(facet)) return options.map((option) => ({ ...option, value: option.value ?? '' }));
  const steps = figureChoices(goal, form.built)[facet];
  return options.map((option, index) => {
    if (index === 0) return { ...option, value: '' };
    const step = steps[index - 1] ?? 0;
    return { ...option, value: String(step), text: option.text.replace(priceLabel, euros.format(step)) };
  });
}

export function ListingControls({
  goal,
  path,
  language,
  labels,
  cards,
  params,
  result,
  form,
  busy,
  go,
  map,
  pinSource,
}: Shared & { params: ListParams; result: ListResult; form: ListForm; busy: boolean; go: (query: string) => void; map?: ListMapConfig; pinSource?: PinSource }) {
  const euros = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const choices = (facet: ListFacet) => choicesOf(facet, form.facets[facet], form, goal, euros);
  // A choice made before hydration would be lost: the filters say when they answer.
  const hydrated = useHydrated();

  // The language switcher and the detail pages' "back to the list" link follow the filters.
  useEffect(() => {
    const query = listQueryString(params);
    rememberListQuery(goal, query);
    followInLanguageLinks(query);
  }, [goal, params]);

  const navigate = (next: Partial<ListParams>) => go(listQueryString({ ...params, ...next, page: 1 }));
  // Without JavaScript the form is a plain GET to the same page; with it, the page changes in place.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(formParams(new FormData(event.currentTarget)));
  };
  const filtered = [params.city, params.bbox, params.type, params.minPrice, params.maxPrice, params.bedrooms, params.surface, params.epc].some((value) => value !== undefined);

  // Plain links, so that crawlers and visitors without JavaScript reach the references too.
  const statusHref = (status: ListStatus) => `${path}${listQueryString({ status, sort: params.sort, page: 1 })}`;
  const showStatus = (status: ListStatus) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(listQueryString({ status, sort: params.sort, page: 1 }));
  };

  return (
    <>
      <nav aria-label={labels.statuses} className={styles.statuses}>
        <ul>
          {listStatuses
            .filter((status) => status === 'on-offer' || status === params.status || !form.statuses[status].empty)
            .map((status) => (
              <li key={status}>
                <a className={styles.status} href={statusHref(status)} onClick={showStatus(status)} aria-current={params.status === status ? 'page' : undefined}>
                  {form.statuses[status].text}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <form className={styles.filters} method="get" onSubmit={onSubmit} aria-label={labels.filters} data-ready={hydrated || undefined}>
        {params.status === 'references' ? <input type="hidden" name="status" value={params.status} /> : null}
        {params.bbox ? <input type="hidden" name="bbox" value={bboxText(params.bbox)} /> : null}
        {filterSelects.map(([facet, name, label, chosen]) => (
          <CountedSelect key={name} label={labels[label]} name={name} value={params[facet]} options={choices(facet)} onChoose={(value) => navigate(chosen(value))} />
        ))}
        <label>
          <span>{labels.sort}</span>
          <select name="sort" value={params.sort} onChange={(event) => navigate({ sort: sortOf(event.target.value) })}>
            {listSorts.map((sort) => (
              <option key={sort} value={sort}>
                {labels[sortKeys[sort]]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{labels.apply}</button>
        {filtered ? (
          <button type="button" className={styles.reset} onClick={() => go(listQueryString({ status: params.status }))}>
            {labels.reset}
          </button>
        ) : null}
      </form>
      {map && hydrated ? (
        <ListMap
          {...map}
          goal={goal}
          filters={listQueryString({ ...params, sort: 'newest', page: 1 })}
          area={params.bbox ? bboxText(params.bbox) : ''}
          onSearchArea={(bbox) => go(listQueryString({ ...params, bbox, page: 1 }))}
          pinSource={pinSource}
        />
      ) : null}
      <ListingResults path={path} result={result} params={params} cards={cards} summary={form.summary} labels={labels} busy={busy} onPage={(query) => go(query)} />
    </>
  );
}
