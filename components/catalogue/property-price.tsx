import { getTranslations } from 'next-intl/server';
import type { Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatEuro } from '@/lib/format';

type Translator = Awaited<ReturnType<typeof getTranslations<'property'>>>;

/** Price by the spec's rules: on demand, 'starting from' for PriceUnit 7, monthly for rentals. */
export function priceText(property: Property, t: Translator): string {
  if (!property.PublishPrice) return t('priceOnDemand');
  const price = formatEuro(property.Price);
  if (property.PriceUnit === 7) return t('startingFrom', { price });
  if (property.Goal === 1) return t('perMonth', { price });
  return price;
}

/** A translator for priceText in a language. */
export function priceTranslator(language: Language): Promise<Translator> {
  return getTranslations({ locale: language, namespace: 'property' });
}

export async function PropertyPrice({ property }: { property: Property }) {
  return <>{priceText(property, await priceTranslator(property.language))}</>;
}
