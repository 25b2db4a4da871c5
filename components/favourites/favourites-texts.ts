import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';

/**
 * The favourites list's texts, formatted here on the server: the island ships no message formatter.
 * Those with a value the browser only knows keep its place as `{name}` (fillText fills it in); none
 * of them needs a plural.
 */
export async function favouritesTexts(language: Language) {
  const t = await getTranslations({ locale: language, namespace: 'favourites' });
  return {
    sold: t('sold'),
    rented: t('rented'),
    underOption: t('underOption'),
    choose: t('choose'),
    remove: t('remove'),
    empty: t('empty'),
    loading: t('loading'),
    loadFailed: t('loadFailed'),
    compareHint: t('compareHint'),
    chooseListing: t('chooseListing', { title: '{title}' }),
    removeListing: t('removeListing', { title: '{title}' }),
    gone: t('gone', { id: '{id}' }),
    compareButton: t('compareButton', { count: '{count}', limit: '{limit}' }),
  };
}

export type FavouritesTexts = Awaited<ReturnType<typeof favouritesTexts>>;
