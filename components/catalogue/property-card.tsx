import { getTranslations } from 'next-intl/server';
import type { ListingSummary } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatDate, formatNumber, textTeaser, townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { CatalogueCard } from './catalogue-card';
import { PropertyPrice } from './property-price';
import styles from './property-card.module.css';

/** Living area, else total or ground surface (land): the one surface a card has room for. */
function keySurface(listing: ListingSummary): number | undefined {
  return listing.surfaces.living ?? listing.surfaces.total ?? listing.surfaces.ground;
}

type PropertyCardProps = {
  property: ListingSummary;
  language: Language;
  /** A card above the fold: its picture loads with the page and React preloads it in the head. */
  eager?: boolean;
  /**
   * The card whose picture is the page's LCP element: fetched before the other eager ones, which
   * would otherwise share the bandwidth with it. Defaults to `eager`.
   */
  highPriority?: boolean;
  /** A list's cards are h2 under its h1 (axe heading-order, issue 39); elsewhere under a section's h2. */
  heading?: 'h2' | 'h3';
};

/** A listing in a list: picture, ribbon, type, town, price, the 250-character teaser (spec §9) and key figures, linking to its page. */
export async function PropertyCard({ property, language, eager = false, highPriority = eager, heading = 'h3' }: PropertyCardProps) {
  const t = await getTranslations({ locale: language });
  const surface = keySurface(property);
  // A sold or rented reference says so, whatever ribbon the CRM left on it.
  const { ribbon } = property;
  const ribbonText = ribbon === undefined ? undefined : ribbon.kind === 'marquee' ? ribbon.text : t(ribbon.kind === 'sold' ? 'list.soldBadge' : 'list.rentedBadge');
  const teaser = textTeaser(property.teaserText);
  // A date the CRM wrote wrong reads as "" and is left out.
  const availableFrom = property.availableFrom === undefined ? '' : formatDate(property.availableFrom);
  return (
    <CatalogueCard
      picture={property.picture}
      alt={t('list.pictureAlt', { title: property.type.name, town: property.town.name })}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager && highPriority ? 'high' : 'auto'}
      noPhoto={t('property.noPhoto')}
      ribbon={ribbonText}
      heading={heading}
      title={property.type.name}
      href={href({ page: 'property', id: property.id }, language)}
      town={townLine(property.town)}
      action={<FavouriteButton id={property.id} label={t('favourites.saveListing', { title: property.title })} />}
    >
      <p className={styles.price}>
        <PropertyPrice property={property} />
      </p>
      {teaser ? <p className={styles.teaser}>{teaser}</p> : null}
      <ul className={styles.figures}>
        {property.rooms.bedrooms ? <li>{t('property.bedrooms', { count: property.rooms.bedrooms })}</li> : null}
        {surface ? <li>{`${formatNumber(surface)} m²`}</li> : null}
        {availableFrom ? <li>{t('property.availableFrom', { date: availableFrom })}</li> : null}
      </ul>
    </CatalogueCard>
  );
}
