import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { alternates, type Route } from '@/lib/pages';
import { PageJsonLd } from '@/components/seo/page-json-ld';
import { SiteHeader } from './site-header';

/**
 * The header and main landmark around a page's content. The route gives the language switcher
 * the same page in the other languages; without one (404 pages) it offers their home pages.
 */
export function PageFrame({ language, route, children }: { language: Language; route?: Route; children: ReactNode }) {
  const links = route ? alternates(route) : {};
  return (
    <>
      <PageJsonLd route={route} language={language} />
      <SiteHeader language={language} alternates={links} isHome={route?.page === 'home'} />
      {/* Focusable by script only: the skip link moves the focus into it rather than leaving it on <body>. */}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
