import { getTranslations } from 'next-intl/server';
import { localise, type Article, type Language } from '@/lib/config';

/** An article: title, author for testimonials, summary. The body arrives with the sanitizer (step 2). */
export async function ArticlePage({ article, language }: { article: Article; language: Language }) {
  const t = await getTranslations('articles');
  return (
    <article>
      <p>{article.category === 'services' ? t('services') : t('testimonials')}</p>
      <h1>{localise(article.title, language)}</h1>
      {article.author ? <p>{t('by', { author: article.author })}</p> : null}
      <p>{localise(article.summary, language)}</p>
    </article>
  );
}
