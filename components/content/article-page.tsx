import { SiteImage } from '@/components/ui/site-image';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { articleCategoryPage, localise, type Article, type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import { ArticleBody } from './modules/article-views/article-body';
import styles from './article-page.module.css';

/** An article page: title, the author of a testimonial, picture, full body and the way back. */
export async function ArticlePage({ article, language }: { article: Article; language: Language }) {
  const t = await getTranslations({ locale: language });
  const page = articleCategoryPage(article);
  const back = page
    ? {
        href: href({ page: 'menu', id: page.id }, language),
        label: article.category === 'services' ? t('content.backToServices') : t('content.backTo', { page: localise(page.params.title, language) }),
      }
    : { href: href({ page: 'home' }, language), label: t('content.backToHome') };
  const body = localise(article.body, language);
  const isTestimonial = article.category === 'testimonials';
  return (
    <article className={styles.article}>
      {article.category === 'pages' ? null : <p className={styles.category}>{isTestimonial ? t('articles.testimonials') : t('articles.services')}</p>}
      <h1 className={styles.title}>{localise(article.title, language)}</h1>
      {article.image ? (
        <div className={styles.media}>
          {/* The title above says what the picture shows. */}
          <SiteImage src={pictureSrc(article.image)} alt="" fill preload sizes="(max-width: 766px) 100vw, 800px" />
        </div>
      ) : null}
      {isTestimonial ? (
        <figure className={styles.testimonial}>
          <blockquote className={styles.quote}>
            <ArticleBody html={body} />
          </blockquote>
          {article.author ? <figcaption className={styles.author}>{t('articles.by', { author: article.author })}</figcaption> : null}
        </figure>
      ) : (
        <ArticleBody html={body} />
      )}
      <p className={styles.back}>
        <SiteLink href={back.href}>
          <span aria-hidden="true">← </span>
          {back.label}
        </SiteLink>
      </p>
    </article>
  );
}
