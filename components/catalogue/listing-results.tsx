import Link from 'next/link';
import type { ReactNode } from 'react';
import { listQueryString, type ListParams, type ListResult } from '@/lib/catalogue/list-query';
import styles from './listing-results.module.css';

export type ListingResultsLabels = {
  noResults: string;
  pagination: string;
  previous: string;
  next: string;
  /** "12 properties", keyed by count. */
  counts: Record<number, string>;
  /** "Page 2 of 4", keyed by "2/4". */
  pagesOf: Record<string, string>;
  /** "Page {page}", for the page links' accessible names. */
  pageNumber: string;
};

/*
 * One page of a listing list: the count, the cards and the page links. No hooks and no
 * directive, so it renders on the server (the prerendered list) and in the browser island alike.
 */
export function ListingResults({ result, params, cards, labels }: { result: ListResult; params: ListParams; cards: Record<number, ReactNode>; labels: ListingResultsLabels }) {
  const pageHref = (page: number) => listQueryString({ ...params, page }) || '?';
  return (
    <div className={styles.results}>
      <p className={styles.summary} aria-live="polite">
        {labels.counts[result.total]}
        {result.total > 0 ? ` · ${labels.pagesOf[`${result.page}/${result.pages}`]}` : null}
      </p>
      {result.total === 0 ? (
        <p className={styles.empty}>{labels.noResults}</p>
      ) : (
        <ul className={styles.grid}>
          {result.ids.map((id) => (
            <li key={id}>{cards[id]}</li>
          ))}
        </ul>
      )}
      {result.pages > 1 ? (
        <nav aria-label={labels.pagination} className={styles.pagination}>
          {result.page > 1 ? <Link href={pageHref(result.page - 1)}>{labels.previous}</Link> : null}
          <ol>
            {Array.from({ length: result.pages }, (_, index) => index + 1).map((page) => (
              <li key={page}>
                <Link href={pageHref(page)} aria-current={page === result.page ? 'page' : undefined} aria-label={labels.pageNumber.replace('{page}', String(page))}>
                  {page}
                </Link>
              </li>
            ))}
          </ol>
          {result.page < result.pages ? <Link href={pageHref(result.page + 1)}>{labels.next}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
