import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MenuModules } from '@/components/content/menu-modules';
import { loadSiteConfig, localise, type Language } from '@/lib/config';
import { findMenuPage, requireLanguage } from '@/lib/i18n';
import { menuSegments } from '@/lib/i18n/urls';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string; path: string[] }> };

/** Menu pages (status Published or Hidden) whose paths come from data/site/menu.json. */
export function generateStaticParams({ params }: { params: { lang: Language } }) {
  return loadSiteConfig()
    .menu.filter((entry) => entry.status !== 'Draft' && entry.params.type === 'page')
    .map((entry) => ({ path: menuSegments(entry, params.lang) }));
}

function findPage(lang: string, path: string[]) {
  const language = requireLanguage(lang);
  return { language, entry: findMenuPage(language, path) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, path } = await params;
  const { language, entry } = findPage(lang, path);
  if (!entry) return {};
  const seo = entry.params.metadata[language];
  const metadata = pageMetadata(language, { page: 'menu', id: entry.id }, seo?.metaTitle || localise(entry.params.title, language), seo?.metaDescription || localise(entry.params.description, language));
  return seo && !seo.seoActive ? { ...metadata, robots: { index: false } } : metadata;
}

export default async function MenuPage({ params }: Props) {
  const { lang, path } = await params;
  const { language, entry } = findPage(lang, path);
  if (!entry) notFound();
  return (
    <>
      <h1>{localise(entry.params.title, language)}</h1>
      <p>{localise(entry.params.description, language)}</p>
      <MenuModules modules={entry.params.modules} language={language} />
    </>
  );
}
