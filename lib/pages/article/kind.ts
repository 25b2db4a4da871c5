import { articleCategoryPage, getArticles, localise, type Article } from '../../config';
import type { Language } from '../../config';
import { systemSlugs } from '../../config/system-slugs';
import { join, type PageKind } from '../kind';

export type ArticleRoute = { page: 'article'; id: string };

const articleById = (id: string) => getArticles().find((candidate) => candidate.id === id);

/** The path segment of the section an article is listed in: services, or testimonials. */
const sectionSlug = (article: Article, language: Language) => (article.category === 'services' ? systemSlugs['our-services'][language] : systemSlugs.testimonials[language]);

/** A service or a testimonial, under its section; articles of the "pages" category have no page of their own. */
export const articlePage: PageKind<ArticleRoute> = {
  budget: 'article',
  view: () => import('./view').then((module) => module.ArticleView),
  path: (route, language, link) => {
    const article = articleById(route.id);
    if (!article || article.category === 'pages') return link({ page: 'home' }, language);
    return join(language, [sectionSlug(article, language), article.slug[language]]);
  },
  match: (segments, _params, language) => {
    if (segments.length !== 2) return undefined;
    const article = getArticles().find((candidate) => candidate.category !== 'pages' && segments[0] === sectionSlug(candidate, language) && candidate.slug[language] === segments[1]);
    return article ? { page: 'article', id: article.id } : undefined;
  },
  routes: () =>
    getArticles()
      .filter((article) => article.category !== 'pages')
      .map((article) => ({ page: 'article', id: article.id })),
  missing: (route) => (articleById(route.id) ? undefined : 'page'),
  crumbs: (route, language) => {
    const article = articleById(route.id);
    if (!article) return [];
    const section = articleCategoryPage(article);
    const list = section ? [{ name: localise(section.params.title, language), route: { page: 'menu' as const, id: section.id } }] : [];
    return [...list, { name: localise(article.title, language), route }];
  },
  metadata: (route, language, t) => {
    const article = articleById(route.id);
    return article ? { title: localise(article.title, language), description: localise(article.summary, language) } : { title: t('notFound.title') };
  },
  lastModified: (route) => articleById(route.id)?.createDate.slice(0, 10),
};
