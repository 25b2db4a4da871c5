/*
 * Every cookie and browser storage key the site and its configurable tags set (Belgian DPA
 * decisions 113/2024 and 131/2024: the cookie policy lists each, with its purpose and lifetime).
 * The cookie policy's table and the consent dialog's "used by" lines are drawn from this one list,
 * and tests/unit/cookie-table.test.ts fails when the code sets a name this list does not hold.
 */
import type { Purpose, TagIds } from './index';

/** Where the browser keeps it. */
export type StorageKind = 'cookie' | 'localStorage' | 'sessionStorage';

/** The site itself, or one of the tags an agency may configure (data/site/site.json siteInfo). */
export type Setter = 'site' | 'analytics' | 'ads' | 'tagManager' | 'socialPixel';

/** How long it stays: a fixed time, the tab's life, or until the visitor clears it. */
export type Lifetime = { count: number; unit: 'minutes' | 'hours' | 'days' | 'months' | 'years' } | 'tab' | 'untilCleared';

export type StorageEntry = {
  /** As the browser shows it; `<form>`, `<id>`, `<list>` and `<n>` stand for a part that varies. */
  name: string;
  kind: StorageKind;
  setBy: Setter;
  /** The consent purposes it needs (what allowedTags asks of its tag); none for the site's own, which are essential. */
  needs: readonly Purpose[];
  /** Its key in the messages' cookieTable.uses. */
  use: StorageUse;
  lifetime: Lifetime;
};

/** Its key in the messages' cookieTable.uses. */
type StorageUse =
  | 'language'
  | 'consentChoice'
  | 'session'
  | 'searcherHint'
  | 'loginDevice'
  | 'formDraft'
  | 'captcha'
  | 'favourites'
  | 'favouritesForgotten'
  | 'listQuery'
  | 'formIdentity'
  | 'analyticsVisitor'
  | 'analyticsSession'
  | 'adsConversion'
  | 'socialBrowser';

export const storageTable: readonly StorageEntry[] = [
  // proxy.ts (languageCookie, lib/i18n/routing.ts): one year.
  { name: 'NEXT_LOCALE', kind: 'cookie', setBy: 'site', needs: [], use: 'language', lifetime: { count: 1, unit: 'years' } },
  // The static export's language detection keeps the same choice in local storage too (lib/export/static-pages.ts).
  { name: 'NEXT_LOCALE', kind: 'localStorage', setBy: 'site', needs: [], use: 'language', lifetime: 'untilCleared' },
  // The consent record and its four flags (storageEntries in ./index.ts).
  { name: 'consent', kind: 'localStorage', setBy: 'site', needs: [], use: 'consentChoice', lifetime: 'untilCleared' },
  { name: 'consent.analytics_storage', kind: 'localStorage', setBy: 'site', needs: [], use: 'consentChoice', lifetime: 'untilCleared' },
  { name: 'consent.ad_storage', kind: 'localStorage', setBy: 'site', needs: [], use: 'consentChoice', lifetime: 'untilCleared' },
  { name: 'consent.ad_user_data', kind: 'localStorage', setBy: 'site', needs: [], use: 'consentChoice', lifetime: 'untilCleared' },
  { name: 'consent.ad_personalization', kind: 'localStorage', setBy: 'site', needs: [], use: 'consentChoice', lifetime: 'untilCleared' },
  // The login's session (lib/auth/owner-auth.ts sessionCookie, 12 hours) and the hint the heart's scripts read.
  { name: 'owner_session', kind: 'cookie', setBy: 'site', needs: [], use: 'session', lifetime: { count: 12, unit: 'hours' } },
  { name: 'agency_searcher', kind: 'cookie', setBy: 'site', needs: [], use: 'searcherHint', lifetime: { count: 12, unit: 'hours' } },
  // lib/auth/login-device.ts: a device that signed in before is not slowed down by another address's failures.
  { name: 'login_device', kind: 'cookie', setBy: 'site', needs: [], use: 'loginDevice', lifetime: { count: 180, unit: 'days' } },
  // lib/forms/draft.ts: a form sent without JavaScript and returned for correction keeps what was typed.
  { name: 'form-draft', kind: 'cookie', setBy: 'site', needs: [], use: 'formDraft', lifetime: { count: 15, unit: 'minutes' } },
  // A long draft continues in a second cookie (draftCookieNames).
  { name: 'form-draft-<n>', kind: 'cookie', setBy: 'site', needs: [], use: 'formDraft', lifetime: { count: 15, unit: 'minutes' } },
  // lib/forms/captcha.ts: the anti-spam check of a form sent without JavaScript.
  { name: 'captcha-<form>', kind: 'cookie', setBy: 'site', needs: [], use: 'captcha', lifetime: { count: 30, unit: 'minutes' } },
  { name: 'agency.favourites.v1', kind: 'localStorage', setBy: 'site', needs: [], use: 'favourites', lifetime: 'untilCleared' },
  { name: 'agency.favourites.forgotten.v1', kind: 'localStorage', setBy: 'site', needs: [], use: 'favouritesForgotten', lifetime: 'untilCleared' },
  // lib/catalogue/list-return.ts: "back to the list" returns to the filtered list.
  // components/forms/typed-identity.ts: the name, e-mail and phone typed in one form, offered in the next (WCAG 3.3.7).
  { name: 'form-identity', kind: 'sessionStorage', setBy: 'site', needs: [], use: 'formIdentity', lifetime: 'tab' },
  { name: 'list-query:<list>', kind: 'sessionStorage', setBy: 'site', needs: [], use: 'listQuery', lifetime: 'tab' },
  // Google Analytics 4 (gtag.js), with analytics storage granted.
  { name: '_ga', kind: 'cookie', setBy: 'analytics', needs: ['analytics_storage'], use: 'analyticsVisitor', lifetime: { count: 2, unit: 'years' } },
  { name: '_ga_<id>', kind: 'cookie', setBy: 'analytics', needs: ['analytics_storage'], use: 'analyticsSession', lifetime: { count: 2, unit: 'years' } },
  // Google Ads conversion linker, with ad storage granted.
  { name: '_gcl_au', kind: 'cookie', setBy: 'ads', needs: ['ad_storage'], use: 'adsConversion', lifetime: { count: 90, unit: 'days' } },
  // The Meta pixel, with ad storage and ad user data granted (allowedTags).
  { name: '_fbp', kind: 'cookie', setBy: 'socialPixel', needs: ['ad_storage', 'ad_user_data'], use: 'socialBrowser', lifetime: { count: 90, unit: 'days' } },
];

