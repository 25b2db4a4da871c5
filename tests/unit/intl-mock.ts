import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';
import type { Language } from '@/lib/config';

/*
 * Stand-in for next-intl/server in component tests: getTranslations needs a Next.js request, so
 * this answers with the real messages of the locale the component asks for. A missing key or a
 * wrong locale fails here as it would on the page. Use: vi.mock('next-intl/server', () => import('./intl-mock')).
 */
const messages = { nl, fr, en, de };

export async function getTranslations({ locale, namespace }: { locale: Language; namespace?: string }) {
  // The namespace is checked at run time by createTranslator; the type only needs to accept it.
  return createTranslator({ locale, messages: messages[locale], namespace: namespace as never });
}
