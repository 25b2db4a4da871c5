import { MenuPage } from '@/components/content/menu-page';
import { PageNotFound } from '@/components/content/page-not-found';
import { getMenuEntry } from '@/lib/config';
import type { View } from '../kind';
import type { MenuRoute } from './kind';

export const MenuView: View<MenuRoute> = ({ route, language }) => {
  const entry = getMenuEntry(route.id);
  return entry ? <MenuPage entry={entry} language={language} /> : <PageNotFound language={language} />;
};
