import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SearcherSpace } from '@/components/alerts/searcher-space';
import { PageFrame } from '@/components/layout/page-frame';
import { currentSearcher } from '@/lib/auth/session';
import { getStore, searcherFavourites, subscriptionsOf } from '@/lib/db';
import { requireLanguage } from '@/lib/i18n';
import { href } from '@/lib/pages';
import { refusedEditOf } from '@/lib/pages/searcher/kind';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * A searcher's space, rendered per request behind their session. Reached only through the
 * proxy's rewrite of /{lang}/login/{my-searches}/.
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'searcher' });
}

export default async function SearcherSpacePage({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const email = await currentSearcher();
  if (!email) redirect(href({ page: 'login' }, language));
  const { notice, search, errors } = await searchParams;
  const shown = notice === 'saved' || notice === 'invalid' || notice === 'deleted' ? notice : undefined;
  const refused = typeof search === 'string' && typeof errors === 'string' ? refusedEditOf(search, errors) : undefined;
  return (
    <PageFrame language={language} route={{ page: 'searcher', notice: shown, refused }}>
      <SearcherSpace
        email={email}
        subscriptions={await subscriptionsOf(await getStore(), email)}
        favourites={(await searcherFavourites(await getStore(), email)).length}
        notice={shown}
        refused={refused}
        language={language}
      />
    </PageFrame>
  );
}
