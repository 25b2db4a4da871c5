import { HomeMap } from '@/components/catalogue/home-map';
import { priceText, priceTranslator } from '@/components/catalogue/property-price';
import { Banner } from '@/components/content/banner/banner';
import { HomeSearch } from '@/components/search/home-search';
import { getMenuEntry, getSite, type Language } from '@/lib/config';
import { buildHomeMap } from '@/lib/map';
import { MenuModules } from './modules/menu-modules';

/** The home page: the search block, the modules of the home menu entry, then the map. */
export async function HomePage({ language }: { language: Language }) {
  const price = await priceTranslator(language);
  const home = getMenuEntry('home');
  const map = buildHomeMap(language, (property) => priceText(property, price));
  return (
    <>
      {getSite().banner.show ? <Banner language={language} title={home?.params.bannerTitle} description={home?.params.bannerDescription} /> : null}
      <HomeSearch language={language} />
      {home ? <MenuModules modules={home.params.modules} language={language} /> : null}
      <HomeMap data={map} language={language} />
    </>
  );
}
