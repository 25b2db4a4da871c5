import type { MouseEvent, ReactNode } from 'react';
import type { ListLabels } from './list-labels';
import { listQueryString, pageWindow, type ListParams, type ListResult } from '@/lib/catalogue/list-params';
import listStyles from './property-list.module.css';
import styles from './listing-results.module.css';

/*
 * One page of a listing list: the count, the cards and the page links, with the texts formatted
 * where the list was counted (lib/catalogue/list-form.ts). Part of the ListingBrowser island,
 * server-rendered with it.
 */
export function ListingResults({
  path,
  result,
  params,
  cards,
  summary,
  labels,
  busy = false,
  onPage,
}: {
  /** The list's own path, e.g. /nl/te-koop/: page links are absolute so that crawlers follow them. */
  path: string;
  result: ListResult;
  params: ListParams;
  cards: Record<number, ReactNode>;
  /** "12 properties · Page 1 of 2", or that nothing was found. */
  summary: string;
  labels: Pick<ListLabels, 'pagination' | 'previous' | 'next' | 'page'>;
  /** The next page is on its way from the server: the cards shown are the previous choice's. */
  busy?: boolean;
  /** In the browser island: change page in place instead of loading the server-rendered page. */
  onPage?: (query: string) => void;
}) {
  const pageHref = (page: number) => `${path}${listQueryString({ ...params, page })}`;
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPage || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(listQueryString({ ...params, page }));
    event.currentTarget.closest('div')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className={styles.results} aria-busy={busy || undefined}>
      {/* An empty result says so once, in the live region, rather than "No properties" above it. */}
      <p className={result.total === 0 ? styles.empty : styles.summary} aria-live="polite">
        {summary}
      </p>
      {result.total === 0 ? null : (
        <ul className={listStyles.list}>
          {result.ids.map((id) => (
            <li key={id}>{cards[id]}</li>
          ))}
        </ul>
      )}
      {result.pages > 1 ? (
        <nav aria-label={labels.pagination} className={styles.pagination}>
          {result.page > 1 ? (
            <a href={pageHref(result.page - 1)} onClick={follow(result.page - 1)}>
              {labels.previous}
            </a>
          ) : null}
          <ol>
            {pageWindow(result.page, result.pages).map((page, index) =>
              page === null ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  <a href={pageHref(page)} onClick={follow(page)} aria-current={page === result.page ? 'page' : undefined} aria-label={labels.page.replace('{page}', String(page))}>
                    {page}
                  </a>
                </li>
              ),
            )}
          </ol>
          {result.page < result.pages ? (
            <a href={pageHref(result.page + 1)} onClick={follow(result.page + 1)}>
              {labels.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
