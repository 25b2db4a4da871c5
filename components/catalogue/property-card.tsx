import Image from 'next/image';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import type { Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { pictureSrc } from '@/lib/media/picture-src';
import { PropertyPrice } from './property-price';
import styles from './property-card.module.css';

/** Living area, else total or ground surface (land): the one surface a card has room for. */
function keySurface(property: Property): number | null | undefined {
  return property.SurfaceLiving ?? property.SurfaceTotal ?? property.SurfaceGround;
}

/** A listing in a list: picture, marquee ribbon, type, town, price and key figures, linking to its page. */
export async function PropertyCard({ property, language, eager = false }: { property: Property; language: Language; eager?: boolean }) {
  const t = await getTranslations({ locale: language });
  const picture = property.XLargePictureItem;
  const surface = keySurface(property);
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
        {property.Marquee !== 0 && property.MarqueeName ? <span className={styles.ribbon}>{property.MarqueeName}</span> : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <SiteLink href={href({ page: 'property', id: property.ID }, language)} className={styles.link}>
            {property.TypeDescription}
          </SiteLink>
        </h3>
        <p className={styles.town}>
          {property.Zip} {property.City}
        </p>
        <p className={styles.price}>
          <PropertyPrice property={property} />
        </p>
        <ul className={styles.figures}>
          {property.NumberOfBedRooms ? <li>{t('property.bedrooms', { count: property.NumberOfBedRooms })}</li> : null}
          {surface ? <li>{`${surface} m²`}</li> : null}
        </ul>
      </div>
    </article>
  );
}
