'use client';

import { NextIntlClientProvider } from 'next-intl';
import type { ComponentType, ReactNode } from 'react';
import { useIslandMessages } from './island-messages';

/**
 * next-intl's provider over an island, with the messages of the IslandIntl above it. Only the
 * islands' own modules import this (loaded with the island, never among a page's first scripts):
 * imported by a module of the page's first chunk, it would bring next-intl back into it.
 */
export function WithIslandIntl({ children }: { children: ReactNode }) {
  const scope = useIslandMessages();
  // Under no IslandIntl (a test's own provider), whatever provider is above serves.
  if (!scope) return children;
  return (
    <NextIntlClientProvider locale={scope.locale} messages={scope.messages} timeZone="Europe/Brussels">
      {children}
    </NextIntlClientProvider>
  );
}

/** An island that formats its texts with useTranslations, under next-intl's provider. */
export function withIslandIntl<P extends object>(Island: ComponentType<P>) {
  return function IslandWithIntl(props: P) {
    return (
      <WithIslandIntl>
        <Island {...props} />
      </WithIslandIntl>
    );
  };
}
