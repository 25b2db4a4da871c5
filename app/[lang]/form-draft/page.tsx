import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WithFormDraft } from '@/components/forms/form-draft-page';
import { PageFrame } from '@/components/layout/page-frame';
import { PageView } from '@/lib/pages';
import type { Language } from '@/lib/config';
import { draftParam } from '@/lib/forms/draft-id';
import { checkPath } from '@/lib/pages/check-path';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * A page of the site rendered per request, showing a form that came back from a post without
 * JavaScript with what the visitor typed and the errors (lib/forms/plain-post.ts). Reached only
 * through the proxy's rewrite of a page URL with ?draft=; its own path answers 404.
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

const textParam = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function routeOf(language: Language, page: string | undefined) {
  const check = page ? checkPath(page) : undefined;
  return check?.kind === 'ok' && check.resolved.language === language ? check.resolved.route : undefined;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const language = requireLanguage((await params).lang);
  const route = routeOf(language, textParam((await searchParams).page));
  // The page itself is what search engines should index.
  return { ...(route ? await routeMetadata(language, route) : {}), robots: { index: false, follow: true } };
}

export default async function FormDraftPage({ params, searchParams }: Props) {
  const language = requireLanguage((await params).lang);
  const query = await searchParams;
  const route = routeOf(language, textParam(query.page));
  if (!route) notFound();
  return (
    <PageFrame language={language} route={route}>
      <WithFormDraft language={language} draftId={textParam(query[draftParam])}>
        <PageView route={route} language={language} />
      </WithFormDraft>
    </PageFrame>
  );
}
