import { getTranslations } from 'next-intl/server';
import { perLanguage } from '@/lib/i18n/language-routes';
import { listPinsResponse } from '@/lib/map/list-pins';

// Answers a list's query, so rendered per request; the static export has no server and no list map.
export const dynamic = 'force-dynamic';

export const GET = perLanguage(async (language, request) => {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  return listPinsResponse(request, language, (word, values) => t(word, values));
});
