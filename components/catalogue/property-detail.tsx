import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { getProject, type Listing } from '@/lib/catalogue';
import { getSimilarListings } from '@/lib/catalogue/similar';
import type { Language } from '@/lib/config';
import { formatNumber, formatPhone, phoneHref, townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { absoluteUrl } from '@/lib/seo/origin';
import { recognizeVideo } from '@/lib/media/video';
import { documentLinkTtlDays } from '@/lib/db/retention';
import { ListingRequests } from '@/components/forms/listing-requests';
import { PurchaseCostsSection } from '@/components/catalogue/purchase-costs-section';
import { DescriptionSection } from './description-section';
import { PropertyEnergy } from './property-energy';
import { PropertyFacts } from './property-facts';
import { LazyBackToList, LazyEmbedFacade, LazyShareLinks, LazyVisitBeacon } from './catalogue-islands-lazy';
import { galleryProps } from './gallery-props';
import { LazyPropertyGallery } from './gallery-lazy';
import { PropertyList } from './property-list';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { PropertyPrice } from './property-price';
import styles from './property-sections.module.css';

const requestActions = [
  ['request-visit', 'requestVisit'],
  ['request-information', 'requestInfo'],
  ['request-documents', 'requestDocuments'],
  ['send-to-friend', 'sendToFriend'],
] as const;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function formatDistance(metres: number, t: Awaited<ReturnType<typeof getTranslations>>): string {
  return metres >= 1000 ? t('distanceKm', { distance: formatNumber(metres / 1000, 1) }) : t('distance', { distance: formatNumber(metres, 0) });
}

/** The detail page of one listing, everything the specification lists, in the page's language. */
export async function PropertyDetail({ property, language }: { property: Listing; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const forms = await getTranslations({ locale: language, namespace: 'forms.names' });
  const format = await getTranslations({ locale: language, namespace: 'format' });
  const favourites = await getTranslations({ locale: language, namespace: 'favourites' });
  // "Label:" or, in French, "Libellé :": the punctuation is the language's (messages format.label).
  const label = (text: string) => format('label', { label: text });
  const { goal, ribbon, title, street, spot, manager } = property;
  const available = property.availability === 'on-offer';
  // Also under a sold or rented listing: what is still on offer like it.
  const similar = getSimilarListings(property, language);
  const project = property.projectId ? getProject(property.projectId, language) : undefined;
  const media = [
    ...property.videos.map((url) => ({ url, video: recognizeVideo(url), label: t('video'), button: t('playVideo') })),
    ...(property.virtualTour ? [{ url: property.virtualTour, video: recognizeVideo(property.virtualTour), label: t('virtualTour'), button: t('openTour') }] : []),
  ].filter((item) => item.video !== undefined);
  const mapUrl = spot
    ? `https://www.openstreetmap.org/?mlat=${spot.latitude}&mlon=${spot.longitude}#map=16/${spot.latitude}/${spot.longitude}`
    : `https://www.openstreetmap.org/search?query=${encodeURIComponent(townLine(property.town))}`;

  const place = `${street ? `${street.street}${street.box ? ` ${t('boxNumber', { box: street.box })}` : ''}, ` : ''}${townLine(property.town)}`;

  return (
    <article>
      <p className={styles.back}>
        <LazyBackToList goal={goal} href={href({ page: goal === 'sale' ? 'for-sale' : 'for-rent' }, language)} label={t('backToList')} />
      </p>
      <h1 className={styles.title}>{title}</h1>
      {/*
       * The photos and the text on the left, a box with the price and the ways to reach the agent on
       * the right, which stays in sight while the page scrolls (CSS sticky, no script). On a phone
       * the box comes right under the photos: price and contact links on the first screen.
       */}
      <div className={styles.layout}>
        <div className={styles.photos}>
          {property.pictures.length > 0 ? <LazyPropertyGallery {...await galleryProps(property.pictures, title, language)} /> : <p className={styles.notice}>{t('noPhoto')}</p>}
        </div>
        <section className={styles.box} aria-label={t('contactBox')}>
          {ribbon?.kind === 'sold' || ribbon?.kind === 'rented' ? (
            <p className={styles.status} role="status">
              {t(ribbon.kind)}
            </p>
          ) : ribbon?.kind === 'marquee' ? (
            <p className={styles.status}>{ribbon.text}</p>
          ) : null}
          <p className={styles.price}>
            <PropertyPrice property={property} />
          </p>
          <p className={styles.boxPlace}>{townLine(property.town)}</p>
          {available ? (
            <nav aria-label={t('requestActions')}>
              <ul className={styles.actions}>
                {requestActions.map(([anchor, label]) => (
                  <li key={anchor}>
                    <a href={`#${anchor}`}>{t(label)}</a>
                  </li>
                ))}
                <li>{goal === 'sale' ? <a href="#make-offer">{forms('purchase-offer')}</a> : <a href="#apply-to-rent">{forms('rental-application')}</a>}</li>
              </ul>
            </nav>
          ) : null}
          <p className={styles.boxAgent}>
            {label(t('contactPerson'))} {manager.name}
            <br />
            <a href="#contact">{t('contactAgent')}</a>
          </p>
        </section>
        <div className={styles.body}>
          <ul className={styles.meta}>
            <li>{t('reference', { id: property.id })}</li>
            <li>{place}</li>
          </ul>
          <FavouriteButton id={property.id} label={favourites('save')} showLabel />
          <LazyShareLinks
            url={absoluteUrl(href({ page: 'property', id: property.id }, language))}
            title={title}
            texts={{ heading: t('share'), mail: t('shareByMail'), copy: t('copyLink'), copied: t('linkCopied'), copyFailed: t('copyFailed'), more: t('shareMore') }}
          />
          {project ? (
            <p>
              {t.rich('partOfProject', {
                name: project.name,
                project: (chunks) => <SiteLink href={href({ page: 'project', id: project.id }, language)}>{chunks}</SiteLink>,
              })}
            </p>
          ) : null}

          <DescriptionSection id="description" heading={t('description')} html={property.description} />

          <PropertyFacts property={property} language={language} />
          <PropertyEnergy property={property} language={language} />
          <PurchaseCostsSection listing={property} language={language} />

          {media.length > 0 ? (
            <section className={styles.section} aria-labelledby="media">
              <h2 id="media">{t('media')}</h2>
              {media.map(({ url, video, label, button }) =>
                video ? (
                  <div key={url} className={styles.section}>
                    <h3>{label}</h3>
                    <LazyEmbedFacade
                      embedUrl={video.embedUrl}
                      url={url}
                      mimeType={video.kind === 'file' ? video.mimeType : undefined}
                      title={`${label} – ${title}`}
                      buttonLabel={button}
                      notice={t('externalNotice', { host: hostOf(video.embedUrl) })}
                    />
                  </div>
                ) : null,
              )}
            </section>
          ) : null}

          <section className={styles.section} aria-labelledby="documents">
            <h2 id="documents">{t('documents')}</h2>
            {/* Names only: the files are private and reach a visitor as signed links in the e-mail the request form sends. */}
            {property.documents.length > 0 ? (
              <>
                <ul className={styles.list}>
                  {property.documents.map((document) => (
                    <li key={document.id}>{document.name}</li>
                  ))}
                </ul>
                {available ? (
                  <p>
                    {t('documentsOnRequest', { days: documentLinkTtlDays })} <a href="#request-documents">{t('requestDocuments')}</a>
                  </p>
                ) : null}
              </>
            ) : (
              <p>{t('noDocuments')}</p>
            )}
          </section>

          {property.pointsOfInterest.length > 0 ? (
            <section className={styles.section} aria-labelledby="nearby">
              <h2 id="nearby">{t('pointsOfInterest')}</h2>
              <dl className={styles.rows}>
                {property.pointsOfInterest.map((point) => (
                  <div key={`${point.category}-${point.name}`}>
                    <dt>
                      {label(point.category)} {point.name}
                    </dt>
                    <dd>{formatDistance(point.distance, t)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {property.mobility ? (
            <section className={styles.section} aria-labelledby="mobility">
              <h2 id="mobility">
                {label(t('mobility'))} {t('mobilityValue', { score: formatNumber(property.mobility.score, 1) })}
              </h2>
              <dl className={styles.rows}>
                {property.mobility.categories.map((category) => (
                  <div key={category.name}>
                    <dt>{category.name}</dt>
                    <dd>{t('mobilityValue', { score: formatNumber(category.score, 1) })}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {similar.length > 0 ? (
            <section className={styles.section} aria-labelledby="similar">
              <h2 id="similar">{t('similar')}</h2>
              <PropertyList properties={similar} language={language} />
            </section>
          ) : null}

          {/* Its place in words (no map is drawn without a tile source, see lib/map), and a map elsewhere for who wants one. */}
          <section className={styles.section} aria-labelledby="location">
            <h2 id="location">{t('location')}</h2>
            <p className={styles.place}>{place}</p>
            <p>
              <a href={mapUrl} rel="noopener noreferrer" target="_blank">
                {spot ? t('viewOnMap') : t('viewTownOnMap', { town: property.town.name })}
              </a>
            </p>
          </section>

          <section className={`${styles.section} ${styles.contact}`} aria-labelledby="contact">
            <h2 id="contact">{available ? t('interested') : t('contactPerson')}</h2>
            {available ? <p>{t('interestedText', { name: manager.name })}</p> : null}
            <address>
              <p>
                <strong>{manager.name}</strong>
              </p>
              {manager.directPhone ? (
                <p>
                  {label(t('phone'))} <a href={phoneHref(manager.directPhone)}>{formatPhone(manager.directPhone)}</a>
                </p>
              ) : null}
              {manager.mobilePhone ? (
                <p>
                  {label(t('mobile'))} <a href={phoneHref(manager.mobilePhone)}>{formatPhone(manager.mobilePhone)}</a>
                </p>
              ) : null}
              <p>
                {label(t('email'))} <a href={`mailto:${manager.email}`}>{manager.email}</a>
              </p>
            </address>
            {available ? <ListingRequests property={property} language={language} /> : null}
          </section>
        </div>
      </div>
      <LazyVisitBeacon propertyId={property.id} />
    </article>
  );
}
