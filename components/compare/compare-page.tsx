import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { priceTranslator } from '@/components/catalogue/property-price';
import { agencyPostalAddress, type Language } from '@/lib/config';
import { compareColumn, comparison } from '@/lib/favourites/compare';
import type { CompareRequest } from '@/lib/pages/compare-ids';
import { href } from '@/lib/pages';
import { CompareView, thumbnailClass } from './compare-view';

/**
 * The comparison rendered by the server from the URL's IDs alone (lib/favourites/compare), so a
 * link sent to someone else shows the same table without JavaScript.
 */
export async function ComparePage({ request, language }: { request: CompareRequest; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'compare' });
  const price = await priceTranslator(language);
  const { listings, unknown } = comparison(request, language);
  return (
    <>
      <h1>{t('title')}</h1>
      <CompareView
        columns={listings.map((listing) => compareColumn(listing, language))}
        problems={{ unknown, invalid: request.invalid, beyondLimit: request.beyondLimit }}
        t={(key, values) => t(key, values)}
        priceWords={(word, values) => price(word, values)}
        officeTown={agencyPostalAddress(language).city}
        favouritesHref={href({ page: 'favourites' }, language)}
        thumbnail={({ thumbnail }) => (thumbnail ? <Image src={thumbnail.src} width={thumbnail.width} height={thumbnail.height} alt="" sizes="160px" className={thumbnailClass} /> : null)}
      />
    </>
  );
}
