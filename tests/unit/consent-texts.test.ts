import { describe, expect, it, vi } from 'vitest';
import { consentTexts } from '@/components/consent/consent-texts';
import { supportedLanguages } from '@/lib/config';
import type { TagIds } from '@/lib/consent';

vi.mock('next-intl/server', () => import('./intl-mock'));

/*
 * Issue 39 item 8: the consent dialog names Google's services only when a Google tag id is
 * configured, and Meta's pixel only when its id is.
 */
const none: TagIds = { analyticsId: '', adsId: '', tagManagerId: '', socialPixelId: '' };
const all = (language: (typeof supportedLanguages)[number], ids: TagIds) => Object.values(consentTexts(language, ids)).join('\n');

describe('the consent dialog names the configured services only', () => {
  it.each(supportedLanguages)('names neither Google nor Meta with no tag id configured (%s)', (language) => {
    const text = all(language, none);
    expect(text).not.toMatch(/Google|Meta/);
  });

  it('says no service uses a purpose when none is configured', () => {
    const texts = consentTexts('en', none);
    expect(texts.intro).toContain('It uses no analytics or advertising service at present');
    expect(texts.analyticsStorageDescription).toMatch(/No service on this site uses it at present\.$/);
    expect(texts.adUserDataDescription).toMatch(/No service on this site uses it at present\.$/);
  });

  it('names Google Analytics, and not Meta, with only an Analytics id', () => {
    const texts = consentTexts('en', { ...none, analyticsId: 'G-AB12CD34EF' });
    expect(texts.intro).toContain('we also use Google Analytics for statistics and advertising');
    expect(texts.analyticsStorageDescription).toMatch(/Used by: Google Analytics\.$/);
    expect(texts.adStorageDescription).toMatch(/No service on this site uses it at present\.$/);
    expect(all('en', { ...none, analyticsId: 'G-AB12CD34EF' })).not.toContain('Meta');
  });

  it.each(supportedLanguages)('names the Meta pixel, and not Google, with only a pixel id (%s)', (language) => {
    const texts = consentTexts(language, { ...none, socialPixelId: '123456789012345' });
    expect(texts.intro).toContain('Meta');
    expect(all(language, { ...none, socialPixelId: '123456789012345' })).not.toContain('Google');
    // The pixel needs ad storage and ad user data (allowedTags), not analytics storage.
    expect(texts.adStorageDescription).toContain('Meta');
    expect(texts.adUserDataDescription).toContain('Meta');
    expect(texts.analyticsStorageDescription).not.toContain('Meta');
  });

  it('names every configured service, Google and Meta together', () => {
    const texts = consentTexts('fr', { analyticsId: 'G-AB12CD34EF', adsId: 'AW-123456789', tagManagerId: '', socialPixelId: '123456789012345' });
    expect(texts.intro).toContain('nous utilisons aussi Google Analytics, Google Ads et le pixel Meta à des fins statistiques et publicitaires');
    expect(texts.adUserDataDescription).toMatch(/Utilisé par\u00a0: Google Ads et le pixel Meta\.$/);
  });
});
