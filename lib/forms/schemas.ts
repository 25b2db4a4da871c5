import { z } from 'zod';
import {
  alertFrequencies,
  checkbox,
  contactShape,
  email,
  friendNote,
  goals,
  linkFreeText,
  listingId,
  optionalEmail,
  optionalPhone,
  optionalCount,
  optionalText,
  optionalUrl,
  phone,
  privacy,
  requiredCount,
  requiredText,
  title,
  titles,
  upcomingDate,
} from './fields';

/*
 * One schema per form, shared by the browser (react-hook-form's resolver) and the route handler.
 * The order of the fields is the order of the form, so "the first error" is the first on screen.
 */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A checkbox group: nothing ticked arrives as absent (plain form) or false (react-hook-form). */
const asList = (value: unknown) => (value === undefined || value === null || value === false || value === '' ? [] : Array.isArray(value) ? value : [value]);

const typeIds = z.preprocess(
  asList,
  z.array(z.string().regex(/^\d{1,3}$/, 'typeRequired'), { error: 'typeRequired' }).min(1, 'typeRequired').max(10, 'typeRequired'),
);

/** Towns ("Mons|7000") picked from the list, or bare postcodes typed in. */
const zones = z.preprocess(asList, z.array(z.string().trim().regex(/^([^|]{1,80}\|)?\d{4}$/, 'zoneRequired'), { error: 'zoneRequired' }).max(30, 'zoneRequired'));

/** What a search alert may ask, here and in the searcher's space (lib/alerts/edit-search.ts). */
export const searchLimits = { price: 100_000_000, count: 50, postcodes: 30 } as const;

/** Postcodes typed in one field, separated by commas or spaces ("7000, 7011"). */
const postcodes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : asList(value)),
  z.array(z.string().regex(/^\d{4}$/, 'postcodesInvalid'), { error: 'postcodesInvalid' }).max(searchLimits.postcodes, 'postcodesInvalid'),
);


const endAfterStart = (value: { startDate: string; endDate: string }) => value.endDate >= value.startDate;

const fieldOf = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);
const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const bothNumbers = (value: unknown, a: string, b: string) => typeof fieldOf(value, a) === 'number' && typeof fieldOf(value, b) === 'number';
const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const bothDates = (value: unknown) => isDay(fieldOf(value, 'startDate')) && isDay(fieldOf(value, 'endDate'));

/** Buyer B of an offer: optional, but a buyer B is named and reachable like buyer A. */
const buyerBShape = {
  personBTitle: z.preprocess(blankToUndefined, z.enum(titles, { error: 'titleRequired' }).optional()),
  personBFirstName: optionalText(100),
  personBLastName: optionalText(100),
  personBEmail: optionalEmail(),
  personBPhone: optionalPhone,
  personBStreet: optionalText(120),
  personBHouseNumber: optionalText(12),
  personBCity: optionalText(80),
};
const buyerBFields = Object.keys(buyerBShape);

/** Whether the visitor filled in anything of buyer B (then B's name, e-mail and phone are needed). */
function buyerBGiven(value: unknown): boolean {
  return buyerBFields.some((field) => {
    const given = fieldOf(value, field);
    return typeof given === 'string' && given.trim() !== '';
  });
}

