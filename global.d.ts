import type { Language } from './lib/config/schemas';
import type messages from './messages/en.json';

// next-intl checks every message key against the English messages (the reference set the
// message-parity test holds the other languages to) and every locale against the site's languages.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Language;
    Messages: typeof messages;
  }
}
