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

export function translatorFor<N extends 'errors' | 'format' | 'forms' | 'mail' | 'thankYou' | 'portal' | 'property' | 'leads' | 'documents' | 'alerts'>(language: Language, namespace: N) {
  // Each language has the English shape (the message-parity test holds them to it).
  const messages: Messages = allMessages[language];
  return createTranslator({ locale: language, messages, namespace });
}

export const referenceMessages: Messages = en;
