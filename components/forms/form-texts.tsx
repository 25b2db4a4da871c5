'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactNode } from 'react';
import { useIslandMessages } from '@/components/islands/island-messages';
import { isStaticExport } from '@/lib/config/deployment';

/*
 * The forms' texts (errors, statuses, captcha, labels: some 7 kB of a page) are not in a page's
 * inline data: the footer's newsletter form puts a form on every page, and until the visitor comes
 * near it the server's HTML serves. They come with the form's code instead, from the bundle of the
 * page's language: lazy-form.tsx waits for loadFormTexts before it draws a form, and the server,
 * which renders the forms in place, has them at hand. The static export's pages carry them
 * (form-intl.tsx), as before.
 */

// The server reads them as the pages do; `typeof window` keeps this out of the browser's code.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const serverTexts: typeof import('@/lib/forms/island-texts') | undefined = typeof window === 'undefined' ? require('@/lib/forms/island-texts') : undefined;

/** One chunk per language: a page loads its own language's texts only. */
const bundles: Record<string, () => Promise<{ default: { forms: AbstractIntlMessages } }>> = {
  nl: () => import('../../messages/nl.json'),
  fr: () => import('../../messages/fr.json'),
  en: () => import('../../messages/en.json'),
  de: () => import('../../messages/de.json'),
};

const loaded = new Map<string, AbstractIntlMessages>();

/** Loads the texts of the page's language, once. */
export async function loadFormTexts(): Promise<void> {
  const locale = document.documentElement.lang;
  const bundle = bundles[locale];
  if (isStaticExport() || loaded.has(locale)) return;
  // Without its texts a form is not drawn: the server's form stays, which works without JavaScript.
  if (!bundle) throw new Error(`no form texts for the page language "${locale}"`);
  loaded.set(locale, { forms: (await bundle()).default.forms });
}

/** next-intl's provider over a form, with the texts of the page's language. */
export function WithFormTexts({ children }: { children: ReactNode }) {
  const scope = useIslandMessages();
  // Under no FormIntl (a test's own provider), whatever provider is above serves.
  if (!scope) return children;
  // The static export's FormIntl gives the texts; on the server build it gives the language alone.
  const messages = 'forms' in scope.messages ? scope.messages : (serverTexts?.formIslandTexts(scope.locale) ?? loaded.get(scope.locale));
  return (
    <NextIntlClientProvider locale={scope.locale} messages={messages} timeZone="Europe/Brussels">
      {children}
    </NextIntlClientProvider>
  );
}
