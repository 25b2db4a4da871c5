import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import type { ConsentTexts } from './consent-manager';

/** The consent dialog's texts in a language, formatted here on the server. */
export async function consentTexts(language: Language): Promise<ConsentTexts> {
  const t = await getTranslations({ locale: language, namespace: 'consent' });
  return {
    title: t('title'),
    intro: t('intro'),
    policyLink: t('policyLink'),
    agreeAll: t('agreeAll'),
    decline: t('decline'),
    changeSettings: t('changeSettings'),
    settingsTitle: t('settingsTitle'),
    settingsIntro: t('settingsIntro'),
    save: t('save'),
    close: t('close'),
    alwaysOn: t('alwaysOn'),
    essential: t('essential'),
    essentialDescription: t('essentialDescription'),
    analyticsStorage: t('analyticsStorage'),
    analyticsStorageDescription: t('analyticsStorageDescription'),
    adStorage: t('adStorage'),
    adStorageDescription: t('adStorageDescription'),
    adUserData: t('adUserData'),
    adUserDataDescription: t('adUserDataDescription'),
    adPersonalization: t('adPersonalization'),
    adPersonalizationDescription: t('adPersonalizationDescription'),
    settingsLink: t('settingsLink'),
  };
}
