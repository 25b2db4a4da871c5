import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { PageNotFound } from '@/components/content/page-not-found';
import { PageFrame } from '@/components/layout/page-frame';
import { PageView } from '@/lib/pages';
import type { Language } from '@/lib/config';
import { allPathSegments, checkPath } from '@/lib/pages/check-path';
import { notFoundSegments, propertyNotFoundSegments } from '@/lib/pages/internal-paths';
import { requireLanguage, staticLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';
import { notFoundMetadata } from '@/lib/seo';

/*
 * Every page but the home page: the page table (lib/pages) resolves the localised path (te-koop,
 * a-vendre, menu paths from the configuration...) to a route of one of its kinds. Unknown paths reach the two internal 404
 * pages through the proxy, which sets the 404 status.
 */

type Props = { params: Promise<{ lang: string; path: string[] }> };

// A listing outside the prerendered share renders on its first request and is kept on disk. Only
// paths of the catalogue get here: the proxy answers every other path with a prerendered 404 page.
export const dynamicParams = true;

// The static export has no server to render a page later: it prerenders every page.
const everyPage = process.env.NEXT_PUBLIC_STATIC_EXPORT === '1';

export function generateStaticParams({ params }: { params: { lang: string } }) {
  return allPathSegments(staticLanguage(params.lang), { prerendered: !everyPage }).map((path) => ({ path }));
}

const isSegments = (path: string[], segments: readonly string[]) => path.length === segments.length && path.every((part, index) => part === segments[index]);

function resolve(language: Language, path: string[]) {
  if (isSegments(path, notFoundSegments)) return { kind: 'not-found' as const };
  if (isSegments(path, propertyNotFoundSegments)) return { kind: 'property-not-found' as const };
  return checkPath(`/${language}/${path.join('/')}/`);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, path } = await params;
  const language = requireLanguage(lang);
  const result = resolve(language, path);
  if (result.kind === 'ok') return routeMetadata(language, result.resolved.route);
  return notFoundMetadata(language, result.kind === 'property-not-found' ? 'property' : 'page');
}

export default async function Page({ params }: Props) {
  const { lang, path } = await params;
  const language = requireLanguage(lang);
  const result = resolve(language, path);
  if (result.kind === 'redirect') permanentRedirect(result.to);
  return (
    <PageFrame language={language} route={result.kind === 'ok' ? result.resolved.route : undefined}>
      {result.kind === 'ok' ? (
        <PageView route={result.resolved.route} language={language} />
      ) : result.kind === 'property-not-found' ? (
        <PropertyNotFound language={language} />
      ) : (
        <PageNotFound language={language} />
      )}
    </PageFrame>
  );
}
