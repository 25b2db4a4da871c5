import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArticlePage } from '@/components/content/article-page';
import { getArticles, localise } from '@/lib/config';
import { requireLanguage, staticLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string; slug: string }> };

const articlesHere = () => getArticles().filter((article) => article.category === 'testimonials');

export function generateStaticParams({ params }: { params: { lang: string } }) {
  return articlesHere().map((article) => ({ slug: article.slug[staticLanguage(params.lang)] }));
}

function findArticle(lang: string, slug: string) {
  const language = requireLanguage(lang);
  return { language, article: articlesHere().find((candidate) => candidate.slug[language] === slug) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, slug } = await params;
  const { language, article } = findArticle(lang, slug);
  if (!article) return {};
  return pageMetadata(language, { page: 'article', id: article.id }, localise(article.title, language), localise(article.summary, language));
}

export default async function Article({ params }: Props) {
  const { lang, slug } = await params;
  const { language, article } = findArticle(lang, slug);
  if (!article) notFound();
  return <ArticlePage article={article} language={language} />;
}
