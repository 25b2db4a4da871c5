import type { Language } from './schemas';

/*
 * Localised slugs of the system pages (design.md §5). Pure data so that both the router and the
 * data validation can read it. The apostrophe of "i'm-looking-for" (a menu page) is ASCII.
 */

type PerLanguage = Record<Language, string>;

export const systemSlugs = {
  'for-sale': { nl: 'te-koop', fr: 'a-vendre', en: 'for-sale', de: 'zu-verkaufen' },
  'for-rent': { nl: 'te-huur', fr: 'a-louer', en: 'for-rent', de: 'zu-vermieten' },
  projects: { nl: 'projecten', fr: 'projets', en: 'projects', de: 'projekte' },
  'thank-you': { nl: 'bedankt', fr: 'merci', en: 'thank-you', de: 'danke' },
  testimonials: { nl: 'getuigenissen', fr: 'temoignages', en: 'testimonials', de: 'erfahrungsberichte' },
  login: { nl: 'login', fr: 'login', en: 'login', de: 'login' },
  'forgot-password': { nl: 'wachtwoord-vergeten', fr: 'mot-de-passe-oublie', en: 'forgot-password', de: 'passwort-vergessen' },
  'set-password': { nl: 'wachtwoord-kiezen', fr: 'choisir-mot-de-passe', en: 'set-password', de: 'passwort-festlegen' },
  portal: { nl: 'mijn-panden', fr: 'mes-biens', en: 'my-properties', de: 'meine-immobilien' },
  'newsletter-confirm': { nl: 'nieuwsbrief-bevestigen', fr: 'confirmer-newsletter', en: 'confirm-newsletter', de: 'newsletter-bestaetigen' },
  searcher: { nl: 'mijn-zoekopdrachten', fr: 'mes-recherches', en: 'my-searches', de: 'meine-suchauftraege' },
  'alert-link': { nl: 'meldingen', fr: 'alertes', en: 'alerts', de: 'benachrichtigungen' },
  'request-confirm': { nl: 'aanvraag-bevestigen', fr: 'confirmer-demande', en: 'confirm-request', de: 'anfrage-bestaetigen' },
  favourites: { nl: 'favorieten', fr: 'favoris', en: 'favourites', de: 'favoriten' },
  compare: { nl: 'vergelijken', fr: 'comparer', en: 'compare', de: 'vergleichen' },
  'our-services': { nl: 'our-services', fr: 'our-services', en: 'our-services', de: 'our-services' },
} as const satisfies Record<string, PerLanguage>;

/** The last segment of a thank-you page for a request that waits for the link mailed to its address. */
export const byMailSlugs = { nl: 'bevestig-per-mail', fr: 'confirmer-par-mail', en: 'confirm-by-mail', de: 'per-mail-bestaetigen' } as const satisfies PerLanguage;

/**
 * First segments of the site's internal pages: the 404 pages and the folders of app/[lang] rendered
 * per request (a unit test keeps this list equal to those folders).
 */
export const internalSegments = {
  '404': 'page not found',
  'list-results': 'filtered property lists',
  'owner-portal': 'owner portal',
  'newsletter-confirmation': 'newsletter confirmation',
  'form-draft': 'form sent back for correction',
  'alert-link': 'confirm or unsubscribe an alert',
  'request-confirmation': 'confirm a request sent without JavaScript',
  'thank-you-summary': 'a thank-you page that sums up its request',
  'searcher-space': "a searcher's searches and followed listings",
  'compare-listings': 'the comparison of listings',
  'compare-listings-export': 'the comparison of listings drawn in the browser (static export only)',
} as const;
