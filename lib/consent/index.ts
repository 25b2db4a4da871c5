/*
 * Cookie consent (spec §4 "Cookie consent", §9): the stored choice, its validation, when the
 * dialog shows, the Google Consent Mode v2 commands and which tags a choice allows.
 * Pure and free of browser globals so that it runs in unit tests and in the client island alike.
 */

/** The four purposes the visitor chooses, named as Google Consent Mode v2 names them. */
export const purposes = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
export type Purpose = (typeof purposes)[number];
export type Purposes = Record<Purpose, boolean>;

export type StoredConsent = Purposes & {
  version: 1;
  /** ISO 8601 time of the choice, kept as evidence of when consent was given. */
  savedAt: string;
  /** The essential option is always on; stored so that the record lists all five options. */
  essential: true;
};

/** The one authoritative record. */
export const consentStorageKey = 'consent';
/**
 * The spec asks for the consent plus four per-purpose flags in local storage. The flags mirror the
 * record ('granted' or 'denied') for anything that reads a single purpose; the record alone decides.
 */
const purposeStorageKey = (purpose: Purpose) => `consent.${purpose}`;
export const allStorageKeys: readonly string[] = [consentStorageKey, ...purposes.map(purposeStorageKey)];

/** Spec §9: tags wait this long for the stored choice before acting on the 'denied' default. */
const consentWaitForUpdateMs = 500;

/** The URL parameter that clears the stored consent and asks again (spec §2). */
const resetParameter = 'setcookies';

/** The cookie policy's section on changing the choice: where the footer's settings link leads without JavaScript. */
export const cookieSettingsAnchor = 'cookie-settings';

/** Dispatched on window by the footer's settings link; the consent manager opens its settings. */
export const openSettingsEvent = 'consent:open-settings';

export const allGranted: Purposes = { analytics_storage: true, ad_storage: true, ad_user_data: true, ad_personalization: true };
export const essentialOnly: Purposes = { analytics_storage: false, ad_storage: false, ad_user_data: false, ad_personalization: false };

/** Only the four purposes, whatever else the object carries. */
export function pickPurposes(source: Purposes): Purposes {
  return {
    analytics_storage: source.analytics_storage,
    ad_storage: source.ad_storage,
    ad_user_data: source.ad_user_data,
    ad_personalization: source.ad_personalization,
  };
}

export function createConsent(choice: Purposes, now: Date): StoredConsent {
  return { version: 1, savedAt: now.toISOString(), essential: true, ...pickPurposes(choice) };
}

export function serializeConsent(consent: StoredConsent): string {
  return JSON.stringify(consent);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored record, or null when there is none or it cannot be trusted (broken JSON, another
 * version, a value written by something else). Null means "no consent": the visitor is asked again
 * rather than tags running on a choice nobody can show was made.
 */
export function parseConsent(raw: string | null | undefined): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== 1 || value.essential !== true) return null;
  const { savedAt } = value;
  if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return null;
  const { analytics_storage, ad_storage, ad_user_data, ad_personalization } = value;
  if (typeof analytics_storage !== 'boolean' || typeof ad_storage !== 'boolean' || typeof ad_user_data !== 'boolean' || typeof ad_personalization !== 'boolean') {
    return null;
  }
  return createConsent({ analytics_storage, ad_storage, ad_user_data, ad_personalization }, new Date(savedAt));
}

/** Every local-storage entry a saved choice writes: the record and the four flags. */
export function storageEntries(consent: StoredConsent): [key: string, value: string][] {
  return [[consentStorageKey, serializeConsent(consent)], ...purposes.map((purpose): [string, string] => [purposeStorageKey(purpose), consent[purpose] ? 'granted' : 'denied'])];
}

/** Spec §2 and §4: the dialog asks only when nothing valid is stored, and never on a preview path. */
export function shouldShowDialog(pathname: string, stored: StoredConsent | null): boolean {
  return stored === null && !isPreviewPath(pathname);
}

function isPreviewPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('preview');
}

/** The attribute the gate script sets on <html>: "ask" shows the dialog the server rendered. */
export const consentGateAttribute = 'data-consent';

/**
 * A tiny inline script, run right after the dialog's markup and before the rest of the body: the
 * server renders the dialog into every page (so that it is painted with the page, not seconds later
 * by the client code), hidden unless this script finds no valid stored choice, no ?setcookies and no preview path, the rules of
 * parseConsent and shouldShowDialog. Without JavaScript the dialog stays hidden: nothing could be
 * stored, and no tag can load either.
 */
export function consentGateScript(): string {
  const purposeKeys = JSON.stringify(purposes);
  return [
    '(function(){var ask="ask";try{',
    `var v=null;try{v=JSON.parse(localStorage.getItem(${JSON.stringify(consentStorageKey)})||"null")}catch(e){}`,
    `var kept=!new URLSearchParams(location.search).has(${JSON.stringify(resetParameter)})&&!!v&&typeof v==="object"&&v.version===1&&v.essential===true`,
    `&&typeof v.savedAt==="string"&&!isNaN(Date.parse(v.savedAt))&&${purposeKeys}.every(function(k){return typeof v[k]==="boolean"});`,
    'if(kept||location.pathname.toLowerCase().indexOf("preview")>=0)ask="kept"}catch(e){}',
    `document.documentElement.setAttribute(${JSON.stringify(consentGateAttribute)},ask)})()`,
  ].join('');
}

/** The query string without setcookies, so that a reload does not clear the new choice again. */
export function withoutResetParameter(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(resetParameter);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function hasResetParameter(search: string): boolean {
  return new URLSearchParams(search).has(resetParameter);
}

type ConsentState = 'granted' | 'denied';
export type ConsentModeUpdate = Record<Purpose, ConsentState>;

/** The Consent Mode v2 default, set before any tag can load. */
export const consentModeDefault: ConsentModeUpdate & { wait_for_update: number } = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  wait_for_update: consentWaitForUpdateMs,
};

/** The object for gtag('consent', 'update', …). */
export function consentModeUpdate(choice: Purposes): ConsentModeUpdate {
  const state = (flag: boolean): ConsentState => (flag ? 'granted' : 'denied');
  return {
    analytics_storage: state(choice.analytics_storage),
    ad_storage: state(choice.ad_storage),
    ad_user_data: state(choice.ad_user_data),
    ad_personalization: state(choice.ad_personalization),
  };
}

export function grantsAny(choice: Purposes): boolean {
  return purposes.some((purpose) => choice[purpose]);
}

export type TagIds = { analyticsId: string; adsId: string; tagManagerId: string; socialPixelId: string };
export type AllowedTags = { tagManager: string | null; analytics: string | null; ads: string | null; socialPixel: string | null };

/**
 * Which third-party scripts a choice allows: only configured IDs, and only for the purposes they
 * serve. The tag manager loads for any granted purpose because Consent Mode then tells each of its
 * tags what it may do. The social pixel both sets an advertising cookie and sends the visit to the
 * ad network, so it needs ad storage and ad user data.
 */
export function allowedTags(ids: TagIds, choice: Purposes | null): AllowedTags {
  // The data check refuses malformed IDs (lib/config/formats); this second guard keeps anything but
  // letters, digits and hyphens out of the script URLs and tag commands even if that check is bypassed.
  const configured = (id: string) => (/^[A-Za-z0-9-]+$/.test(id.trim()) ? id.trim() : null);
  if (!choice) return { tagManager: null, analytics: null, ads: null, socialPixel: null };
  return {
    tagManager: grantsAny(choice) ? configured(ids.tagManagerId) : null,
    analytics: choice.analytics_storage ? configured(ids.analyticsId) : null,
    ads: choice.ad_storage ? configured(ids.adsId) : null,
    socialPixel: choice.ad_storage && choice.ad_user_data ? configured(ids.socialPixelId) : null,
  };
}
