'use client';

import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { Language } from '@/lib/config';
import { join } from '@/lib/pages/kind';
import { notFoundPath } from '@/lib/pages/internal-paths';

/*
 * What a visitor sees when a page failed on the server (app/[lang]/error.tsx, and
 * app/global-error.tsx): the site's header, a localised message and the way home,
 * under the layout's footer. Next.js draws an error boundary in the browser, and its code comes
 * with every page below it: so this module is fetched only once a page failed
 * (lazy-error-page.tsx), and nothing here is in a page until then. The texts then come from the
 * bundle of the page's language (the chunk the forms load theirs from, form-texts.tsx), and the
 * header, which the server draws from the menu, from the server's prerendered 404 page of that
 * language, as it stands (its language links lead to the other languages' home pages).
 */

type Texts = { title: string; text: string; homeLink: string };

/** One chunk per language, the same as the forms'. */
const bundles: Record<Language, () => Promise<{ default: { serverError: Texts } }>> = {
  nl: () => import('../../messages/nl.json'),
  fr: () => import('../../messages/fr.json'),
  en: () => import('../../messages/en.json'),
  de: () => import('../../messages/de.json'),
};

const isLanguage = (value: string): value is Language => Object.hasOwn(bundles, value);

/** The page's language: its first segment (global-error.tsx has no params: then the address's). */
function usePageLanguage(): string {
  const { lang } = useParams<{ lang?: string }>() ?? {};
  return lang ?? (typeof location === 'undefined' ? '' : (location.pathname.split('/')[1] ?? ''));
}

/** The texts of the error page in `language`, once they are here. */
function useErrorTexts(language: string): Texts | undefined {
  const [texts, setTexts] = useState<Texts>();
  useEffect(() => {
    let cancelled = false;
    // An address outside any language: the first of the site's languages.
    void bundles[isLanguage(language) ? language : 'nl']().then((module) => {
      if (!cancelled) setTexts(module.default.serverError);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
  return texts;
}

/** The header of the 404 page of `language` (its links, the menu, the language switcher to each home page), with the styles it needs. */
function useSiteHeader(language: string): string | undefined {
  const [header, setHeader] = useState<string>();
  useEffect(() => {
    if (!isLanguage(language)) return;
    let cancelled = false;
    fetch(notFoundPath(language))
      .then((response) => response.text())
      .then((html) => {
        const page = new DOMParser().parseFromString(html, 'text/html');
        const known = new Set(Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href));
        for (const link of page.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (!known.has(link.href)) document.head.append(link);
        const drawn = page.querySelector('main')?.previousElementSibling?.outerHTML;
        if (!cancelled && drawn) setHeader(drawn);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [language]);
  return header;
}

export function ErrorPage() {
  const language = usePageLanguage();
  const texts = useErrorTexts(language);
  const header = useSiteHeader(language);
  return (
    <>
      {header ? <div dangerouslySetInnerHTML={{ __html: header }} /> : null}
      <main id="main">
        {texts ? (
          <>
            <h1>{texts.title}</h1>
            <p>{texts.text}</p>
            <p>
              <a href={isLanguage(language) ? join(language, []) : '/'}>{texts.homeLink}</a>
            </p>
          </>
        ) : null}
      </main>
    </>
  );
}
