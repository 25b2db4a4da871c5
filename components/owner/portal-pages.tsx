import Image from 'next/image';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { logoutAction } from '@/lib/auth/actions';
import type { Owner, Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatDate, formatPhone, phoneHref } from '@/lib/format';
import { href } from '@/lib/i18n';
import { pictureSrc } from '@/lib/media/picture-src';
import type { ListingReport } from '@/lib/stats/portal-report';
import { VisitsChart } from './visits-chart';
import styles from './owner.module.css';

type T = Awaited<ReturnType<typeof getTranslations<'portal'>>>;

function statusOf(property: Property, t: T): string {
  return property.Status === 2 ? t('statusSold') : property.Status === 4 ? t('statusRented') : t('statusAvailable');
}

const dateTime = (iso: string) => `${formatDate(iso.slice(0, 10))}${iso.length > 10 ? ` ${iso.slice(11, 16)}` : ''}`;

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

/** The owner's listings, each with its picture, status and visits. */
export async function PortalHome({ owner, listings, language }: { owner: Owner; listings: { property: Property; totalVisits: number }[]; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <div className={styles.portal}>
      <OwnerBar owner={owner} language={language} />
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {listings.length === 0 ? <p>{t('noListings')}</p> : null}
      <ul className={styles.listings}>
        {listings.map(({ property, totalVisits }) => (
          <li key={property.ID} className={styles.listing}>
            {property.XLargePictureItem ? (
              <Image src={pictureSrc(property.XLargePictureItem.Url)} alt="" width={property.XLargePictureItem.Width} height={property.XLargePictureItem.Height} sizes="(max-width: 766px) 100vw, 240px" />
            ) : null}
            <div>
              <h2>
                <Link href={href({ page: 'portal-listing', id: property.ID }, language)}>
                  {property.TypeDescription} – {property.City}
                </Link>
              </h2>
              <p>
                {t('reference', { id: property.ID })} · <span className={styles.status}>{statusOf(property, t)}</span>
              </p>
              <p>
                {t('visitsTitle')}: <strong data-testid="total-visits">{totalVisits}</strong>
              </p>
              <p>
                <Link href={href({ page: 'portal-listing', id: property.ID }, language)}>{t('details')}</Link>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Empty({ t }: { t: T }) {
  return <p>{t('nothingYet')}</p>;
}

/** One listing: visits, the 30-day chart, calendar, communications, online media, sources, agent. */
export async function PortalListing({ owner, report, language }: { owner: Owner; report: ListingReport; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  const forms = await getTranslations({ locale: language, namespace: 'forms.names' });
  const { property, visits, manager } = report;
  const figures = [
    ['visitsToday', visits.today],
    ['visitsWeek', visits.week],
    ['visitsMonth', visits.month],
    ['visitsTotal', visits.total],
  ] as const;
  const typeOf = (type: string) => (type === 'site-booking' ? t('siteBooking') : forms.has(type as 'contact-me') ? forms(type as 'contact-me') : type);
  return (
    <div className={styles.portal}>
      <OwnerBar owner={owner} language={language} />
      <p>
        <Link href={href({ page: 'portal' }, language)}>{t('backToList')}</Link>
      </p>
      <h1>
        {property.TypeDescription} – {property.City}
      </h1>
      <p>
        {t('reference', { id: property.ID })} · <span className={styles.status}>{statusOf(property, t)}</span> ·{' '}
        <Link href={href({ page: 'property', id: property.ID }, language)}>{t('viewListing')}</Link>
      </p>

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

      <section aria-labelledby="calendar" className={styles.section}>
        <h2 id="calendar">{t('calendarTitle')}</h2>
        {report.calendar.length === 0 ? (
          <Empty t={t} />
        ) : (
          // A wide table scrolls on a phone: the region takes the keyboard focus to scroll it.
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="calendar">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('type')}</th>
                  <th scope="col">{t('subject')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {report.calendar.map((entry, index) => (
                  <tr key={`${entry.date}-${index}`}>
                    <td>{dateTime(entry.date)}</td>
                    <td>{typeOf(entry.type)}</td>
                    <td>{entry.subject}</td>
                    <td>{entry.fromSite && entry.status === 'confirmed' ? t('bookingConfirmed') : entry.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="communications" className={styles.section}>
        <h2 id="communications">{t('communicationsTitle')}</h2>
        {report.communications.length === 0 ? (
          <Empty t={t} />
        ) : (
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="communications">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('type')}</th>
                  <th scope="col">{t('contact')}</th>
                  <th scope="col">{t('subject')}</th>
                  <th scope="col">{t('comment')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {report.communications.map((item, index) => (
                  <tr key={`${item.date}-${index}`}>
                    <td>{dateTime(item.date)}</td>
                    <td>{typeOf(item.type)}</td>
                    <td>{item.contact}</td>
                    <td>{item.subject === 'site-request' ? t('siteRequest') : item.subject}</td>
                    <td>{item.comment}</td>
                    <td>{item.fromSite ? t('received') : item.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="online-media" className={styles.section}>
          <h2 id="online-media">{t('onlineMediaTitle')}</h2>
          {report.onlineMedia.length === 0 ? (
            <Empty t={t} />
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('medium')}</th>
                  <th scope="col">{t('since')}</th>
                </tr>
              </thead>
              <tbody>
                {report.onlineMedia.map((medium) => (
                  <tr key={medium.url}>
                    <td>
                      <a href={medium.url} rel="noopener noreferrer" target="_blank">
                        {medium.name}
                      </a>
                    </td>
                    <td>{formatDate(medium.since)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="sources" className={styles.section}>
          <h2 id="sources">{t('sourcesTitle')}</h2>
          {report.sources.length === 0 ? (
            <Empty t={t} />
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('source')}</th>
                  <th scope="col">{t('count')}</th>
                </tr>
              </thead>
              <tbody>
                {report.sources.map((source) => (
                  <tr key={source.name}>
                    <td>{source.fromSite ? t('ourWebsite') : source.name}</td>
                    <td>{source.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      {manager ? (
        <section aria-labelledby="manager" className={`${styles.section} ${styles.manager}`}>
          <h2 id="manager">{t('managerTitle')}</h2>
          {manager.photo ? <Image src={manager.photo} alt="" width={120} height={120} className={styles.photo} /> : null}
          <div>
            <p>
              <strong>{manager.name}</strong>
            </p>
            <p>
              {t('phone')}: <a href={phoneHref(manager.directPhone)}>{formatPhone(manager.directPhone)}</a>
            </p>
            <p>
              {t('mobile')}: <a href={phoneHref(manager.mobilePhone)}>{formatPhone(manager.mobilePhone)}</a>
            </p>
            <p>
              {t('email')}: <a href={`mailto:${manager.email}`}>{manager.email}</a>
            </p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
