import { describe, expect, it } from 'vitest';
import {
  allGranted,
  allowedTags,
  allStorageKeys,
  consentModeDefault,
  consentGateAttribute,
  consentGateScript,
  consentModeUpdate,
  consentStorageKey,
  createConsent,
  essentialOnly,
  grantsAny,
  hasResetParameter,
  parseConsent,
  serializeConsent,
  shouldShowDialog,
  storageEntries,
  withoutResetParameter,
} from '@/lib/consent';

const now = new Date('2026-03-01T10:00:00.000Z');
const partial = { analytics_storage: true, ad_storage: false, ad_user_data: false, ad_personalization: true };
const noIds = { analyticsId: '', adsId: '', tagManagerId: '', socialPixelId: '' };
const allIds = { analyticsId: 'G-TEST', adsId: 'AW-TEST', tagManagerId: 'GTM-TEST', socialPixelId: '1234' };

describe('stored consent', () => {
  it('round-trips the record with the essential option and the four purposes', () => {
    const consent = createConsent(partial, now);
    expect(consent).toEqual({ version: 1, savedAt: '2026-03-01T10:00:00.000Z', essential: true, ...partial });
    expect(parseConsent(serializeConsent(consent))).toEqual(consent);
  });

  it('keeps only the four purposes from the choice', () => {
    const consent = createConsent({ ...allGranted, extra: true } as typeof allGranted, now);
    expect(Object.keys(consent).sort()).toEqual(['ad_personalization', 'ad_storage', 'ad_user_data', 'analytics_storage', 'essential', 'savedAt', 'version']);
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['broken JSON', '{"version":1,'],
    ['a string', '"granted"'],
    ['an array', '[true,true,true,true]'],
    ['another version', JSON.stringify({ ...createConsent(allGranted, now), version: 2 })],
    ['essential switched off', JSON.stringify({ ...createConsent(allGranted, now), essential: false })],
    ['a missing purpose', JSON.stringify({ version: 1, savedAt: now.toISOString(), essential: true, analytics_storage: true, ad_storage: true, ad_user_data: true })],
    ['a purpose as text', JSON.stringify({ ...createConsent(allGranted, now), ad_storage: 'granted' })],
    ['no date', JSON.stringify({ ...createConsent(allGranted, now), savedAt: undefined })],
    ['an invalid date', JSON.stringify({ ...createConsent(allGranted, now), savedAt: 'yesterday' })],
  ])('counts %s as no consent', (_name, raw) => {
    expect(parseConsent(raw)).toBeNull();
  });

  it('writes the record and the four flags, and clears all of them', () => {
    const entries = storageEntries(createConsent(partial, now));
    expect(entries.map(([key]) => key)).toEqual(allStorageKeys);
    expect(Object.fromEntries(entries)).toMatchObject({
      [consentStorageKey]: serializeConsent(createConsent(partial, now)),
      'consent.analytics_storage': 'granted',
      'consent.ad_storage': 'denied',
      'consent.ad_user_data': 'denied',
      'consent.ad_personalization': 'granted',
    });
  });
});

describe('when the dialog shows', () => {
  const stored = createConsent(essentialOnly, now);

  it('shows without a stored choice', () => {
    expect(shouldShowDialog('/nl/', null)).toBe(true);
    expect(shouldShowDialog('/fr/a-vendre/', null)).toBe(true);
  });

  it('does not show once a choice is stored, even a refusal', () => {
    expect(shouldShowDialog('/nl/', stored)).toBe(false);
  });

  it('never shows on a path containing preview', () => {
    expect(shouldShowDialog('/nl/preview/', null)).toBe(false);
    expect(shouldShowDialog('/en/some-page-preview/', null)).toBe(false);
    expect(shouldShowDialog('/en/Preview/', null)).toBe(false);
  });

  it('reads and removes the setcookies parameter, keeping the others', () => {
    expect(hasResetParameter('?setcookies')).toBe(true);
    expect(hasResetParameter('?city=Mons&setcookies=1')).toBe(true);
    expect(hasResetParameter('?city=Mons')).toBe(false);
    expect(withoutResetParameter('?setcookies')).toBe('');
    expect(withoutResetParameter('?city=Mons%7C7000&setcookies&type=1')).toBe('?city=Mons%7C7000&type=1');
  });
});

