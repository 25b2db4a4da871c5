import { getCities, getTypes } from '@/lib/catalogue';
import { getMenuEntry, getSite, type Language } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { href, menuEntryHref } from '@/lib/pages';
import type { Choice } from './fields';
import type { FormCommon } from './request-form';

/** What every form island needs from the server: the language and where the privacy statement is. */
export function formCommon(language: Language): FormCommon {
  const privacy = getMenuEntry('privacy-statement');
  const { phone, email } = getSite().siteInfo;
  return {
    language,
    privacyHref: privacy && privacy.status !== 'Draft' ? menuEntryHref(privacy, language) : href({ page: 'home' }, language),
    agency: { phone: formatPhone(phone), phoneHref: phoneHref(phone), email },
  };
}

export function typeChoices(language: Language): Choice[] {
  return getTypes(language).map((type) => ({ value: type.WebID, label: type.Name }));
}

export function townChoices(language: Language): Choice[] {
  return getCities(language, 'all').map((city) => ({ value: `${city.Name}|${city.Zip}`, label: `${city.Name} (${city.Zip})` }));
}