/** The products each tag id stands for, named in the dialog and the policy: Google's or Meta's. */
export const setterCompany: Record<Exclude<Setter, 'site'>, 'google' | 'meta'> = { analytics: 'google', ads: 'google', tagManager: 'google', socialPixel: 'meta' };

/** Each company's own privacy policy, linked from its products' names in the cookie policy. */
export const companyPrivacyPolicy: Record<'google' | 'meta', string> = { google: 'https://policies.google.com/privacy', meta: 'https://www.facebook.com/privacy/policy/' };

const idOf: Record<Exclude<Setter, 'site'>, keyof TagIds> = { analytics: 'analyticsId', ads: 'adsId', tagManager: 'tagManagerId', socialPixel: 'socialPixelId' };

/** The tags the agency configured, in the table's order of products. */
export function configuredSetters(ids: TagIds): Exclude<Setter, 'site'>[] {
  return (['analytics', 'ads', 'tagManager', 'socialPixel'] as const).filter((setter) => ids[idOf[setter]].trim() !== '');
}

/**
 * The rows a policy shows: the site's own and those of the configured tags only. The tag manager
 * sets no cookie itself, but the Google tags it runs set Analytics' and Ads' (the policy says so).
 */
export function configuredStorage(ids: TagIds): StorageEntry[] {
  const configured = configuredSetters(ids);
  const setters = new Set<Setter>(['site', ...configured, ...(configured.includes('tagManager') ? (['analytics', 'ads'] as const) : [])]);
  return storageTable.filter((entry) => setters.has(entry.setBy));
}

/**
 * The configured tags that act under a purpose: the tag manager for all four (Consent Mode tells its
 * tags what each may do), Analytics for analytics storage, Ads for the three advertising purposes,
 * the pixel for ad storage and ad user data (what allowedTags asks of it).
 */
export function settersOfPurpose(ids: TagIds, purpose: Purpose): Exclude<Setter, 'site'>[] {
  const serves: Record<Exclude<Setter, 'site'>, readonly Purpose[]> = {
    analytics: ['analytics_storage'],
    ads: ['ad_storage', 'ad_user_data', 'ad_personalization'],
    tagManager: ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'],
    socialPixel: ['ad_storage', 'ad_user_data'],
  };
  return configuredSetters(ids).filter((setter) => serves[setter].includes(purpose));
}
