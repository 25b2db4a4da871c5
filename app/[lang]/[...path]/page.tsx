import type { Metadata } from 'next';
import { MenuModules } from '@/components/content/menu-modules';
import { PageNotFound, notFoundTitle } from '@/components/content/page-not-found';
import { loadSiteConfig, localise } from '@/lib/config';
import { findMenuPage, requireLanguage, staticLanguage } from '@/lib/i18n';
import { menuSegments, notFoundPath } from '@/lib/i18n/urls';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string; path: string[] }> };

/** Menu pages (status Published or Hidden) whose paths come from data/site/menu.json, and the 404 page. */
export function generateStaticParams({ params }: { params: { lang: string } }) {
  const language = staticLanguage(params.lang);
  const pages = loadSiteConfig()
    .menu.filter((entry) => entry.status !== 'Draft' && entry.params.type === 'page')
    .map((entry) => ({ path: menuSegments(entry, language) }));
  return [...pages, { path: notFoundPath(language).split('/').filter(Boolean).slice(1) }];
}

function findPage(lang: string, path: string[]) {
  const language = requireLanguage(lang);
  return { language, entry: findMenuPage(language, path) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, path } = await params;
  const { language, entry } = findPage(lang, path);
  if (!entry) return { title: await notFoundTitle(language), robots: { index: false } };
  const seo = entry.params.metadata[language];
  const metadata = pageMetadata(language, { page: 'menu', id: entry.id }, seo?.metaTitle || localise(entry.params.title, language), seo?.metaDescription || localise(entry.params.description, language));
  return seo && !seo.seoActive ? { ...metadata, robots: { index: false } } : metadata;
}

export default async function MenuPage({ params }: Props) {
  const { lang, path } = await params;
  const { language, entry } = findPage(lang, path);
  // Unknown paths reach this route through the proxy, which sets the 404 status.
  if (!entry) return <PageNotFound language={language} />;
  return (
    <>
      <h1>{localise(entry.params.title, language)}</h1>
      <p>{localise(entry.params.description, language)}</p>
      <MenuModules modules={entry.params.modules} language={language} />
    </>
  );
}
