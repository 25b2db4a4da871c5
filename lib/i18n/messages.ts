import { createTranslator } from 'next-intl';
import type { Language } from '../config/schemas';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import nl from '../../messages/nl.json';

/*
 * The bundled messages for code that runs outside a page render: route handlers and the outbox
 * worker. Pages keep using next-intl's request config.
 */
export const allMessages = { nl, fr, en, de } as const satisfies Record<Language, unknown>;
type Messages = typeof en;

export function translatorFor<N extends 'forms' | 'mail' | 'thankYou' | 'portal' | 'property' | 'leads' | 'documents'>(language: Language, namespace: N) {
  return createTranslator({ locale: language, messages: allMessages[language] as Messages, namespace });
}

/**
 * Whether `key` names a message of `group` (a part of the English messages, the reference set):
 * narrows a code that comes from data or a request (a form name, an error code) to a typed key.
 */
export function isMessageKey<G extends object>(group: G, key: string): key is Extract<keyof G, string> {
  return Object.hasOwn(group, key);
}

export const referenceMessages: Messages = en;
