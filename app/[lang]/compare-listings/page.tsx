import type { Metadata } from 'next';
import { ComparePage } from '@/components/compare/compare-page';
import { PageFrame } from '@/components/layout/page-frame';
import { parseCompareIds } from '@/lib/pages/compare-ids';
import { compareIdsParam } from '@/lib/pages/compare-query';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';
import { failIfInjected } from '@/lib/server/injected-fault';

/*
 * The comparison of listings, rendered per request from ?ids= alone (no storage, no JavaScript).
 * Reached only through the proxy's rewrite of /{lang}/{vergelijken|comparer|…}/.
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const idsOf = async (searchParams: Props['searchParams']) => {
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
  await failIfInjected('compare');
  return (
    <PageFrame language={language} route={{ page: 'compare', ids: request.ids }}>
      <ComparePage request={request} language={language} />
    </PageFrame>
  );
}
