import { getTranslations } from 'next-intl/server';
import type { ListingSummary } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { listingPrice } from '@/lib/format';

type Translator = Awaited<ReturnType<typeof getTranslations<'property'>>>;

/** Price by the spec's rules: on demand, 'starting from', monthly for rentals (lib/catalogue decides which). */
export function priceText(listing: Pick<ListingSummary, 'price'>, t: Translator): string {
  return listingPrice(listing.price, (word, values) => t(word, values));
}

/** A translator for priceText in a language. */
export function priceTranslator(language: Language): Promise<Translator> {
  return getTranslations({ locale: language, namespace: 'property' });
}

export async function PropertyPrice({ property }: { property: ListingSummary }) {
  return <>{priceText(property, await priceTranslator(property.language))}</>;
}
