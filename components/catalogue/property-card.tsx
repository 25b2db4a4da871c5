import Image from 'next/image';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { ribbonOf, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { cleanDescription, formatNumber, townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import { PropertyPrice } from './property-price';
import styles from './property-card.module.css';

/** Living area, else total or ground surface (land): the one surface a card has room for. */
function keySurface(property: Property): number | null | undefined {
  return property.SurfaceLiving ?? property.SurfaceTotal ?? property.SurfaceGround;
}

/** A listing in a list: picture, ribbon, type, town, price, the 250-character teaser (spec §9) and key figures, linking to its page. */
export async function PropertyCard({ property, language, eager = false }: { property: Property; language: Language; eager?: boolean }) {
  const t = await getTranslations({ locale: language });
  const picture = property.XLargePictureItem;
  const surface = keySurface(property);
  // A sold or rented reference says so, whatever ribbon the CRM left on it.
  const ribbon = ribbonOf(property);
  const ribbonText = ribbon === undefined ? undefined : ribbon.kind === 'marquee' ? ribbon.text : t(ribbon.kind === 'sold' ? 'list.soldBadge' : 'list.rentedBadge');
  const teaser = cleanDescription(property.DescriptionA);
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {picture ? (
          <Image
            src={pictureSrc(picture.Url)}
            width={picture.Width}
            height={picture.Height}
            alt={t('list.photoOf', { title: property.TypeDescription, town: property.City })}
            sizes="(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 300px"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
          />
        ) : (
          <p className={styles.noPhoto}>{t('property.noPhoto')}</p>
        )}
        {ribbonText ? <span className={styles.ribbon}>{ribbonText}</span> : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <SiteLink href={href({ page: 'property', id: property.ID }, language)} className={styles.link}>
            {property.TypeDescription}
          </SiteLink>
        </h3>
        <p className={styles.town}>{townLine(property)}</p>
        <p className={styles.price}>
          <PropertyPrice property={property} />
        </p>
        {teaser ? <p className={styles.teaser}>{teaser}</p> : null}
        <ul className={styles.figures}>
          {property.NumberOfBedRooms ? <li>{t('property.bedrooms', { count: property.NumberOfBedRooms })}</li> : null}
          {surface ? <li>{`${formatNumber(surface)} m²`}</li> : null}
        </ul>
      </div>
    </article>
  );
}
