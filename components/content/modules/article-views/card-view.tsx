import { SiteImage } from '@/components/ui/site-image';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { loadSiteConfig, localise, type Article, type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import { perRowStyle } from '@/components/ui/grid-style';
import grid from '@/components/ui/grid.module.css';
import { Heading, type HeadingLevel } from '../heading';
import styles from './card-view.module.css';

/**
 * Where a card leads. Services and testimonials have their own article pages; an article of the
 * "pages" category only exists inside a menu page (useful links, legal pages), so it links there.
 */
function articleHref(article: Article, language: Language): string {
  if (article.category !== 'pages') return href({ page: 'article', id: article.id }, language);
  const page = loadSiteConfig().menu.find((entry) => entry.status !== 'Draft' && entry.params.modules.some((module) => module.relations.type === 'article' && module.relations.id === article.id));
  return page ? href({ page: 'menu', id: page.id }, language) : href({ page: 'home' }, language);
}

/** Articles as cards: picture when there is one, title linking to the article, summary. */
export async function CardView({ articles, language, perRow, headingLevel }: { articles: Article[]; language: Language; perRow: number; headingLevel: HeadingLevel }) {
  const t = await getTranslations({ locale: language, namespace: 'content' });
  return (
    <ul className={grid.cards} style={perRowStyle(perRow)}>
      {articles.map((article) => (
        <li key={article.id}>
          <article className={styles.card}>
            {article.image ? (
              <div className={styles.media}>
                {/* The title next to it says what the picture shows. */}
                <SiteImage src={pictureSrc(article.image)} alt="" fill sizes="(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px" />
              </div>
            ) : null}
            <div className={styles.body}>
              <Heading level={headingLevel} className={styles.title}>
                <SiteLink href={articleHref(article, language)} className={styles.link}>
                  {localise(article.title, language)}
                </SiteLink>
              </Heading>
              <p className={styles.summary}>{localise(article.summary, language)}</p>
              {/* The whole card is the title's link; this only tells sighted visitors so. */}
              <span className={styles.more} aria-hidden="true">
                {t('readMore')} →
              </span>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
