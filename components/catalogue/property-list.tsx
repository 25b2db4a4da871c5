import type { CSSProperties } from 'react';
import type { ListingSummary } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { PropertyCard } from './property-card';
import styles from './property-list.module.css';

/** A fixed row of listing cards, as property-list modules show them (at most 4, 4 per row). */
export async function PropertyList({ properties, language, perRow = 4 }: { properties: ListingSummary[]; language: Language; perRow?: number }) {
  return (
    <ul className={styles.list} style={{ '--per-row': perRow } as CSSProperties}>
      {properties.map((property) => (
        <li key={property.id}>
          <PropertyCard property={property} language={language} />
        </li>
      ))}
    </ul>
  );
}
