import type { ReactNode } from 'react';
import type { Article, Language, Module } from '@/lib/config';
import type { HeadingLevel } from '../heading';
import { limitOf } from '../module-view';
import { CardView } from './card-view';
import { CollapseView } from './collapse-view';
import { SingleView } from './single-view';

/** Articles in the module's view: the category and article modules share these. */
export function articleViews(articles: Article[], module: Module, language: Language, level: HeadingLevel): ReactNode {
  const first = articles[0];
  if (!first) return null;
  switch (module.view) {
    case 'collapse-view':
      return <CollapseView articles={articles} language={language} headingLevel={level} />;
    case 'single-view':
      return <SingleView article={first} language={language} headingLevel={level} />;
    case 'card-view':
    case 'ons-team-view':
      // A team view of articles means nothing; cards are the closest reading.
      return <CardView articles={articles.slice(0, limitOf(module))} language={language} perRow={module.numberItemOfRow} headingLevel={level} />;
  }
}
