import type { ReactNode } from 'react';
import type { ListingState } from '@/lib/catalogue/listing-view';
import { SiteLink } from '@/components/ui/site-link';
import { compareRowsOf, type CompareColumn, type CompareRow, type CompareRowKey, type CompareValue } from '@/lib/favourites/compare-rows';
import { compareLimit } from '@/lib/pages/compare-query';
import { formatEuro, formatNumber, listingPrice } from '@/lib/format';
import styles from './compare.module.css';

/*
 * The comparison as a visitor sees it, with no hooks and no server-only import: the server's page
 * (compare-page.tsx) renders it from the catalogue, the static export's island (export-compare.tsx)
 * from the files the export saved. One markup and one set of texts for both.
 */

type CompareMessage =
  'unknown' | 'invalid' | 'beyondLimit' | 'empty' | 'caption' | 'feature' | 'differs' | 'notGiven' | 'toFavourites' | 'energy' | 'km' | `rows.${CompareRowKey}` | `states.${ListingState}`;

/** The `compare` messages, as next-intl's server or client translator gives them. */
export type CompareTranslate = (key: CompareMessage, values?: Record<string, string | number>) => string;
/** The `property` price words (listingPrice). */
type PriceWords = Parameters<typeof listingPrice>[1];

type Problems = { unknown: readonly number[]; invalid: number; beyondLimit: number };

export type CompareViewProps = {
  columns: readonly CompareColumn[];
  problems: Problems;
  t: CompareTranslate;
  priceWords: PriceWords;
  /** The office's town, named in the distance row. */
  officeTown: string;
  favouritesHref: string;
  /** The listing's thumbnail as this deployment serves pictures. */
  thumbnail: (column: CompareColumn) => ReactNode;
};

function cellText(cell: CompareValue, t: CompareTranslate, priceWords: PriceWords): string {
  switch (cell.kind) {
    case 'price':
      return listingPrice(cell.price, priceWords);
    case 'euro':
      return formatEuro(cell.amount);
    case 'area':
      return `${formatNumber(cell.m2)} m²`;
    case 'count':
      return formatNumber(cell.count);
    case 'year':
      return String(cell.year);
    case 'energy':
      return t('energy', { kwh: formatNumber(cell.kwh) });
    case 'distance':
      return t('km', { km: formatNumber(cell.km, 1) });
    case 'text':
      return cell.text;
    case 'state':
      return t(`states.${cell.state}`);
  }
}

const rowLabel = (row: CompareRow, t: CompareTranslate, officeTown: string) => (row.key === 'distance' ? t('rows.distance', { town: officeTown }) : t(`rows.${row.key}`));

/**
 * Up to four listings side by side: a row per figure, a column per listing, the rows that differ
 * marked in words as well as by their look. What the URL held that is not a listing is said, as a
 * count or as the unknown IDs (numbers only).
 */
export function CompareView({ columns, problems, t, priceWords, officeTown, favouritesHref, thumbnail }: CompareViewProps) {
  const rows = compareRowsOf(columns.map((column) => column.cells));
  const { unknown, invalid, beyondLimit } = problems;
  return (
    <>
      {unknown.length > 0 || invalid > 0 || beyondLimit > 0 ? (
        <ul className={styles.problems} role="status">
          {unknown.length > 0 ? <li>{t('unknown', { count: unknown.length, ids: unknown.join(', ') })}</li> : null}
          {invalid > 0 ? <li>{t('invalid')}</li> : null}
          {beyondLimit > 0 ? <li>{t('beyondLimit', { limit: compareLimit })}</li> : null}
        </ul>
      ) : null}
      {columns.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          {/* Above the table rather than its caption: on a phone the caption would scroll away with the columns. */}
          <p id="compare-caption" className={styles.caption}>
            {t('caption', { count: columns.length })}
          </p>
          <div className={styles.scroller} role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className={styles.table} aria-labelledby="compare-caption">
              <thead>
                <tr>
                  <th scope="col" className={styles.corner}>
                    {t('feature')}
                  </th>
                  {columns.map((column) => (
                    <th scope="col" key={column.id} className={styles.listing}>
                      {column.thumbnail ? thumbnail(column) : null}
                      <SiteLink href={column.href}>{column.title}</SiteLink>
                      <span className={styles.reference}>{column.id}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className={row.differs ? styles.differs : undefined} data-row={row.key} data-differs={row.differs ? '' : undefined}>
                    <th scope="row" className={styles.feature}>
                      {rowLabel(row, t, officeTown)}
                      {row.differs ? <span className={styles.marker}>≠ {t('differs')}</span> : null}
                    </th>
                    {row.cells.map((cell, index) => (
                      <td key={columns[index]?.id ?? index}>{cell ? cellText(cell, t, priceWords) : <span className={styles.notGiven}>{t('notGiven')}</span>}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <SiteLink href={favouritesHref}>{t('toFavourites')}</SiteLink>
      </p>
    </>
  );
}

/** The thumbnail's class, for the deployments' own picture elements. */
export const thumbnailClass = styles.thumb;
