import { getLocale } from 'next-intl/server';
import { PageNotFound } from '@/components/content/page-not-found';
import { PageFrame } from '@/components/layout/page-frame';
import type { Language } from '@/lib/config';

// A safety net for notFound() calls; unknown URLs are normally answered by the proxy (see proxy.ts).
export default async function NotFound() {
  const language = (await getLocale()) as Language;
  return (
    <PageFrame language={language}>
      <PageNotFound language={language} />
    </PageFrame>
  );
}
