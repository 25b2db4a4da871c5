/*
 * Values as the Omnicasa API carries them: JSON records, its two date forms and its parameter
 * encoding (omnicasa-api.md §1). Shared by the double and the tests that read its answers.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Omnicasa's LanguageId table (omnicasa-api.md §4), for the languages the site's snapshot holds. */
const crmLanguageIds = { nl: 1, fr: 2, en: 3, de: 4 } as const;
export type CrmLanguage = keyof typeof crmLanguageIds;
export const crmLanguages: readonly CrmLanguage[] = ['nl', 'fr', 'en', 'de'];

export function languageOfId(id: number | undefined): CrmLanguage | undefined {
  return crmLanguages.find((language) => crmLanguageIds[language] === id);
}

// The CRM is a Belgian one: its DateTime strings are Brussels wall-clock times without an offset.
const brussels = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the CRM writes it: "YYYY-MM-DD HH:MM:SS", Brussels time. */
export function crmDateTime(instant: Date): string {
  const parts = brussels.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const crmDatePattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * A DateTime parameter as a WCF service accepts it: "YYYY-MM-DD HH:MM:SS" (fw4's form) or the
 * ISO "T" form, normalised to the CRM's own form so that text comparison orders them.
 */
function parseCrmDateTime(value: string): string | undefined {
  const match = crmDatePattern.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** The site's ISO dates ("2026-03-01", "2026-03-01T10:00", "2026-03-01T10:00:00") in the CRM's form. */
export function crmDateOfIso(iso: string): string {
  const [date = iso, time = '00:00:00'] = iso.split('T');
  const [hour = '00', minute = '00', second = '00'] = time.split(':');
  return `${date} ${hour}:${minute}:${second}`;
}

function brusselsOffsetMinutes(utcMs: number): number {
  const wall = crmDateTime(new Date(utcMs));
  const match = crmDatePattern.exec(wall);
  if (!match) return 0;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return (Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second) - utcMs) / 60_000;
}

/** A CRM wall-clock time in WCF's JSON form, `/Date(<epoch ms><±hhmm>)/`, with Brussels' offset of that day. */
export function wcfDate(crmDate: string): string {
  const match = crmDatePattern.exec(crmDate);
  if (!match) return crmDate;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  const offset = brusselsOffsetMinutes(asUtc - brusselsOffsetMinutes(asUtc) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `/Date(${asUtc - offset * 60_000}${sign}${hours}${minutes})/`;
}

/** omnicasa-api.md §1: fields whose name starts or ends with "Date" carry dates. */
export function isDateField(name: string): boolean {
  return /^Date|Date$/.test(name);
}

/**
 * Parameters of one call, names matched case-insensitively as the API does; lists of scalars may
 * come comma-joined (fw4's encoding) or as JSON arrays.
 */
export class CrmParams {
  private readonly byName = new Map<string, Json>();

  constructor(readonly raw: JsonObject) {
    for (const [name, value] of Object.entries(raw)) this.byName.set(name.toLowerCase(), value);
  }

  get(name: string): Json | undefined {
    return this.byName.get(name.toLowerCase());
  }

  has(name: string): boolean {
    const value = this.get(name);
    return value !== undefined && value !== null && value !== '';
  }

  int(name: string): number | undefined {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
    if (!Number.isInteger(number)) throw new ParamError(name, value);
    return number;
  }

  bool(name: string): boolean | undefined {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'True') return true;
    if (value === 'false' || value === 'False') return false;
    throw new ParamError(name, value);
  }

  text(name: string): string | undefined {
    const value = this.get(name);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new ParamError(name, value);
  }

  list(name: string): string[] | undefined {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    return items.map((item) => {
      if (typeof item === 'string') return item.trim();
      if (typeof item === 'number') return String(item);
      throw new ParamError(name, value);
    });
  }

  intList(name: string): number[] | undefined {
    return this.list(name)?.map((item) => {
      const number = Number(item);
      if (item === '' || !Number.isInteger(number)) throw new ParamError(name, item);
      return number;
    });
  }

  dateTime(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined || value === '') return undefined;
    const parsed = parseCrmDateTime(value);
    if (!parsed) throw new ParamError(name, value);
    return parsed;
  }
}

export class ParamError extends Error {
  constructor(
    readonly param: string,
    value: Json,
  ) {
    super(`Invalid value for parameter ${param}: ${JSON.stringify(value)}`);
  }
}
