import type { Language } from '@/lib/config';
import type { Purpose, TagIds } from '@/lib/consent';
import { configuredSetters, settersOfPurpose, type Setter } from '@/lib/consent/storage-table';
import { islandText, islandTexts } from '@/lib/i18n/island-texts';
import type { ConsentTexts } from './consent-manager';

const serviceKey = {
  analytics: 'serviceAnalytics',
  ads: 'serviceAds',
  tagManager: 'serviceTagManager',
  socialPixel: 'serviceSocialPixel',
} as const satisfies Record<Exclude<Setter, 'site'>, string>;

const descriptionKey = {
  analytics_storage: 'analyticsStorageDescription',
  ad_storage: 'adStorageDescription',
  ad_user_data: 'adUserDataDescription',
  ad_personalization: 'adPersonalizationDescription',
} as const satisfies Record<Purpose, string>;

/**
 * The dialog's texts in a language, handed to it by the server. The intro and each purpose name the
 * services the agency configured (data/site siteInfo's tag ids), and only those: Google's when a
 * Google id is set, Meta's pixel when its id is (issue 39 item 8). Composed here, so that the
 * island ships no code for it.
 */
export function consentTexts(language: Language, ids: TagIds): ConsentTexts {
  const plain = islandTexts(language, 'consent', [
    'title',
    'policyLink',
    'agreeAll',
    'decline',
    'changeSettings',
    'settingsTitle',
    'settingsIntro',
    'save',
    'close',
    'alwaysOn',
    'essential',
    'essentialDescription',
    'analyticsStorage',
    'adStorage',
    'adUserData',
    'adPersonalization',
    'settingsLink',
  ]);
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const services = (setters: readonly Exclude<Setter, 'site'>[]) => list.format(setters.map((setter) => islandText(language, 'consent', serviceKey[setter])));
  const configured = configuredSetters(ids);
  const intro = [
    configured.length === 0 ? islandText(language, 'consent', 'introNoTags') : islandText(language, 'consent', 'introTags', { services: services(configured) }),
    islandText(language, 'consent', 'introChange'),
  ].join(' ');
  const describe = (purpose: Purpose) => {
    const used = settersOfPurpose(ids, purpose);
    const usedBy = used.length === 0 ? islandText(language, 'consent', 'usedByNone') : islandText(language, 'consent', 'usedBy', { services: services(used) });
    return `${islandText(language, 'consent', descriptionKey[purpose])} ${usedBy}`;
  };
  return {
    ...plain,
    intro,
    analyticsStorageDescription: describe('analytics_storage'),
    adStorageDescription: describe('ad_storage'),
    adUserDataDescription: describe('ad_user_data'),
    adPersonalizationDescription: describe('ad_personalization'),
  };
}
