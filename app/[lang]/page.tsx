import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MenuModules } from '@/components/content/menu-modules';
import { getTotals } from '@/lib/catalogue';
import { getMenuEntry, getSite, localise } from '@/lib/config';
import { href, requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return routeMetadata(requireLanguage((await params).lang), { page: 'home' });
}

export default async function Home({ params }: Props) {
  const language = requireLanguage((await params).lang);
  const t = await getTranslations('home');
  const { homeSearch } = getSite();
  const totals = getTotals(language);
  const home = getMenuEntry('home');
  const withTotals = (text: string) => text.replaceAll('FOR_SALE_TOTAL', String(totals.sale)).replaceAll('FOR_RENT_TOTAL', String(totals.rent));
  return (
    <>
      <h1>{homeSearch.title.public ? localise(homeSearch.title.text, language) : localise(home?.params.title ?? '', language)}</h1>
      {homeSearch.description.public ? <p>{withTotals(localise(homeSearch.description.text, language))}</p> : null}
      {homeSearch.secondDescription.public ? <p>{withTotals(localise(homeSearch.secondDescription.text, language))}</p> : null}
      <ul>
        <li>
          <Link href={href({ page: 'for-sale' }, language)}>{t('forSaleCount', { count: totals.sale })}</Link>
        </li>
        <li>
          <Link href={href({ page: 'for-rent' }, language)}>{t('forRentCount', { count: totals.rent })}</Link>
        </li>
      </ul>
      {home ? <MenuModules modules={home.params.modules} language={language} /> : null}
    </>
  );
}
