import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getPropertyGoal, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { PropertyPrice } from './property-price';

/** The detail page of one listing: headline, price, address, availability and contact. */
export async function PropertyDetail({ property, language }: { property: Property; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const goal = getPropertyGoal(property);
  const availability = property.Status === 2 ? t('sold') : property.Status === 4 ? t('rented') : undefined;
  return (
    <article>
      <p>
        <Link href={href({ page: goal === 'sale' ? 'for-sale' : 'for-rent' }, language)}>{t('backToList')}</Link>
      </p>
      <h1>
        {property.TypeDescription} – {property.City}
      </h1>
      {availability ? <p role="status">{availability}</p> : null}
      <p>
        <PropertyPrice property={property} />
      </p>
      <p>{t('reference', { id: property.ID })}</p>
      <h2>{t('address')}</h2>
      <p>
        {property.PublishAddress ? `${property.Street} ${property.HouseNumber}${property.BoxNr ? ` ${t('boxNumber', { box: property.BoxNr })}` : ''}, ` : ''}
        {property.Zip} {property.City}
      </p>
      <h2>{t('contactPerson')}</h2>
      <p>{property.ManagerName}</p>
    </article>
  );
}
