'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useOptimistic, useTransition, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import {
  bboxText,
  epcLetters,
  figureChoices,
  isPriceFacet,
  listQueryString,
  listSorts,
  parseListParams,
  priceLabel,
  type ListFacet,
  type ListParams,
  type ListResult,
  type ListSort,
} from '@/lib/catalogue/list-params';
import type { Goal } from '@/lib/catalogue';
import { formatEuro } from '@/lib/format/price';
import type { FacetOption, ListForm } from '@/lib/catalogue/list-form';
import type { ListLabels } from './list-labels';
import { rememberListQuery } from '@/lib/catalogue/list-return';
import { ListingResults } from './listing-results';
import type { ListMapConfig, PinSource } from './list-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './listing-browser.module.css';

/*
 * The map's disclosure is drawn once the island runs (nothing of it without JavaScript), so its code,
 * with the message formatter its counts need, comes after the page's first scripts.
 */
const ListMap = dynamic(() => import('./list-map').then((module) => module.ListMap));

const sortOf = (value: string): ListSort => listSorts.find((sort) => sort === value) ?? 'newest';

/** What finds a control again in the page a change brings: a select's name, a link's address. */
const keyOf = (element: Element | null) => element?.getAttribute('name') ?? element?.getAttribute('href');

/*
 * The control whose use asked for the page being drawn. The list with a query is another route
 * than the plain list (proxy.ts), so a new island draws it and the focus fell to <body>, 22 Tab
 * stops before the filters (issue 39, WCAG 2.4.3): the new island gives it back. Module state, as
 * it outlives the island it was set in.
 */
let refocus: string | null | undefined;
const remember = (key: string | null | undefined) => {
  refocus = key;
};

const epcOf = (value: string) => epcLetters.find((letter) => letter === value);

/** A select's value read as a bound: empty is none. */
const boundOf = (value: string) => (value === '' ? undefined : Number(value));

/** The filters' selects in their order, the sort last: the facet, its query name, its label, and the params a choice asks for. */
const filterSelects: [ListFacet | 'sort', string, keyof ListLabels, (value: string) => Partial<ListParams>][] = [
  ['city', 'city', 'town', (value) => ({ city: value || undefined })],
  ['type', 'type', 'type', (value) => ({ type: Number(value) || undefined })],
  ['minPrice', 'min-price', 'minPrice', (value) => ({ minPrice: boundOf(value) })],
  ['maxPrice', 'max-price', 'maxPrice', (value) => ({ maxPrice: boundOf(value) })],
  ['bedrooms', 'bedrooms', 'bedrooms', (value) => ({ bedrooms: boundOf(value) })],
  ['surface', 'surface', 'surface', (value) => ({ surface: boundOf(value) })],
  ['epc', 'epc', 'epc', (value) => ({ epc: epcOf(value) })],
  ['sort', 'sort', 'sort', (value) => ({ sort: sortOf(value) })],
];

