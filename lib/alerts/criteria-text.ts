import { getCities, getType } from '../catalogue';
import type { Language } from '../config';
import { formatEuroFor } from '../format';
import { translatorFor } from '../i18n/messages';
import type { SearchCriteria } from './criteria';

/** A search's criteria in words, one labelled line each, with the form's own labels. */
export function criteriaLines(criteria: SearchCriteria, language: Language): { label: string; value: string }[] {
  const t = translatorFor(language, 'forms');
  const towns = getCities(language);
  const townOf = (zip: string) => {
    const names = [...new Set(towns.filter((town) => town.Zip === zip).map((town) => town.Name))];
    return names.length > 0 ? `${names.join(' / ')} (${zip})` : zip;
  };
  const money = (value: number | undefined) => (value === undefined ? undefined : formatEuroFor(value, language));
  const count = (value: number | undefined) => (value === undefined || value === 0 ? undefined : String(value));
  const lines: [string, string | undefined][] = [
    [t('fields.goal'), t(`options.goal.${criteria.goal}`)],
    [t('fields.types'), criteria.types.map((id) => getType(id, language)?.Name ?? String(id)).join(', ') || undefined],
    [t('fields.zones'), criteria.zips.map(townOf).join(', ') || undefined],
    [t('fields.priceMin'), money(criteria.priceMin)],
    [t('fields.priceMax'), money(criteria.priceMax)],
    [t('fields.minRooms'), count(criteria.minRooms)],
    [t('fields.minBathrooms'), count(criteria.minBathrooms)],
    [t('fields.minParkings'), count(criteria.minParkings)],
  ];
  return lines.flatMap(([label, value]) => (value === undefined ? [] : [{ label, value }]));
}
