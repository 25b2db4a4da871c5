import { getArticles, getTeam, type Article } from '@/lib/config';
import { articleViews } from '../article-views/article-views';
import type { ModuleView } from '../module-view';
import { TeamView } from './team-view';

function articlesOf(category: string): Article[] {
  return getArticles()
    .filter((article) => article.category === category)
    .sort((a, b) => a.sort - b.sort);
}

/** The articles of a category (relations.id), or the agents when it names "team". */
export const categoryModule: ModuleView = (module, language, level) => {
  const { id } = module.relations;
  if (id === 'team') return { body: <TeamView members={getTeam()} language={language} perRow={module.numberItemOfRow} headingLevel={level} />, framed: false };
  const articles = articlesOf(id);
  if (articles.length === 0) return undefined;
  return { body: articleViews(articles, module, language, level), framed: module.view === 'single-view' };
};
