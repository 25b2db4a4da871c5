import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageFrame } from '@/components/layout/page-frame';
import { ThankYouPage } from '@/components/content/thank-you-page';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';
import { thankYouRouteOf } from '@/lib/pages/thank-you/kind';

/*
 * A thank-you page that sums up its request (the listing or project, the viewing time), rendered
 * per request from the ids in its query. Reached only through the proxy's rewrite of
 * /{lang}/{thank-you}/{form}/?listing=...
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

async function routeOf(searchParams: Props['searchParams']) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === 'string') query.set(key, value);
  return thankYouRouteOf(query);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { lang } = await params;
  const route = await routeOf(searchParams);
  return route ? routeMetadata(requireLanguage(lang), route) : {};
}

export default async function ThankYouSummary({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const route = await routeOf(searchParams);
  if (!route) notFound();
  return (
    <PageFrame language={language} route={route}>
      <ThankYouPage route={route} language={language} />
    </PageFrame>
  );
}
