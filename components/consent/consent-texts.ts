import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';
import type { ConsentTexts } from './consent-manager';

/** The consent dialog's texts in a language, handed to it by the server. */
export function consentTexts(language: Language): ConsentTexts {
  return islandTexts(language, 'consent', [
    'title',
    'intro',
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
    'analyticsStorageDescription',
    'adStorage',
    'adStorageDescription',
    'adUserData',
    'adUserDataDescription',
    'adPersonalization',
    'adPersonalizationDescription',
    'settingsLink',
  ]);
}
