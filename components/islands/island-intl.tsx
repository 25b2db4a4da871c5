import type { Messages } from 'next-intl';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { allMessages } from '@/lib/i18n/messages';
import { IslandMessages } from './island-messages';

type Namespace = keyof Messages;

function pick<N extends Namespace>(messages: Messages, namespaces: readonly N[]): Partial<Pick<Messages, N>> {
  const picked: Partial<Pick<Messages, N>> = {};
  for (const namespace of namespaces) picked[namespace] = messages[namespace];
  return picked;
}

/**
 * Gives the client islands below it the messages of `namespaces` in the page's language, and
 * nothing more: the page carries only those texts, and the islands format them with
 * useTranslations (ICU arguments and plurals) as a server component would, under next-intl's
 * provider, which each of them brings with its own code (withIslandIntl).
 */
export function IslandIntl({ language, namespaces, children }: { language: Language; namespaces: readonly Namespace[]; children: ReactNode }) {
  return (
    <IslandMessages locale={language} messages={pick(allMessages[language], namespaces)}>
      {children}
    </IslandMessages>
  );
}
