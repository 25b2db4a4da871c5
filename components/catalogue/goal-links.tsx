import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getTotals } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';

/** Links to the for-sale and for-rent lists, with the number of listings when `withCounts`. */
export async function GoalLinks({ language, withCounts = false }: { language: Language; withCounts?: boolean }) {
  const t = await getTranslations({ locale: language });
  const totals = getTotals(language);
  return (
    <ul>
      <li>
        <SiteLink href={href({ page: 'for-sale' }, language)}>{withCounts ? t('home.forSaleCount', { count: totals.sale }) : t('nav.forSale')}</SiteLink>
      </li>
      <li>
        <SiteLink href={href({ page: 'for-rent' }, language)}>{withCounts ? t('home.forRentCount', { count: totals.rent }) : t('nav.forRent')}</SiteLink>
      </li>
    </ul>
  );
}
