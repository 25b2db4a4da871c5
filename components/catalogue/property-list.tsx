import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { PropertyPrice } from './property-price';
import styles from './property-list.module.css';

/** Listings as a simple list of cards linking their detail page. */
export async function PropertyList({ properties, language }: { properties: Property[]; language: Language }) {
  const t = await getTranslations('list');
  if (properties.length === 0) return <p>{t('noResults')}</p>;
  return (
    <>
      <p>{t('count', { count: properties.length })}</p>
      <ul className={styles.list}>
        {properties.map((property) => (
          <li key={property.ID} className={styles.card}>
            <Link href={href({ page: 'property', id: property.ID }, language)}>
              <strong>{property.TypeDescription}</strong>
            </Link>
            <span>
              {property.Zip} {property.City}
            </span>
            <span>
              <PropertyPrice property={property} />
            </span>
            {property.MarqueeName ? <span className={styles.marquee}>{property.MarqueeName}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
