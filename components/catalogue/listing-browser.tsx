'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { applyListParams, canonicalListParams, listQueryString, listSorts, listStatuses, parseListParams, type ListItem, type ListParams, type ListSort, type ListStatus, type TownChoice } from '@/lib/catalogue/list-query';
import type { Goal } from '@/lib/catalogue';
import { rememberListQuery } from '@/lib/catalogue/list-return';
import { followInLanguageLinks } from '@/components/layout/language-links';
import { ListingResults } from './listing-results';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './listing-browser.module.css';

const sortKeys = { newest: 'sortNewest', 'price-asc': 'sortPriceAsc', 'price-desc': 'sortPriceDesc' } as const satisfies Record<ListSort, string>;

/** A filter choice; one that is not `listed` (nothing on offer) shows only while it is the one asked for. */
type Option = { value: string; label: string; listed: boolean };
/** The town and type choices of a status, counted within it (every known town and type, `listed` when it has listings). */
type StatusChoices = Record<ListStatus, { towns: (Option & TownChoice)[]; types: Option[]; count: number }>;

type Props = {
  goal: Goal;
  /** The list's own path (/nl/te-koop/): the page may be served from an internal route. */
  path: string;
  /** The list's state as the server rendered it (from the request's query, or the defaults). */
  initialParams: ListParams;
  items: ListItem[];
  cards: Record<number, ReactNode>;
  choices: StatusChoices;
};

/*
 * Filters, sort and paging of a list. The server renders it with the request's query (see
 * app/[lang]/list-results), so it works without JavaScript; in the browser, changes apply in
 * place and the address bar follows through the history API (no server round trip).
 */
export function ListingBrowser({ goal, path, initialParams, items, cards, choices }: Props) {
  const t = useTranslations('list');
  // Both statuses list every known town and type: either one canonicalises.
  const known = choices['on-offer'];
  const typeIds = useMemo(() => known.types.map((type) => Number(type.value)), [known]);
  // "mons|7000" or "mons" selects Mons; a town or type the list does not know is ignored.
  const canonical = useCallback((next: ListParams) => canonicalListParams(next, known.towns, typeIds), [known, typeIds]);
  const [params, setParams] = useState(() => canonical(initialParams));
  // A choice made before hydration would be lost: the filters say when they answer.
  const hydrated = useHydrated();
  const { towns, types } = choices[params.status];
  const result = useMemo(() => applyListParams(items, params), [items, params]);

  // The language switcher and the detail pages' "back to the list" link follow the filters.
  useEffect(() => {
    const query = listQueryString(params);
    rememberListQuery(goal, query);
    followInLanguageLinks(query);
  }, [goal, params]);

  useEffect(() => {
    const follow = () => setParams(canonical(parseListParams(new URLSearchParams(window.location.search))));
    // A static host serves the plain list whatever the query (npm run export): the query the
    // server would have applied is applied here. On the server build this changes nothing.
    if (window.location.search) follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [canonical]);

  const go = (query: string) => {
    window.history.pushState(null, '', `${path}${query}`);
    setParams(canonical(parseListParams(new URLSearchParams(query))));
  };
  const navigate = (next: Partial<ListParams>) => go(listQueryString({ ...params, ...next, page: 1 }));
  // Without JavaScript the form is a plain GET to the same page; with it, the URL updates in place.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = Number(form.get('type'));
    navigate({ city: String(form.get('city') || '') || undefined, type: type > 0 ? type : undefined, sort: (form.get('sort') as ListSort) || 'newest' });
  };

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
        <label>
          <span>{t('town')}</span>
          <select name="city" value={params.city ?? ''} onChange={(event) => navigate({ city: event.target.value || undefined })}>
            <option value="">{t('allTowns')}</option>
            {towns
              .filter((town) => town.listed || town.value === params.city)
              .map((town) => (
                <option key={town.value} value={town.value}>
                  {town.label}
                </option>
              ))}
          </select>
        </label>
        <label>
          <span>{t('type')}</span>
          <select name="type" value={params.type ?? ''} onChange={(event) => navigate({ type: Number(event.target.value) || undefined })}>
            <option value="">{t('allTypes')}</option>
            {types
              .filter((type) => type.listed || type.value === String(params.type))
              .map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
          </select>
        </label>
        <label>
          <span>{t('sort')}</span>
          <select name="sort" value={params.sort} onChange={(event) => navigate({ sort: event.target.value as ListSort })}>
            {listSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(sortKeys[sort])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('apply')}</button>
        {params.city || params.type ? (
          <button type="button" className={styles.reset} onClick={() => go(listQueryString({ status: params.status }))}>
            {t('reset')}
          </button>
        ) : null}
      </form>
      <ListingResults path={path} result={result} params={params} cards={cards} onPage={(query) => go(query)} />
    </>
  );
}
