import type { Metadata } from 'next';
import { ExportComparePage } from '@/components/compare/export-compare-page';
import { PageFrame } from '@/components/layout/page-frame';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * The static export's comparison of listings: a static host ignores ?ids=, so the page is built
 * once per language and its island reads the IDs in the browser. Reached through the proxy's
 * rewrite of /{lang}/{vergelijken|comparer|…}/ while `npm run export` crawls; built only in the
 * export (next.config.ts, pageExtensions).
 */

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'compare', ids: [] });
}

export default async function ExportCompareListings({ params }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  return (
    <PageFrame language={language} route={{ page: 'compare', ids: [] }}>
      <ExportComparePage language={language} />
    </PageFrame>
  );
}
