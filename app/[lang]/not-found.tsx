import { getLocale } from 'next-intl/server';
import { PageNotFound } from '@/components/content/page-not-found';
import type { Language } from '@/lib/config';

// A safety net for notFound() calls; unknown URLs are normally answered by the proxy (see proxy.ts).
export default async function NotFound() {
  return <PageNotFound language={(await getLocale()) as Language} />;
}
