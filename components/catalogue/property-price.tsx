import { getTranslations } from 'next-intl/server';
import { shownPriceOf, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { listingPrice } from '@/lib/format';

type Translator = Awaited<ReturnType<typeof getTranslations<'property'>>>;

/** Price by the spec's rules: on demand, 'starting from' for PriceUnit 7, monthly for rentals. */
export function priceText(property: Property, t: Translator): string {
  return listingPrice(shownPriceOf(property), (word, values) => t(word, values));
}

/** A translator for priceText in a language. */
export function priceTranslator(language: Language): Promise<Translator> {
  return getTranslations({ locale: language, namespace: 'property' });
}

export async function PropertyPrice({ property }: { property: Property }) {
  return <>{priceText(property, await priceTranslator(property.language))}</>;
}
