import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { priceText, priceTranslator } from '@/components/catalogue/property-price';
import { SiteLink } from '@/components/ui/site-link';
import { agencyPostalAddress, type Language } from '@/lib/config';
import { comparison, compareRows, type CompareRow, type CompareValue } from '@/lib/favourites/compare';
import type { CompareRequest } from '@/lib/favourites/compare-ids';
import { compareLimit } from '@/lib/favourites/compare-query';
import { formatEuro, formatNumber } from '@/lib/format';
import { pictureSrc } from '@/lib/media/picture-src';
import { href } from '@/lib/pages';
import styles from './compare.module.css';

type Translator = Awaited<ReturnType<typeof getTranslations<'compare'>>>;
type PriceTranslator = Awaited<ReturnType<typeof priceTranslator>>;

function cellText(cell: CompareValue, t: Translator, price: PriceTranslator): string {
  switch (cell.kind) {
    case 'price':
      return priceText(cell.listing, price);
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

function rowLabel(row: CompareRow, t: Translator, language: Language): string {
  return row.key === 'distance' ? t('rows.distance', { town: agencyPostalAddress(language).city }) : t(`rows.${row.key}`);
}

/**
 * Up to four listings side by side, from the URL's IDs alone (lib/favourites/compare): a row per
 * figure, a column per listing, the rows that differ marked in words as well as by their look.
 * What the URL held that is not a listing is said, as a count or as the unknown IDs (numbers only).
 */
export async function ComparePage({ request, language }: { request: CompareRequest; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'compare' });
  const price = await priceTranslator(language);
  const { listings, unknown } = comparison(request, language);
  const rows = compareRows(listings);
  return (
    <>
      <h1>{t('title')}</h1>
      {unknown.length > 0 || request.invalid > 0 || request.beyondLimit > 0 ? (
        <ul className={styles.problems} role="status">
          {unknown.length > 0 ? <li>{t('unknown', { count: unknown.length, ids: unknown.join(', ') })}</li> : null}
          {request.invalid > 0 ? <li>{t('invalid')}</li> : null}
          {request.beyondLimit > 0 ? <li>{t('beyondLimit', { limit: compareLimit })}</li> : null}
        </ul>
      ) : null}
      {listings.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          {/* Above the table rather than its caption: on a phone the caption would scroll away with the columns. */}
          <p id="compare-caption" className={styles.caption}>
            {t('caption', { count: listings.length })}
          </p>
          <div className={styles.scroller} role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className={styles.table} aria-labelledby="compare-caption">
              <thead>
                <tr>
                  <th scope="col" className={styles.corner}>
                    {t('feature')}
                  </th>
                  {listings.map((listing) => (
                    <th scope="col" key={listing.id} className={styles.listing}>
                      {listing.thumbnail ? (
                        <Image src={pictureSrc(listing.thumbnail.url)} width={listing.thumbnail.width} height={listing.thumbnail.height} alt="" sizes="160px" className={styles.thumb} />
                      ) : null}
                      <SiteLink href={href({ page: 'property', id: listing.id }, language)}>{listing.title}</SiteLink>
                      <span className={styles.reference}>{listing.id}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className={row.differs ? styles.differs : undefined} data-row={row.key} data-differs={row.differs ? '' : undefined}>
                    <th scope="row" className={styles.feature}>
                      {rowLabel(row, t, language)}
                      {row.differs ? <span className={styles.marker}>≠ {t('differs')}</span> : null}
                    </th>
                    {row.cells.map((cell, index) => (
                      <td key={listings[index]?.id ?? index}>{cell ? cellText(cell, t, price) : <span className={styles.notGiven}>{t('notGiven')}</span>}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <SiteLink href={href({ page: 'favourites' }, language)}>{t('toFavourites')}</SiteLink>
      </p>
    </>
  );
}
