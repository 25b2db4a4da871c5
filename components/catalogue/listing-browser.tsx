'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useOptimistic, useTransition, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import {
  bboxText,
  epcLetters,
  figureChoices,
  listQueryString,
  listSorts,
  listStatuses,
  parseListParams,
  receivedChoiceCounts,
  type ChoiceCounts,
  type ListParams,
  type ListResult,
  type ListSort,
  type ListStatus,
  type SentChoiceCounts,
} from '@/lib/catalogue/list-query';
import type { Goal } from '@/lib/catalogue';
import type { StatusChoices } from '@/lib/catalogue/list-page';
import { rememberListQuery } from '@/lib/catalogue/list-return';
import { followInLanguageLinks } from '@/components/layout/language-links';
import { ListingResults } from './listing-results';
import { ListMap, type ListMapConfig, type PinSource } from './list-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './listing-browser.module.css';
import { withIslandIntl } from '@/components/layout/with-island-intl';

const sortKeys = { newest: 'sortNewest', 'price-asc': 'sortPriceAsc', 'price-desc': 'sortPriceDesc' } as const satisfies Record<ListSort, string>;

const sortOf = (value: FormDataEntryValue | null): ListSort => listSorts.find((sort) => sort === value) ?? 'newest';

/** The filters of a submitted form, read as the server reads a query (bounds and unknown values dropped). */
function formParams(form: FormData): Partial<ListParams> {
  const query = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string' && value !== '') query.set(name, value);
  const { city, type, minPrice, maxPrice, bedrooms, surface, epc } = parseListParams(query);
  return { city, type, minPrice, maxPrice, bedrooms, surface, epc, sort: sortOf(form.get('sort')) };
}

/** A select's value read as a bound: empty is none. */
const boundOf = (value: string) => (value === '' ? undefined : Number(value));

export type Shared = {
  goal: Goal;
  /** The list's own path (/nl/te-koop/): the page may be served from an internal route. */
  path: string;
  choices: StatusChoices;
  /** The cards by listing id: the page's own on the server build, every listing's on the static export. */
  cards: Record<number, ReactNode>;
};

/*
 * Filters, sort and paging of a list. The server renders the page of the request's query (see
 * app/[lang]/list-results), so it works without JavaScript and an answer carries the cards of its
 * page only. In the browser a change asks the server for the new page through the router (no full
 * reload); the static export has no server, so there the island filters every card itself.
 */
function ServerListingBrowserView({ params, result, counts, map, ...shared }: Shared & { params: ListParams; result: ListResult; counts: SentChoiceCounts; map?: ListMapConfig }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  // The choice shows at once; the cards follow when the server's page arrives.
  const [shown, showChoice] = useOptimistic(params);
  const go = (query: string) =>
    startTransition(() => {
      showChoice(parseListParams(new URLSearchParams(query)));
      router.push(`${shared.path}${query}`, { scroll: false });
    });
  // Keyed by the steps of the params the server counted for, not the optimistic ones shown meanwhile.
  const received = useMemo(() => receivedChoiceCounts(counts, shared.goal, params), [counts, shared.goal, params]);
  return <ListingControls {...shared} params={shown} result={result} counts={received} busy={busy} go={go} map={map} />;
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
  any,
  options,
  counts,
  onChoose,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  any: string;
  options: [string | number, string][];
  counts: Record<string, number>;
  onChoose: (value: string) => void;
}) {
  const t = useTranslations('list');
  const chosen = String(value ?? '');
  return (
    <label>
      <span>{label}</span>
      <select name={name} value={chosen} onChange={(event) => onChoose(event.target.value)}>
        <option value="">{t('choiceCount', { label: any, count: counts[''] ?? 0 })}</option>
        {options.map(([option, text]) => {
          const count = counts[String(option)] ?? 0;
          return (
            <option key={option} value={option} disabled={count === 0 && String(option) !== chosen}>
              {t('choiceCount', { label: text, count })}
            </option>
          );
        })}
      </select>
    </label>
  );
}

