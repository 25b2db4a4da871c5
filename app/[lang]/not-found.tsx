import { getLocale } from 'next-intl/server';
import { PageNotFound } from '@/components/content/page-not-found';
import { requireLanguage } from '@/lib/i18n';

/*
 * A safety net for notFound() calls (an owner portal address for another listing, a draft of an
 * unknown form); unknown URLs are answered by the proxy with the full 404 page (see proxy.ts).
 * Next.js sends this boundary with every page of the language, in its HTML and its RSC files, so
 * it carries no header of its own: the site's header there cost every page about 12 kB.
 */
export default async function NotFound() {
  const language = requireLanguage(await getLocale());
  return (
    <main id="main">
      <PageNotFound language={language} />
    </main>
  );
}
