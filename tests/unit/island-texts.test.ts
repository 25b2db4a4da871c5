import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { galleryProps } from '@/components/catalogue/gallery-props';
import { listLabels } from '@/components/catalogue/list-labels';
import { consentTexts } from '@/components/consent/consent-texts';
import { bannerOwnLabels } from '@/components/content/banner/banner-labels';
import { favouritesTexts } from '@/components/favourites/favourites-texts';
import { authTexts } from '@/components/owner/auth-texts';
import { supportedLanguages, type Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';
import { allMessages } from '@/lib/i18n/messages';

vi.mock('next-intl/server', () => import('./intl-mock'));

/**
 * What next-intl's `t()` gives for a message with each of its placeholders kept as `{name}`: what
 * the islands' texts were formatted with before islandTexts, and what they must still be.
 */
function formatted(language: Language, namespace: string, key: string): string {
  const group: unknown = Object.entries(allMessages[language]).find(([name]) => name === namespace)?.[1];
  const raw: unknown = typeof group === 'object' && group !== null ? Object.entries(group).find(([name]) => name === key)?.[1] : undefined;
  if (typeof raw !== 'string') throw new Error(`messages/${language}.json has no text ${namespace}.${key}`);
  const t = createTranslator({ locale: language, messages: { message: raw } });
  const placeholders = [...raw.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  return t('message', Object.fromEntries(placeholders.map((name) => [name, `{${name}}`])));
}

/** Each island's texts, by the namespace and key each comes from. */
async function islands(language: Language): Promise<[string, Record<string, string>][]> {
  const gallery = (await galleryProps([], 'title', language)).labels;
  const { previous, next, fullScreen, closeFullScreen, stage, ...photos } = gallery;
  const { noPhoto, ...favourites } = favouritesTexts(language);
  // The intro and the purposes' descriptions are composed from several texts (tests/unit/consent-texts.test.ts).
  const { intro, analyticsStorageDescription, adStorageDescription, adUserDataDescription, adPersonalizationDescription, ...consent } = consentTexts(language, {
    analyticsId: '',
    adsId: '',
    tagManagerId: '',
    socialPixelId: '',
  });
  return [
    ['consent', consent],
    ['favourites', favourites],
    ['property', { noPhoto }],
    ['portal', authTexts(language)],
    ['list', listLabels(language)],
    ['banner', bannerOwnLabels(language)],
    ['property', { ...photos, previousPhoto: previous, nextPhoto: next }],
    ['gallery', { fullScreen, closeFullScreen, carousel: stage['aria-roledescription'], stage: stage['aria-label'] }],
  ];
}

describe('islandTexts', () => {
  it.each(supportedLanguages)('gives each island the texts t() gives, placeholders kept (%s)', async (language) => {
    for (const [namespace, texts] of await islands(language)) {
      for (const [key, text] of Object.entries(texts)) expect(text, `${language} ${namespace}.${key}`).toBe(formatted(language, namespace, key));
    }
  });

  it('keeps a placeholder for the island to fill in', () => {
    expect(favouritesTexts('fr').gone).toBe('Ce bien (réf. {id}) n’est plus en ligne.');
    expect(listLabels('nl').page).toBe('Pagina {page}');
  });

  it('gives the keys asked for, in their order, and no other', () => {
    expect(Object.keys(islandTexts('en', 'banner', ['play', 'pause']))).toEqual(['play', 'pause']);
  });

  it('refuses a key its namespace lacks, at compile time and at run time', () => {
    // @ts-expect-error 'playVideo' is a key of property, not of banner
    expect(() => islandTexts('en', 'banner', ['playVideo'])).toThrow(/playVideo/);
    // @ts-expect-error the portal's nested groups are no text
    expect(() => islandTexts('en', 'portal', ['statuses'])).toThrow(/statuses/);
  });
});
