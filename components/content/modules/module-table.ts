import type { Module } from '@/lib/config';
import { articleModule } from './article/article-module';
import { categoryModule } from './category/category-module';
import { contactModule } from './contact/contact-module';
import { cookieTableModule } from './cookie-table/cookie-table-module';
import type { ModuleView } from './module-view';
import { propertyListModule } from './property-list/property-list-module';
import { statsModule } from './stats-view/stats-module';

/**
 * Every menu module's view, one line each, by its relation type (menu.json's relations.type,
 * whose enum is in lib/config/schemas.ts): a type without a line here, or a line without a type,
 * does not compile.
 */
export const moduleViews: Record<Module['relations']['type'], ModuleView> = {
  'property-list': propertyListModule,
  category: categoryModule,
  article: articleModule,
  contact: contactModule,
  'stats-view': statsModule,
  'cookie-table': cookieTableModule,
};
