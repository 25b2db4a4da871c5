import { localise, type Article, type Language } from '@/lib/config';
import { ArticleBody } from './article-body';
import type { HeadingLevel } from '../heading';
import styles from './collapse-view.module.css';

/**
 * Articles as an accordion. Native details/summary open and close with the keyboard and without
 * JavaScript, and find-in-page opens the panel that holds a match.
 */
export function CollapseView({ articles, language, headingLevel }: { articles: Article[]; language: Language; headingLevel: HeadingLevel }) {
  // The summary is a button to assistive technology, so the title stays plain text in it; the
  // body's own headings start one level below the module's.
  const bodyLevel = Math.min(headingLevel, 5) as 2 | 3 | 4 | 5;
  return (
    <div className={styles.accordion}>
      {articles.map((article) => (
        <details key={article.id} className={styles.item}>
          <summary className={styles.summary}>{localise(article.title, language)}</summary>
          <ArticleBody html={localise(article.body, language)} topLevel={bodyLevel} className={styles.panel} />
        </details>
      ))}
    </div>
  );
}
