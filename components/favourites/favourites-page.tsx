import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { deployedHref } from '@/lib/export/links';
import { isStaticExport } from '@/lib/config/deployment';
import { savedListingsUrl } from '@/lib/favourites/saved-listings';
import { href } from '@/lib/pages';
import { LazyFavouritesList } from './favourites-list-lazy';
import { favouritesTexts } from './favourites-texts';

/**
 * The favourites page: its island lists what this browser keeps. The page itself is the same for
 * everyone (prerendered); the list exists only in the browser, so without JavaScript it says so.
 */
export async function FavouritesPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'favourites' });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <noscript>
        <p>{t('needsScript')}</p>
      </noscript>
      <LazyFavouritesList dataUrl={savedListingsUrl(language, isStaticExport())} compareBase={deployedHref(href({ page: 'compare', ids: [] }, language))} texts={favouritesTexts(language)} />
    </>
  );
}
