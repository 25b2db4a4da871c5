import { NextResponse } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { getEnabledLanguages } from '@/lib/config';
import { buildSavedListingsIndex } from '@/lib/favourites/saved-listings-index';

// Built once per language at build time, served as a static file; fetched by the favourites page only.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return getEnabledLanguages().map((lang) => ({ lang }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  if (!language) return NextResponse.json({ error: 'unknown language' }, { status: 404 });
  const t = await getTranslations({ locale: language, namespace: 'property' });
  return NextResponse.json(buildSavedListingsIndex(language, (word, values) => t(word, values)));
}
