import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';

/** The list's fixed texts, handed to its island by the server; `page` is the page link's label with `{page}` to fill in. */
export function listLabels(language: Language) {
  return islandTexts(
    language,
    'list',
    ['statuses', 'filters', 'town', 'type', 'minPrice', 'maxPrice', 'bedrooms', 'surface', 'epc', 'sort', 'apply', 'reset', 'pagination', 'previous', 'next', 'page'],
    { page: ['page'] },
  );
}

export type ListLabels = ReturnType<typeof listLabels>;
