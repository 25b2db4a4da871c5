import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { allMessages } from '@/lib/i18n/messages';

/** Gives the form islands the `forms` texts of the page's language, and nothing more. */
export function FormIntl({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={language} messages={{ forms: allMessages[language].forms }} timeZone="Europe/Brussels">
      {children}
    </NextIntlClientProvider>
  );
}