export const formSchemas = {
  'contact-appointment': z.object({
    propertyId: listingId,
    slotId: z.preprocess((value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.number({ error: 'slotRequired' }).int().positive().optional()),
    ...contactShape,
  }),
  'contact-me': z.object({ propertyId: listingId, ...contactShape }),
  'request-documents': z.object({
    propertyId: listingId,
    title,
    firstName: contactShape.firstName,
    lastName: contactShape.lastName,
    email: email(),
    phone,
    newsletter: checkbox,
    privacy,
  }),
  // The friend's e-mail shows the sender's name and note to a stranger: no links in them.
  'send-to-friend': z.object({
    propertyId: listingId,
    firstName: linkFreeText('firstNameRequired'),
    lastName: linkFreeText('lastNameRequired'),
    email: email(),
    friendEmail: email('friendEmailInvalid'),
    remark: friendNote,
    privacy,
  }),
  'contact-construction': z.object({ projectId: listingId, ...contactShape }),
  'contact-demand': z.object({
    ...contactShape,
    propertyType: z.string({ error: 'typeRequired' }).regex(/^\d{1,3}$/, 'typeRequired'),
    street: requiredText('valuationAddressRequired', 120),
    houseNumber: requiredText('valuationAddressRequired', 12),
    zip: z.string({ error: 'zipRequired' }).trim().regex(/^\d{4}$/, 'zipRequired'),
    city: requiredText('cityRequired', 80),
  }),
  'demand-register': z
    .object({
      ...contactShape,
      goal: z.enum(goals, { error: 'goalRequired' }),
      types: typeIds,
      zones,
      priceMin: optionalCount(searchLimits.price),
      priceMax: optionalCount(searchLimits.price),
      minRooms: optionalCount(searchLimits.count),
      minParkings: optionalCount(searchLimits.count),
      minBathrooms: optionalCount(searchLimits.count),
      budget: optionalCount(searchLimits.price),
      postcodes,
      frequency: z.preprocess(blankToUndefined, z.enum(alertFrequencies, { error: 'invalid' }).default('immediately')),
    })
    // `when`: these checks also run while other fields are still wrong, so every error shows at once.
    .refine((value) => listLength(value.zones) + listLength(value.postcodes) > 0, { message: 'zoneRequired', path: ['zones'], when: (payload) => listLength(fieldOf(payload.value, 'postcodes')) === 0 })
    .refine((value) => value.priceMin === undefined || value.priceMax === undefined || value.priceMax >= value.priceMin, {
      message: 'priceRange',
      path: ['priceMax'],
      when: (payload) => bothNumbers(payload.value, 'priceMin', 'priceMax'),
    }),
  'site-contact': z.object({ ...contactShape, city: requiredText('cityRequired', 80) }),
  'sign-newsletter': z.object({ email: email(), privacy }),
  'follow-listing': z.object({ propertyId: listingId, email: email(), privacy }),
  testimonial: z.object({
    name: requiredText('nameRequired'),
    about: optionalText(200),
    website: optionalUrl,
    comment: requiredText('commentRequired', 3000),
    email: email(),
    privacy,
  }),
  'job-application': z.object({ ...contactShape }),
  'purchase-offer': z
    .object({
      propertyId: listingId,
      ...contactShape,
      ...buyerBShape,
      amount: requiredCount('amountRequired', 1, 100_000_000),
      amountInWords: requiredText('amountWordsRequired', 300),
      startDate: upcomingDate('datesRequired'),
      endDate: upcomingDate('datesRequired'),
      place: requiredText('placeRequired'),
      signDate: upcomingDate('signDateRequired'),
      conditions: optionalText(2000),
    })
    .refine(endAfterStart, { message: 'endDateInvalid', path: ['endDate'], when: (payload) => bothDates(payload.value) })
    .refine((value) => !buyerBGiven(value) || value.personBFirstName !== '', { message: 'firstNameRequired', path: ['personBFirstName'], when: (payload) => buyerBGiven(payload.value) })
    .refine((value) => !buyerBGiven(value) || value.personBLastName !== '', { message: 'lastNameRequired', path: ['personBLastName'], when: (payload) => buyerBGiven(payload.value) })
    .refine((value) => !buyerBGiven(value) || value.personBEmail !== '', { message: 'emailInvalid', path: ['personBEmail'], when: (payload) => buyerBGiven(payload.value) })
    .refine((value) => !buyerBGiven(value) || value.personBPhone !== '', { message: 'phoneRequired', path: ['personBPhone'], when: (payload) => buyerBGiven(payload.value) }),
  'rental-application': z.object({
    propertyId: listingId,
    ...contactShape,
    adults: requiredCount('adultsRequired', 1, 20, 'adultsMin'),
    kids: optionalCount(20),
    kidsAges: optionalText(100),
    pets: optionalText(200),
    moveDate: upcomingDate('moveDateRequired'),
    reason: optionalText(1000),
    income1: optionalCount(10_000_000),
    income2: optionalCount(10_000_000),
  }),
} as const;

export type FormName = keyof typeof formSchemas;
export const formNames = Object.keys(formSchemas) as FormName[];

export function isFormName(value: string): value is FormName {
  return Object.hasOwn(formSchemas, value);
}

/** The captcha answer; its own rule so that an empty answer gets the spec's message too. */
export const captchaAnswer = z.string({ error: 'captchaInvalid' }).trim().min(1, 'captchaInvalid').max(12, 'captchaInvalid');
