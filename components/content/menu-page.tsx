import { Banner } from '@/components/content/banner/banner';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { localise, type Language, type MenuEntry } from '@/lib/config';
import { MenuModules } from './modules/menu-modules';

/** A page of the menu configuration: its title, description and modules. */
export function MenuPage({ entry, language }: { entry: MenuEntry; language: Language }) {
  const title = localise(entry.params.title, language);
  return (
    <>
      {entry.params.banner ? <Banner language={language} title={entry.params.bannerTitle} description={entry.params.bannerDescription} /> : null}
      {entry.params.breadcrumb ? <Breadcrumb entry={entry} language={language} /> : null}
      <h1>{title}</h1>
      <p>{localise(entry.params.description, language)}</p>
      <MenuModules modules={entry.params.modules} language={language} pageTitle={title} />
    </>
  );
}
