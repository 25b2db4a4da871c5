import { describe, expect, it } from 'vitest';
import { detectLanguage, parseAcceptLanguage } from '@/lib/i18n/detect';

const enabled = ['nl', 'fr', 'en'] as const;

describe('language detection (query, cookie, Accept-Language, default)', () => {
  it('prefers the lng query parameter over everything else', () => {
    expect(detectLanguage({ query: 'en', cookie: 'fr', acceptLanguage: 'nl', enabled: [...enabled], fallback: 'nl' })).toBe('en');
  });
  it('uses the cookie when there is no usable query', () => {
    expect(detectLanguage({ query: 'xx', cookie: 'fr', acceptLanguage: 'en', enabled: [...enabled], fallback: 'nl' })).toBe('fr');
  });
  it('negotiates Accept-Language by weight, matching regional variants', () => {
    expect(detectLanguage({ acceptLanguage: 'de-DE,fr-BE;q=0.8,en;q=0.9', enabled: [...enabled], fallback: 'nl' })).toBe('en');
    expect(detectLanguage({ acceptLanguage: 'fr-BE', enabled: [...enabled], fallback: 'nl' })).toBe('fr');
  });
  it('ignores disabled languages and falls back to the configured default', () => {
    expect(detectLanguage({ query: 'de', cookie: 'de', acceptLanguage: 'de', enabled: [...enabled], fallback: 'nl' })).toBe('nl');
    expect(detectLanguage({ enabled: [...enabled], fallback: 'fr' })).toBe('fr');
  });
  it('parses weights and drops q=0 and wildcards', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr;q=0, nl, *')).toEqual(['nl', 'en']);
  });
});
