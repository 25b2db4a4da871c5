import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import type { Route } from '@/lib/i18n';
import { pageJsonLd, serializeJsonLd } from '@/lib/seo/json-ld';

/** The page's structured data: agency, breadcrumb, and the listing or project it shows. */
export async function PageJsonLd({ route, language }: { route?: Route; language: Language }) {
  const t = await getTranslations({ locale: language });
  const data = pageJsonLd(route, language, (key) => t(key));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
