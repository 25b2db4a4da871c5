import type { Metadata } from 'next';
import { ComparePage } from '@/components/favourites/compare-page';
import { ExportComparePage } from '@/components/favourites/export-compare-page';
import { PageFrame } from '@/components/layout/page-frame';
import { isStaticExport } from '@/lib/export/mode';
import { parseCompareIds } from '@/lib/favourites/compare-ids';
import { compareIdsParam } from '@/lib/favourites/compare-query';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/seo';

/*
 * The comparison of listings, rendered per request from ?ids= alone (no storage, no JavaScript).
 * Reached only through the proxy's rewrite of /{lang}/{vergelijken|comparer|…}/. The static
 * export saves this page once, without a query: a static host ignores ?ids=, so there the
 * browser reads it (ExportComparePage).
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const idsOf = async (searchParams: Props['searchParams']) => {
  if (isStaticExport()) return parseCompareIds(undefined);
  const value = (await searchParams)[compareIdsParam];
  return parseCompareIds(typeof value === 'string' ? value : undefined);
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'compare', ids: (await idsOf(searchParams)).ids });
}

export default async function CompareListings({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const request = await idsOf(searchParams);
  return (
    <PageFrame language={language} route={{ page: 'compare', ids: request.ids }}>
      {isStaticExport() ? <ExportComparePage language={language} /> : <ComparePage request={request} language={language} />}
    </PageFrame>
  );
}
