import { localise, type Article, type Language } from '@/lib/config';
import { ArticleBody } from './article-body';
import type { HeadingLevel } from '../heading';

/** One article's full body: the useful links and the legal pages. */
export function SingleView({ article, language, headingLevel }: { article: Article; language: Language; headingLevel: HeadingLevel }) {
  return <ArticleBody html={localise(article.body, language)} topLevel={Math.min(headingLevel, 5) as 2 | 3 | 4 | 5} />;
}
