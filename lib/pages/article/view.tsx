import { ArticlePage } from '@/components/content/article-page';
import { PageNotFound } from '@/components/content/page-not-found';
import { getArticles } from '@/lib/config';
import type { View } from '../kind';
import type { ArticleRoute } from './kind';

export const ArticleView: View<ArticleRoute> = ({ route, language }) => {
  const article = getArticles().find((candidate) => candidate.id === route.id);
  return article ? <ArticlePage article={article} language={language} /> : <PageNotFound language={language} />;
};
