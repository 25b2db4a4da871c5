import { HomeSearch } from '@/components/search/home-search';
import { getMenuEntry, type Language } from '@/lib/config';
import { MenuModules } from './menu-modules';

/** The home page: the search block, then the modules of the home menu entry. */
export async function HomePage({ language }: { language: Language }) {
  const home = getMenuEntry('home');
  return (
    <>
      <HomeSearch language={language} />
      {home ? <MenuModules modules={home.params.modules} language={language} /> : null}
    </>
  );
}
