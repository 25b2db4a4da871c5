import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import type { Route } from '@/lib/pages';
import { pageJsonLd } from '@/lib/pages/json-ld';
import { serializeJsonLd } from '@/lib/seo/json-ld';

/** The page's structured data: agency, breadcrumb, and the listing or project it shows. */
export async function PageJsonLd({ route, language }: { route?: Route; language: Language }) {
  const t = await getTranslations({ locale: language });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(pageJsonLd(route, language, t)) }} />;
}
