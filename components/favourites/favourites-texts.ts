import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';

/**
 * The favourites list's texts, handed to it by the server: the island ships no message formatter.
 * Those with a value the browser only knows keep its place as `{name}` (fillText fills it in); none
 * of them needs a plural.
 */
export function favouritesTexts(language: Language) {
  const favourites = islandTexts(
    language,
    'favourites',
    ['sold', 'rented', 'underOption', 'choose', 'remove', 'empty', 'loading', 'loadFailed', 'compareHint', 'chooseListing', 'removeListing', 'gone', 'compareButton'],
    {
      chooseListing: ['title'],
      removeListing: ['title'],
      gone: ['id'],
      compareButton: ['count', 'limit'],
    },
  );
  // A saved listing without a photo says so in the words of the lists' cards.
  return { ...favourites, ...islandTexts(language, 'property', ['noPhoto']) };
}

export type FavouritesTexts = ReturnType<typeof favouritesTexts>;
