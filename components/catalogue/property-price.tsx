import { getTranslations } from 'next-intl/server';
import type { Property } from '@/lib/catalogue';
import { formatEuro } from '@/lib/format';

/** Price by the spec's rules: on demand, 'starting from' for PriceUnit 7, monthly for rentals. */
export async function PropertyPrice({ property }: { property: Property }) {
  const t = await getTranslations('property');
  if (!property.PublishPrice) return <>{t('priceOnDemand')}</>;
  const price = formatEuro(property.Price);
  if (property.PriceUnit === 7) return <>{t('startingFrom', { price })}</>;
  if (property.Goal === 1) return <>{t('perMonth', { price })}</>;
  return <>{price}</>;
}
