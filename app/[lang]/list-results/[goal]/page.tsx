import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingsPage } from '@/components/catalogue/listings-page';
import { PageFrame } from '@/components/layout/page-frame';
import { parseListParams } from '@/lib/catalogue/list-query';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';
import { failIfConfigured } from '@/lib/server/injected-fault';

/*
 * A for-sale or for-rent list requested with a query (?city, ?type, ?sort, ?page), rendered on
 * the server so that filters and paging work without JavaScript and for crawlers. Reached only
 * through the proxy's rewrite of /{lang}/{te-koop|...}/?query; its own path answers 404.
 */

type Props = { params: Promise<{ lang: string; goal: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const goalOf = (goal: string) => (goal === 'sale' || goal === 'rent' ? goal : undefined);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, goal } = await params;
  const language = requireLanguage(lang);
  // A filtered view of a list: the list itself is the page search engines should index.
  return { ...(await routeMetadata(language, { page: goalOf(goal) === 'rent' ? 'for-rent' : 'for-sale' })), robots: { index: false, follow: true } };
}

export default async function ListResults({ params, searchParams }: Props) {
  const { lang, goal } = await params;
  const language = requireLanguage(lang);
  const listGoal = goalOf(goal);
  if (!listGoal) notFound();
  failIfConfigured('list');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === 'string') query.set(key, value);
  const listParams = parseListParams(query);
  // The route carries the query, so that the language switcher keeps the filters.
  return (
    <PageFrame language={language} route={{ page: listGoal === 'sale' ? 'for-sale' : 'for-rent', query: listParams }}>
      <ListingsPage goal={listGoal} language={language} params={listParams} />
    </PageFrame>
  );
}
