import { getTranslations } from 'next-intl/server';
import { getEnabledLanguages } from '@/lib/config';
import { listPinsResponse } from '@/lib/map/list-pins';

// Answers a list's query, so rendered per request; the static export has no server and no list map.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  if (!language) return Response.json({ error: 'unknown language' }, { status: 404 });
  const t = await getTranslations({ locale: language, namespace: 'property' });
  return listPinsResponse(request, language, (word, values) => t(word, values));
}