export function ListingControls({
  goal,
  path,
  choices,
  cards,
  params,
  result,
  counts,
  busy,
  go,
  map,
  pinSource,
}: Shared & { params: ListParams; result: ListResult; counts: ChoiceCounts; busy: boolean; go: (query: string) => void; map?: ListMapConfig; pinSource?: PinSource }) {
  const t = useTranslations('list');
  const format = useFormatter();
  const euros = (value: number) => format.number(value, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const figures = figureChoices(goal, params);
  const priceOptions = figures.minPrice.map((price): [number, string] => [price, euros(price)]);
  // A choice made before hydration would be lost: the filters say when they answer.
  const hydrated = useHydrated();
  const { towns, types } = choices[params.status];

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

  const statusLabel = (status: ListStatus) => {
    const { count } = choices[status];
    if (status === 'on-offer') return t('onOffer', { count });
    return goal === 'sale' ? t('soldReferences', { count }) : t('rentedReferences', { count });
  };

  // Plain links, so that crawlers and visitors without JavaScript reach the references too.
  const statusHref = (status: ListStatus) => `${path}${listQueryString({ status, sort: params.sort, page: 1 })}`;
  const showStatus = (status: ListStatus) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(listQueryString({ status, sort: params.sort, page: 1 }));
  };

  return (
    <>
      <nav aria-label={t('statuses')} className={styles.statuses}>
        <ul>
          {listStatuses
            .filter((status) => status === 'on-offer' || status === params.status || choices[status].count > 0)
            .map((status) => (
              <li key={status}>
                <a href={statusHref(status)} onClick={showStatus(status)} aria-current={params.status === status ? 'page' : undefined}>
                  {statusLabel(status)}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <form className={styles.filters} method="get" onSubmit={onSubmit} aria-label={t('filters')} data-ready={hydrated || undefined}>
        {params.status === 'references' ? <input type="hidden" name="status" value={params.status} /> : null}
        {params.bbox ? <input type="hidden" name="bbox" value={bboxText(params.bbox)} /> : null}
        <CountedSelect
          label={t('town')}
          name="city"
          value={params.city}
          any={t('allTowns')}
          options={towns.filter((town) => town.listed || town.value === params.city).map((town) => [town.value, town.label])}
          counts={counts.city}
          onChoose={(value) => navigate({ city: value || undefined })}
        />
        <CountedSelect
          label={t('type')}
          name="type"
          value={params.type}
          any={t('allTypes')}
          options={types.filter((type) => type.listed || type.value === String(params.type)).map((type) => [type.value, type.label])}
          counts={counts.type}
          onChoose={(value) => navigate({ type: Number(value) || undefined })}
        />
        <CountedSelect label={t('minPrice')} name="min-price" value={params.minPrice} any={t('any')} options={priceOptions} counts={counts.minPrice} onChoose={(value) => navigate({ minPrice: boundOf(value) })} />
        <CountedSelect label={t('maxPrice')} name="max-price" value={params.maxPrice} any={t('any')} options={priceOptions} counts={counts.maxPrice} onChoose={(value) => navigate({ maxPrice: boundOf(value) })} />
        <CountedSelect
          label={t('bedrooms')}
          name="bedrooms"
          value={params.bedrooms}
          any={t('any')}
          options={figures.bedrooms.map((count) => [count, t('bedroomsAtLeast', { count })])}
          counts={counts.bedrooms}
          onChoose={(value) => navigate({ bedrooms: boundOf(value) })}
        />
        <CountedSelect
          label={t('surface')}
          name="surface"
          value={params.surface}
          any={t('any')}
          options={figures.surface.map((surface) => [surface, t('surfaceAtLeast', { surface })])}
          counts={counts.surface}
          onChoose={(value) => navigate({ surface: boundOf(value) })}
        />
        <CountedSelect
          label={t('epc')}
          name="epc"
          value={params.epc}
          any={t('any')}
          options={epcLetters.map((letter) => [letter, letter === 'a' ? 'A' : t('epcAtMost', { label: letter.toUpperCase() })])}
          counts={counts.epc}
          onChoose={(value) => navigate({ epc: epcLetters.find((letter) => letter === value) })}
        />
        <label>
          <span>{t('sort')}</span>
          <select name="sort" value={params.sort} onChange={(event) => navigate({ sort: sortOf(event.target.value) })}>
            {listSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(sortKeys[sort])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('apply')}</button>
        {filtered ? (
          <button type="button" className={styles.reset} onClick={() => go(listQueryString({ status: params.status }))}>
            {t('reset')}
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
      <ListingResults path={path} result={result} params={params} cards={cards} busy={busy} onPage={(query) => go(query)} />
    </>
  );
}

export const ServerListingBrowser = withIslandIntl(ServerListingBrowserView);

