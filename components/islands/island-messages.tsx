'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { AbstractIntlMessages, Locale } from 'next-intl';

type Scope = { locale: Locale; messages: AbstractIntlMessages };

const IslandScope = createContext<Scope | null>(null);

/**
 * The messages IslandIntl picked for the islands below it, in a context of its own: next-intl's
 * provider (and its formatter, some 3.5 kB gzip) would otherwise be among the first scripts of
 * every page that renders a form or the search field, long before any of them is used. The
 * islands that format texts take the real provider with their own code (with-island-intl.tsx).
 */
export function IslandMessages({ locale, messages, children }: Scope & { children: ReactNode }) {
  return <IslandScope value={{ locale, messages }}>{children}</IslandScope>;
}

export const useIslandMessages = () => useContext(IslandScope);