export type Shared = {
  goal: Goal;
  /** The list's own path (/nl/te-koop/): the page may be served from an internal route. */
  path: string;
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
export function ServerListingBrowser({
  params,
  result,
  form,
  map,
  statuses,
  ...shared
}: Shared & { params: ListParams; result: ListResult; form: ListForm; map?: ListMapConfig; statuses: ReactNode }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  // The choice shows at once; the cards follow when the server's page arrives.
  const [shown, showChoice] = useOptimistic(params);
  const go = (query: string) =>
    startTransition(() => {
      showChoice(parseListParams(new URLSearchParams(query)));
      router.push(`${shared.path}${query}`, { scroll: false });
    });
  return <ListingControls {...shared} params={shown} result={result} form={form} busy={busy} go={go} map={map} statuses={statuses} />;
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
function choicesOf(facet: ListFacet, options: readonly FacetOption[], form: ListForm, goal: Goal) {
  if (!isPriceFacet(facet)) return options.map((option) => ({ ...option, value: option.value ?? '' }));
  const steps = figureChoices(goal, form.built)[facet];
  return options.map((option, index) => {
    if (index === 0) return { ...option, value: '' };
    const step = steps[index - 1] ?? 0;
    return { ...option, value: String(step), text: option.text.replace(priceLabel, formatEuro(step)) };
  });
}

/*
 * What hydration changes stays in these two: ListingControls draws once, and when the island runs
 * only the form's attribute and the map's slot draw again, not the eight selects and the results
 * they hold (issue 40: that second pass cost the list page about 60 of its 640 ms main-thread work at 4x CPU).
 */

/** The filters' form, saying once the island runs that a choice is answered (data-ready): one made before would be lost. */
function ReadyForm(props: ComponentProps<'form'>) {
  return <form {...props} data-ready={useHydrated() || undefined} />;
}

/** What has nothing to show without JavaScript (the map), drawn once the island runs. */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

export function ListingControls({
  goal,
  path,
  labels,
  cards,
  params,
  result,
  form,
  busy,
  go,
  map,
  pinSource,
  statuses,
}: Shared & {
  params: ListParams;
  result: ListResult;
  form: ListForm;
  busy: boolean;
  go: (query: string) => void;
  map?: ListMapConfig;
  pinSource?: PinSource;
  /** What is on offer and the references (list-statuses.tsx), drawn where the list's texts are. */
  statuses: ReactNode;
}) {
  // The site's one price format (lib/format), as on the cards and in the calculator (issue 39).
  const choices = (facet: ListFacet) => choicesOf(facet, form.facets[facet], form, goal);

  // The detail pages' "back to the list" link follows the filters. (The language switcher's links
  // come with each page the server draws; the static export's island updates them itself.)
  useEffect(() => rememberListQuery(goal, listQueryString(params)), [goal, params]);

  useEffect(() => {
    const key = refocus;
    remember(undefined);
    for (const element of document.querySelectorAll<HTMLElement>('main [name],main [href]'))
      if (key && keyOf(element) === key) {
        // On a phone the filters are in a disclosure, closed in the new island.
        element.closest('details')?.setAttribute('open', '');
        return element.focus();
      }
  }, [result]);
  const move = (query: string, key = keyOf(document.activeElement)) => {
    remember(key);
    go(query);
  };

  const navigate = (next: Partial<ListParams>) => move(listQueryString({ ...params, ...next, page: 1 }));
  // Without JavaScript the form is a plain GET to the same page; with it every select applies its
  // choice when it changes, so the button asks for the first page of what the form shows.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate({});
  };
  const filtered = [params.city, params.bbox, params.type, params.minPrice, params.maxPrice, params.bedrooms, params.surface, params.epc].some((value) => value !== undefined);

  return (
    <>
      {statuses}
      {/* On a phone the filters wait behind one "Filters (n)" button, so the first listing is on the first screen; open from a tablet's width (CSS). */}
      <details className={styles.disclosure}>
        <summary>{form.filtersButton}</summary>
        <ReadyForm className={styles.filters} method="get" onSubmit={onSubmit} aria-label={labels.filters}>
          {params.status === 'references' ? <input type="hidden" name="status" value={params.status} /> : null}
          {params.bbox ? <input type="hidden" name="bbox" value={bboxText(params.bbox)} /> : null}
          {filterSelects.map(([facet, name, label, chosen]) => (
            <CountedSelect key={name} label={labels[label]} name={name} value={params[facet]} options={facet === 'sort' ? form.sorts : choices(facet)} onChoose={(value) => navigate(chosen(value))} />
          ))}
          <button type="submit">{labels.apply}</button>
          {filtered ? (
            <button type="button" className={styles.reset} onClick={() => move(listQueryString({ status: params.status }), 'city')}>
              {labels.reset}
            </button>
          ) : null}
        </ReadyForm>
      </details>
      {map ? (
        <AfterHydration>
          <ListMap
            {...map}
            goal={goal}
            filters={listQueryString({ ...params, sort: 'newest', page: 1 })}
            area={params.bbox ? bboxText(params.bbox) : ''}
            onSearchArea={(bbox) => go(listQueryString({ ...params, bbox, page: 1 }))}
            pinSource={pinSource}
          />
        </AfterHydration>
      ) : null}
      <ListingResults path={path} result={result} params={params} cards={cards} summary={form.summary} labels={labels} busy={busy} onPage={move} />
    </>
  );
}
