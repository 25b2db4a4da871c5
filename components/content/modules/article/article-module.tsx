import { getArticles } from '@/lib/config';
import { articleViews } from '../article-views/article-views';
import type { ModuleView } from '../module-view';

/** One article (relations.id); a team view of it reads as the article itself. */
export const articleModule: ModuleView = (module, language, level) => {
  const article = getArticles().find((candidate) => candidate.id === module.relations.id);
  if (!article) return undefined;
  const view = module.view === 'ons-team-view' ? 'single-view' : module.view;
  return { body: articleViews([article], { ...module, view }, language, level), framed: view === 'single-view' };
};