describe('the gate script that shows the server-rendered dialog before hydration', () => {
  /** What the inline script sets on <html>, run against a stored value and an address. */
  function gate(stored: string | null, path: string, options: { storageBlocked?: boolean } = {}): string | undefined {
    const attributes = new Map<string, string>();
    const url = new URL(path, 'https://agency.example');
    const localStorage = {
      getItem: (key: string) => {
        if (options.storageBlocked) throw new Error('SecurityError');
        return key === consentStorageKey ? stored : null;
      },
    };
    const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
    new Function('localStorage', 'location', 'document', consentGateScript())(localStorage, { pathname: url.pathname, search: url.search }, document);
    return attributes.get(consentGateAttribute);
  }

  /** The verdict the hydrated island reaches for the same situation. */
  const islandAsks = (stored: string | null, path: string) => {
    const url = new URL(path, 'https://agency.example');
    return shouldShowDialog(url.pathname, hasResetParameter(url.search) ? null : parseConsent(stored));
  };

  const valid = serializeConsent(createConsent(partial, now));
  const values: (string | null)[] = [
    null,
    '',
    valid,
    serializeConsent(createConsent(essentialOnly, now)),
    'not json',
    'null',
    '[]',
    '{"analytics_storage":true}',
    valid.replace('"version":1', '"version":2'),
    valid.replace('"essential":true', '"essential":false'),
    valid.replace(/"savedAt":"[^"]*"/, '"savedAt":"yesterday"'),
    valid.replace('"ad_storage":false', '"ad_storage":"no"'),
  ];
  const paths = ['/nl/', '/fr/a-vendre/?city=Mons%7C7000', '/nl/?setcookies', '/en/?city=Mons&setcookies=1', '/en/Preview/', '/nl/preview/?setcookies'];

  it.each(values.flatMap((stored) => paths.map((path) => [stored, path] as const)))('agrees with the island for %j at %s', (stored, path) => {
    expect(gate(stored, path)).toBe(islandAsks(stored, path) ? 'ask' : 'kept');
  });

  it('asks when local storage is blocked, as the island does', () => {
    expect(gate(valid, '/nl/', { storageBlocked: true })).toBe('ask');
  });
});

describe('Consent Mode v2', () => {
  it('defaults every purpose to denied and waits 500 ms for the update', () => {
    expect(consentModeDefault).toEqual({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500 });
  });

  it('maps a choice to granted and denied', () => {
    expect(consentModeUpdate(allGranted)).toEqual({ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' });
    expect(consentModeUpdate(essentialOnly)).toEqual({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    expect(consentModeUpdate(createConsent(partial, now))).toEqual({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'granted' });
  });

  it('knows whether anything is granted', () => {
    expect(grantsAny(essentialOnly)).toBe(false);
    expect(grantsAny(partial)).toBe(true);
  });
});

describe('which tags may load', () => {
  it('loads nothing without IDs, whatever the choice', () => {
    expect(allowedTags(noIds, allGranted)).toEqual({ tagManager: null, analytics: null, ads: null, socialPixel: null });
  });

  it('loads nothing before a choice or after a refusal', () => {
    expect(allowedTags(allIds, null)).toEqual({ tagManager: null, analytics: null, ads: null, socialPixel: null });
    expect(allowedTags(allIds, essentialOnly)).toEqual({ tagManager: null, analytics: null, ads: null, socialPixel: null });
  });

  it('loads every configured tag after agreeing to all', () => {
    expect(allowedTags(allIds, allGranted)).toEqual({ tagManager: 'GTM-TEST', analytics: 'G-TEST', ads: 'AW-TEST', socialPixel: '1234' });
  });

  it('ties each tag to its purposes', () => {
    expect(allowedTags(allIds, { ...essentialOnly, analytics_storage: true })).toEqual({ tagManager: 'GTM-TEST', analytics: 'G-TEST', ads: null, socialPixel: null });
    expect(allowedTags(allIds, { ...essentialOnly, ad_storage: true })).toEqual({ tagManager: 'GTM-TEST', analytics: null, ads: 'AW-TEST', socialPixel: null });
    expect(allowedTags(allIds, { ...essentialOnly, ad_storage: true, ad_user_data: true })).toMatchObject({ socialPixel: '1234' });
    expect(allowedTags(allIds, { ...essentialOnly, ad_personalization: true })).toEqual({ tagManager: 'GTM-TEST', analytics: null, ads: null, socialPixel: null });
  });

  it('treats a blank ID as not configured', () => {
    expect(allowedTags({ ...noIds, tagManagerId: '  ' }, allGranted).tagManager).toBeNull();
  });
});
