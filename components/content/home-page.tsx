import { getTranslations } from 'next-intl/server';
import { HomeMap } from '@/components/catalogue/home-map';
import { priceText, priceTranslator } from '@/components/catalogue/property-price';
import { Banner } from '@/components/layout/banner/banner';
import { HomeSearch } from '@/components/search/home-search';
import { getMenuEntry, getSite, type Language } from '@/lib/config';
import { buildMapMessage } from '@/lib/map';
import { MenuModules } from './menu-modules';

/** The home page: the search block, the modules of the home menu entry, then the map. */
export async function HomePage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'home' });
  const price = await priceTranslator(language);
  const home = getMenuEntry('home');
  const message = buildMapMessage(language, { title: t('mapTitle'), listLabel: t('mapList'), noTilesNotice: t('mapNoTiles') }, (property) => priceText(property, price));
  return (
    <>
      {getSite().banner.show ? <Banner language={language} title={home?.params.bannerTitle} description={home?.params.bannerDescription} /> : null}
      <HomeSearch language={language} />
      {home ? <MenuModules modules={home.params.modules} language={language} /> : null}
      <section aria-labelledby="home-map-title">
        <h2 id="home-map-title">{t('mapTitle')}</h2>
        <HomeMap message={message} title={t('mapTitle')} />
      </section>
    </>
  );
}
