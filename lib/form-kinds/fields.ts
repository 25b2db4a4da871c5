import { z } from 'zod';

// Without it zod probes `new Function` on the first parse, which the pages' Content-Security-Policy
// (no 'unsafe-eval') refuses and reports as a violation, even though zod catches the refusal.
z.config({ jitless: true });

/*
 * Building blocks of the form schemas. Every message is a key of the `forms.errors` messages, so
 * the browser and the server translate the same rule into the visitor's language.
 */

export const titles = ['mr', 'ms', 'miss'] as const;
/** design.md §9: one list of contact time slots in every language. */
export const contactTimeSlots = ['10-13', '13-16', '16-19'] as const;
export const contactDevices = ['phone', 'email', 'sms'] as const;
export const goals = ['sale', 'rent'] as const;
/** How often a search alert mails its news (lib/alerts). */
export const alertFrequencies = ['immediately', 'daily', 'weekly'] as const;
export type Goal = (typeof goals)[number];

const emailPattern = z.regexes.email;

/** Empty inputs (and absent JSON fields) are "not given". */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const requiredText = (key: string, max = 100) => z.string({ error: key }).trim().min(1, key).max(max, 'tooLong');

export const optionalText = (max = 200) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, 'tooLong')
    .optional()
    .transform((value) => value ?? '');

export const email = (key = 'emailInvalid') => z.string({ error: key }).trim().max(254, key).regex(emailPattern, key);

/** An e-mail address that may be left empty (then ''), and must be valid when typed. */
export const optionalEmail = (key = 'emailInvalid') =>
  z
    .string({ error: key })
    .trim()
    .max(254, key)
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || emailPattern.test(value), key);

/** A phone number that may be left empty (then ''), and must have 9 digits or more when typed. */
export const optionalPhone = z
  .string({ error: 'phoneInvalid' })
  .trim()
  .max(20, 'phoneInvalid')
  .optional()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || (/^\+?[\d\s./()-]{9,20}$/.test(value) && value.replace(/\D/g, '').length >= 9), 'phoneInvalid');

export const phone = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .regex(/^\+?[\d\s./()-]{9,20}$/, 'phoneInvalid')
  .refine((value) => value.replace(/\D/g, '').length >= 9, 'phoneInvalid');

export const title = z.enum(titles, { error: 'titleRequired' });

/** Ticked ("on" from a plain form, true from JSON), or the visitor is asked to accept. */
export const privacy = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.literal(true, { error: 'privacyRequired' }));

/** A checkbox that is either ticked or not; "on" is what a plain HTML form sends. */
export const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean());

const stringList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === undefined || value === null || value === false ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(values, { error: 'invalid' })));

/** A whole number typed by a person: spaces and dots as thousands separators are fine. */
function typedWholeNumber(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  const cleaned = blank.replace(/[\s.]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : blank;
}

export const optionalCount = (max: number) => z.preprocess(typedWholeNumber, z.number({ error: 'numberInvalid' }).int('numberInvalid').min(0, 'numberInvalid').max(max, 'numberInvalid').optional());

/** `minKey` says what the lowest value is, where "a whole number" would not help ("at least one adult"). */
export const requiredCount = (key: string, min: number, max: number, minKey = 'numberInvalid') =>
  z.preprocess(typedWholeNumber, z.number({ error: key }).int('numberInvalid').min(min, minKey).max(max, 'numberInvalid'));

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A day as <input type="date"> sends it: yyyy-mm-dd. */
export const requiredDate = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, key)
    .refine(isCalendarDate, key);

/** Today in Brussels as yyyy-mm-dd: the agency's calendar, whatever the visitor's or the server's zone. */
export function brusselsToday(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' });
}

/** How far ahead a planned day may lie (a move, an offer's signature or validity). */
const maxYearsAhead = 2;

function yearsAhead(day: string, years: number): string {
  const [year, rest] = [Number(day.slice(0, 4)), day.slice(4)];
  return `${year + years}${rest}`;
}

/**
 * A day that is still to come: today or later in Brussels, and at most two years ahead. "Today" is
 * read when the value is checked, so a page built last month still judges by today's date.
 */
export const upcomingDate = (key: string) => {
  // Only a complete, real day is compared: a broken one gets its own message alone.
  const whenValid = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;
  return requiredDate(key)
    .refine((value) => value >= brusselsToday(), { message: 'dateInPast', when: whenValid })
    .refine((value) => value <= yearsAhead(brusselsToday(), maxYearsAhead), { message: 'dateTooFar', when: whenValid });
};

/** A field of a value zod has not checked yet (a refinement's `when`). */
export const fieldOf = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);

/** What a search alert may ask, in its form and in the searcher's space (lib/alerts/edit-search.ts). */
export const searchLimits = { price: 100_000_000, count: 50, postcodes: 30 } as const;

/** The captcha answer; its own rule so that an empty answer gets the spec's message too. */
export const captchaAnswer = z.string({ error: 'captchaInvalid' }).trim().min(1, 'captchaInvalid').max(12, 'captchaInvalid');

export const listingId = z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.number({ error: 'invalid' }).int().positive());

export const optionalUrl = z
  .string({ error: 'websiteInvalid' })
  .trim()
  .max(300, 'tooLong')
  .optional()
  .refine((value) => !value || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value), 'websiteInvalid')
  .transform((value) => value ?? '');

/**
 * Whether a text would show a link in an e-mail: an address with a scheme, www., or a domain name
 * (mail programs turn "example.com" into a link by themselves). Look-alike dots and invisible
 * characters hide none. A name before the dot needs two characters, so that "M.Dupont" or "p.ex."
 * stay plain text.
 */
function containsLink(text: string): boolean {
  const plain = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\u3002/g, '.');
  // Each pattern starts only where a run of its characters starts (the lookbehinds), so a long run
  // without a dot is scanned once, not once per position: linear in the text, whatever its length.
  return /(?<![a-z\d+.-])[a-z][a-z\d+.-]*:\/\//i.test(plain) || /\bwww\d{0,3}\./i.test(plain) || /(?<![\p{L}\p{N}-])[\p{L}\p{N}-]{2,}\.\p{L}{2,63}(?![\p{L}\p{N}])/u.test(plain);
}

/** A required text that may not carry a link (what a stranger's e-mail shows). */
export const linkFreeText = (key: string, max = 100) => requiredText(key, max).refine((value) => !containsLink(value), 'noLinks');

/** The longest note a visitor may add to a listing sent to a friend (forms.errors.noteTooLong says it). */
const friendNoteMaxLength = 300;

/** The note of send-to-friend: short plain text, no links. */
export const friendNote = z
  .string({ error: 'invalid' })
  .trim()
  .max(friendNoteMaxLength, 'noteTooLong')
  .refine((value) => !containsLink(value), 'noLinks')
  .optional()
  .transform((value) => value ?? '');

/** The contact fields most request forms share (spec §3 'Forms'). */
export const contactShape = {
  title,
  firstName: requiredText('firstNameRequired'),
  lastName: requiredText('lastNameRequired'),
  email: email(),
  phone,
  street: optionalText(120),
  houseNumber: optionalText(12),
  city: optionalText(80),
  remark: optionalText(2000),
  contactSlots: stringList(contactTimeSlots),
  contactDevice: z.preprocess(blankToUndefined, z.enum(contactDevices, { error: 'invalid' }).optional()),
  newsletter: checkbox,
  privacy,
};
