import { SiteImage } from '@/components/ui/site-image';
import type { ReactNode } from 'react';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { logoutAction } from '@/lib/auth/actions';
import type { Listing, Owner } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatDate, formatPhone, phoneHref } from '@/lib/format';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import type { AgendaSource, ListingReport } from '@/lib/stats/portal-report';
import { VisitsChart } from './visits-chart';
import styles from './owner.module.css';

type T = Awaited<ReturnType<typeof getTranslations<'portal'>>>;

const statusKey = { 'on-offer': 'statusAvailable', 'under-option': 'statusOption', sold: 'statusSold', rented: 'statusRented' } as const;

function statusOf({ state }: Listing, t: T): string {
  return t(statusKey[state]);
}

/** A date (and time) that stays on one line: a wrapped 'dd-mm-yyyy hh:mm' is hard to read. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className={styles.date}>
      {`${formatDate(iso.slice(0, 10))}${iso.length > 10 ? ` ${iso.slice(11, 16)}` : ''}`}
    </time>
  );
}

/** A detail the visitor did not agree to share with the owner. */
function Withheld({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

async function OwnerBar({ owner, language }: { owner: Owner; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <div className={styles.bar}>
      <p>{t('welcome', { name: `${owner.FirstName} ${owner.LastName}` })}</p>
      <form action={logoutAction.bind(null, language)}>
        <button type="submit" className={styles.linkButton}>
          {t('logOut')}
        </button>
      </form>
    </div>
  );
}

/** Said when the agency's agenda did not answer: the figures shown are the last ones the site holds. */
function AgendaNote({ source, t }: { source: AgendaSource; t: T }) {
  if (source !== 'unavailable') return null;
  return (
    <p className={styles.privacy} role="status" data-testid="agenda-unavailable">
      {t('agendaUnavailable')}
    </p>
  );
}

/** The owner's listings, each with its picture, status and visits. */
export async function PortalHome({ owner, listings, source, language }: { owner: Owner; listings: { property: Listing; totalVisits: number }[]; source: AgendaSource; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  const format = await getTranslations({ locale: language, namespace: 'format' });
  return (
    <div className={styles.portal}>
      <OwnerBar owner={owner} language={language} />
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <AgendaNote source={source} t={t} />
      {listings.length === 0 ? <p>{t('noListings')}</p> : null}
      <ul className={styles.listings}>
        {listings.map(({ property, totalVisits }) => (
          <li key={property.id} className={styles.listing}>
            {property.picture ? (
              <SiteImage src={pictureSrc(property.picture.url)} alt="" width={property.picture.width} height={property.picture.height} sizes="(max-width: 766px) 100vw, 240px" />
            ) : null}
            <div>
              <h2>
                <SiteLink href={href({ page: 'portal-listing', id: property.id }, language)}>{property.title}</SiteLink>
              </h2>
              <p>
                {t('reference', { id: property.id })} · <span className={styles.status}>{statusOf(property, t)}</span>
              </p>
              <p>
                {format('label', { label: t('visitsTitle') })} <strong data-testid="total-visits">{totalVisits}</strong>
              </p>
              <p>
                <SiteLink href={href({ page: 'portal-listing', id: property.id }, language)}>{t('details')}</SiteLink>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One part of a listing's history as a table under its heading, or 'Nothing yet.'. Wide tables
 * become one block per row on phones, each value under its column's name (the explicit roles keep
 * them a table for assistive technology when CSS changes their display), and scroll inside a
 * region that takes the keyboard focus where they still do not fit.
 */
function ReportTable({ id, title, columns, rows, empty, scroll = false }: { id: string; title: string; columns: string[]; rows: ReactNode[][]; empty: string; scroll?: boolean }) {
  const table = (
    <table className={`${styles.table} ${scroll ? styles.stacked : ''}`} role="table">
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((cells, row) => (
          <tr key={row} role="row">
            {cells.map((cell, column) => (
              <td key={column} role="cell" data-label={columns[column]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    // A scrolling table's region carries the name: the section is not a second landmark of that name (axe landmark-unique).
    <section aria-labelledby={scroll ? undefined : id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : scroll ? (
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby={id}>
          {table}
        </div>
      ) : (
        table
      )}
    </section>
  );
}

/** One listing: visits, the 30-day chart, calendar, communications, online media, sources, agent. */
export async function PortalListing({ owner, report, language }: { owner: Owner; report: ListingReport; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  const forms = await getTranslations({ locale: language, namespace: 'forms.names' });
  const format = await getTranslations({ locale: language, namespace: 'format' });
  const searcher = await getTranslations({ locale: language, namespace: 'searcher' });
  const { property, visits, manager } = report;
  const figures = [
    ['visitsToday', visits.today],
    ['visitsWeek', visits.week],
    ['visitsMonth', visits.month],
    ['visitsTotal', visits.total],
  ] as const;
  const withheld = <Withheld label={t('withheld')} />;
  return (
    <div className={styles.portal}>
      <OwnerBar owner={owner} language={language} />
      <p>
        <SiteLink href={href({ page: 'portal' }, language)}>{t('backToList')}</SiteLink>
      </p>
      <h1>{property.title}</h1>
      {/* The listing as its visitors see it first; the title above names it. */}
      {property.picture ? (
        <SiteImage
          className={styles.listingPhoto}
          src={pictureSrc(property.picture.url)}
          alt=""
          width={property.picture.width}
          height={property.picture.height}
          sizes="(max-width: 766px) 100vw, 480px"
          data-testid="listing-photo"
        />
      ) : null}
      <p>
        {t('reference', { id: property.id })} · <span className={styles.status}>{statusOf(property, t)}</span> ·{' '}
        <SiteLink href={href({ page: 'property', id: property.id }, language)}>{t('viewListing')}</SiteLink>
      </p>
      <AgendaNote source={report.source} t={t} />
      <p data-testid="matching-searches">{searcher('matchCount', { count: report.matchingSearches })}</p>

      <section aria-labelledby="visits" className={styles.section}>
        <h2 id="visits">{t('visitsTitle')}</h2>
        <dl className={styles.figures}>
          {figures.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd data-testid={key}>{value}</dd>
            </div>
          ))}
        </dl>
        <VisitsChart days={visits.last30} language={language} id="visits-chart" />
      </section>

      <p className={styles.privacy}>{t('privacyNote')}</p>

      <ReportTable
        id="calendar"
        title={t('calendarTitle')}
        empty={t('nothingYet')}
        scroll
        columns={[t('date'), t('type'), t('subject'), t('status')]}
        rows={report.calendar.map((entry) => [
          <When key="date" iso={entry.date} />,
          entry.fromSite ? t('siteBooking') : t(`calendarKinds.${entry.kind}`),
          entry.fromSite ? t('aVisitor') : (entry.subject ?? withheld),
          t(`statuses.${entry.status}`),
        ])}
      />

      {report.viewingsByMonth ? (
        <ReportTable
          id="viewings"
          title={t('viewingsTitle')}
          empty={t('nothingYet')}
          columns={[t('month'), t('count')]}
          rows={report.viewingsByMonth.map((period) => [<time key="month" dateTime={period.month}>{`${period.month.slice(5, 7)}-${period.month.slice(0, 4)}`}</time>, period.count])}
        />
      ) : null}

      <ReportTable
        id="communications"
        title={t('communicationsTitle')}
        empty={t('nothingYet')}
        scroll
        columns={[t('date'), t('type'), t('contact'), t('subject'), t('comment'), t('status')]}
        rows={report.communications.map((item) => [
          <When key="date" iso={item.date} />,
          item.fromSite ? forms(item.kind) : t(`communicationKinds.${item.kind}`),
          item.contact ?? t('aVisitor'),
          item.fromSite ? t('siteRequest') : (item.subject ?? withheld),
          item.comment ?? withheld,
          t(`statuses.${item.status}`),
        ])}
      />

      <div className={styles.columns}>
        <ReportTable
          id="online-media"
          title={t('onlineMediaTitle')}
          empty={t('nothingYet')}
          columns={[t('medium'), t('since')]}
          rows={report.onlineMedia.map((medium) => [
            <a key={medium.url} href={medium.url} rel="noopener noreferrer" target="_blank">
              {medium.name}
            </a>,
            <When key="since" iso={medium.since} />,
          ])}
        />
        <ReportTable
          id="sources"
          title={t('sourcesTitle')}
          empty={t('nothingYet')}
          columns={[t('source'), t('count')]}
          rows={report.sources.map((source) => [source.fromSite ? t('ourWebsite') : source.name, source.count])}
        />
      </div>

      {manager ? (
        <section aria-labelledby="manager" className={`${styles.section} ${styles.manager}`}>
          <h2 id="manager">{t('managerTitle')}</h2>
          {manager.photo ? <SiteImage src={manager.photo} alt="" width={120} height={120} className={styles.photo} /> : null}
          <div>
            <p>
              <strong>{manager.name}</strong>
            </p>
            <p>
              {format('label', { label: t('phone') })} <a href={phoneHref(manager.directPhone)}>{formatPhone(manager.directPhone)}</a>
            </p>
            <p>
              {format('label', { label: t('mobile') })} <a href={phoneHref(manager.mobilePhone)}>{formatPhone(manager.mobilePhone)}</a>
            </p>
            <p>
              {format('label', { label: t('email') })} <a href={`mailto:${manager.email}`}>{manager.email}</a>
            </p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
