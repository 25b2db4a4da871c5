import { NextResponse } from 'next/server';
import { getEnabledLanguages } from '@/lib/config';
import { buildSearchIndex } from '@/lib/search';

// Built once per language at build time, served as a static file.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return getEnabledLanguages().map((lang) => ({ lang }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  if (!language) return NextResponse.json({ error: 'unknown language' }, { status: 404 });
  return NextResponse.json(buildSearchIndex(language));
}
