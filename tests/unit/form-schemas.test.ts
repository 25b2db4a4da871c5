import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { supportedLanguages } from '@/lib/config';
import { brusselsToday, requiredDate } from '@/lib/form-kinds/fields';
import { captchaAnswer } from '@/lib/form-kinds/fields';
import { formNames, formKinds, type FormName } from '@/lib/form-kinds/table';

/*
 * Every rule of every form schema: a valid example passes, and each broken field gives the message
 * key (a key of forms.errors) the visitor will read, at the field where the form shows it.
 */

type Input = Record<string, unknown>;
type Issue = { path: PropertyKey[]; message: string };

const contact: Input = {
  title: 'ms',
  firstName: 'Marie',
  lastName: 'Dubois',
  email: 'marie.dubois@example.be',
  phone: '0470 12 34 56',
  privacy: true,
};

/** A day some weeks ahead, as a date input sends it: the forms refuse days that have passed. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const buyerB: Input = { personBTitle: 'mr', personBFirstName: 'Paul', personBLastName: 'Dubois', personBEmail: 'paul.dubois@example.be', personBPhone: '0470 11 22 33', personBCity: 'Mons' };

const valid: Record<FormName, Input> = {
  'contact-appointment': { propertyId: 4000001, slotId: '', ...contact },
  'contact-me': { propertyId: 4000001, ...contact, remark: 'Is the garden south-facing?' },
  'request-documents': { propertyId: 4000001, ...contact },
  'send-to-friend': {
    propertyId: 4000001,
    firstName: 'Marie',
    lastName: 'Dubois',
    email: 'marie.dubois@example.be',
    friendEmail: 'paul@example.be',
    remark: 'Look at this one!',
    privacy: true,
  },
  'contact-construction': { projectId: 5000001, ...contact },
  'contact-demand': { ...contact, propertyType: '1', street: 'Rue de la Station', houseNumber: '12', zip: '7000', city: 'Mons' },
  'demand-register': {
    ...contact,
    goal: 'sale',
    types: ['1', '3'],
    zones: ['Mons|7000', '7020'],
    priceMin: '150000',
    priceMax: '300000',
  },
  'site-contact': { ...contact, city: 'Mons' },
  'sign-newsletter': { email: 'marie.dubois@example.be', privacy: true },
  'follow-listing': { propertyId: 4000001, email: 'marie.dubois@example.be', privacy: true },
  testimonial: { name: 'Marie Dubois', about: 'Seller in Mons', website: '', comment: 'Sold in three weeks, thank you!', email: 'marie.dubois@example.be', privacy: true },
  'job-application': { ...contact },
  'purchase-offer': {
    propertyId: 4000001,
    ...contact,
    amount: '250000',
    amountInWords: 'deux cent cinquante mille euros',
    startDate: daysAhead(30),
    endDate: daysAhead(44),
    place: 'Mons',
    signDate: daysAhead(30),
  },
  'rental-application': { propertyId: 4000002, ...contact, adults: '2', moveDate: daysAhead(60) },
};

const schemaOf = (form: FormName): z.ZodType => formKinds[form].schema;

function issuesOf(form: FormName, input: Input): Issue[] {
  const result = schemaOf(form).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

const without = (input: Input, ...fields: string[]): Input => Object.fromEntries(Object.entries(input).filter(([field]) => !fields.includes(field)));

/** Every message key seen in a failure below; checked against the message files at the end. */
const producedKeys = new Set<string>();

/** The form shows the first issue of each field: that is the message the visitor reads. */
function expectFirstError(form: FormName, input: Input, field: string, message: string, fullPath: PropertyKey[] = [field]) {
  const issues = issuesOf(form, input);
  issues.forEach((issue) => producedKeys.add(issue.message));
  const first = issues.find((issue) => issue.path[0] === field);
  expect(first, `${form}: expected an error on ${field}`).toBeDefined();
  expect(first).toEqual({ path: fullPath, message });
}

type Case = { field: string; input: Input; message: string; path?: PropertyKey[] };

/** Missing or wrong contact fields, shared by every form built on the contact block. */
function contactCases(base: Input): Case[] {
  return [
    { field: 'title', input: without(base, 'title'), message: 'titleRequired' },
    { field: 'title', input: { ...base, title: 'dr' }, message: 'titleRequired' },
    { field: 'firstName', input: without(base, 'firstName'), message: 'firstNameRequired' },
    { field: 'firstName', input: { ...base, firstName: '   ' }, message: 'firstNameRequired' },
    { field: 'firstName', input: { ...base, firstName: 'x'.repeat(101) }, message: 'tooLong' },
    { field: 'lastName', input: without(base, 'lastName'), message: 'lastNameRequired' },
    { field: 'lastName', input: { ...base, lastName: '' }, message: 'lastNameRequired' },
    { field: 'email', input: without(base, 'email'), message: 'emailInvalid' },
    { field: 'email', input: { ...base, email: 'marie@' }, message: 'emailInvalid' },
    { field: 'email', input: { ...base, email: 'marie dubois@example.be' }, message: 'emailInvalid' },
    { field: 'phone', input: without(base, 'phone'), message: 'phoneRequired' },
    { field: 'phone', input: { ...base, phone: '' }, message: 'phoneRequired' },
    { field: 'phone', input: { ...base, phone: 'abc' }, message: 'phoneInvalid' },
    { field: 'phone', input: { ...base, phone: '12345' }, message: 'phoneInvalid' },
    { field: 'phone', input: { ...base, phone: '(.)-/ (.)-/ ' }, message: 'phoneInvalid' },
    { field: 'privacy', input: without(base, 'privacy'), message: 'privacyRequired' },
    { field: 'privacy', input: { ...base, privacy: false }, message: 'privacyRequired' },
  ];
}

/** Optional parts of the contact block: still checked when given. */
function contactOptionCases(base: Input): Case[] {
  return [
    { field: 'contactSlots', input: { ...base, contactSlots: ['10-13', '20-23'] }, message: 'invalid', path: ['contactSlots', 1] },
    { field: 'contactDevice', input: { ...base, contactDevice: 'fax' }, message: 'invalid' },
    { field: 'remark', input: { ...base, remark: 'x'.repeat(2001) }, message: 'tooLong' },
  ];
}

const listingCases = (base: Input, field: 'propertyId' | 'projectId'): Case[] => [
  { field, input: without(base, field), message: 'invalid' },
  { field, input: { ...base, [field]: 'abc' }, message: 'invalid' },
  { field, input: { ...base, [field]: '0' }, message: 'invalid' },
];

const cases: Record<FormName, Case[]> = {
  'contact-appointment': [
    ...listingCases(valid['contact-appointment'], 'propertyId'),
    ...contactCases(valid['contact-appointment']),
    ...contactOptionCases(valid['contact-appointment']),
    { field: 'slotId', input: { ...valid['contact-appointment'], slotId: 'tomorrow' }, message: 'slotRequired' },
  ],
  'contact-me': [...listingCases(valid['contact-me'], 'propertyId'), ...contactCases(valid['contact-me']), ...contactOptionCases(valid['contact-me'])],
  'request-documents': [...listingCases(valid['request-documents'], 'propertyId'), ...contactCases(valid['request-documents'])],
  'send-to-friend': [
    ...listingCases(valid['send-to-friend'], 'propertyId'),
    { field: 'firstName', input: without(valid['send-to-friend'], 'firstName'), message: 'firstNameRequired' },
    { field: 'lastName', input: without(valid['send-to-friend'], 'lastName'), message: 'lastNameRequired' },
    { field: 'email', input: { ...valid['send-to-friend'], email: 'nope' }, message: 'emailInvalid' },
    { field: 'friendEmail', input: without(valid['send-to-friend'], 'friendEmail'), message: 'friendEmailInvalid' },
    { field: 'friendEmail', input: { ...valid['send-to-friend'], friendEmail: 'paul.example.be' }, message: 'friendEmailInvalid' },
    { field: 'remark', input: { ...valid['send-to-friend'], remark: 'x'.repeat(301) }, message: 'noteTooLong' },
    // Anything a mail program would turn into a link, however it is dressed up.
    ...[
      'See https://bit.ly/abc',
      'hxxp://x or HTTP://EVIL.EXAMPLE',
      'go to www.example',
      'cheap-meds.com',
      'write to paul@example.be',
      'evil .com? no: evil.com',
      'evil\u200B.com',
      'evil\u3002com',
      'ｗｗｗ．example',
      'ftp://files',
      'Visit IMMO-DEALS.XYZ today',
    ].map((remark) => ({ field: 'remark', input: { ...valid['send-to-friend'], remark }, message: 'noLinks' })),
    { field: 'firstName', input: { ...valid['send-to-friend'], firstName: 'www.casino' }, message: 'noLinks' },
    { field: 'lastName', input: { ...valid['send-to-friend'], lastName: 'see evil.example' }, message: 'noLinks' },
    { field: 'privacy', input: { ...valid['send-to-friend'], privacy: false }, message: 'privacyRequired' },
  ],
  'contact-construction': [...listingCases(valid['contact-construction'], 'projectId'), ...contactCases(valid['contact-construction']), ...contactOptionCases(valid['contact-construction'])],
  'contact-demand': [
    ...contactCases(valid['contact-demand']),
    { field: 'propertyType', input: without(valid['contact-demand'], 'propertyType'), message: 'typeRequired' },
    { field: 'propertyType', input: { ...valid['contact-demand'], propertyType: '' }, message: 'typeRequired' },
    { field: 'street', input: without(valid['contact-demand'], 'street'), message: 'valuationAddressRequired' },
    { field: 'street', input: { ...valid['contact-demand'], street: ' ' }, message: 'valuationAddressRequired' },
    { field: 'houseNumber', input: without(valid['contact-demand'], 'houseNumber'), message: 'valuationAddressRequired' },
    { field: 'houseNumber', input: { ...valid['contact-demand'], houseNumber: '' }, message: 'valuationAddressRequired' },
    { field: 'zip', input: without(valid['contact-demand'], 'zip'), message: 'zipRequired' },
    { field: 'zip', input: { ...valid['contact-demand'], zip: '700' }, message: 'zipRequired' },
    { field: 'zip', input: { ...valid['contact-demand'], zip: '70000' }, message: 'zipRequired' },
    { field: 'zip', input: { ...valid['contact-demand'], zip: 'B-7000' }, message: 'zipRequired' },
    { field: 'city', input: without(valid['contact-demand'], 'city'), message: 'cityRequired' },
    { field: 'city', input: { ...valid['contact-demand'], city: '' }, message: 'cityRequired' },
  ],
  'demand-register': [
    ...contactCases(valid['demand-register']),
    { field: 'goal', input: without(valid['demand-register'], 'goal'), message: 'goalRequired' },
    { field: 'goal', input: { ...valid['demand-register'], goal: 'swap' }, message: 'goalRequired' },
    { field: 'types', input: without(valid['demand-register'], 'types'), message: 'typeRequired' },
    { field: 'types', input: { ...valid['demand-register'], types: [] }, message: 'typeRequired' },
    { field: 'types', input: { ...valid['demand-register'], types: ['house'] }, message: 'typeRequired', path: ['types', 0] },
    { field: 'zones', input: without(valid['demand-register'], 'zones'), message: 'zoneRequired' },
    { field: 'zones', input: { ...valid['demand-register'], zones: [] }, message: 'zoneRequired' },
    { field: 'postcodes', input: { ...valid['demand-register'], postcodes: '7000, Mons' }, message: 'postcodesInvalid', path: ['postcodes', 1] },
    { field: 'zones', input: { ...valid['demand-register'], zones: ['Mons'] }, message: 'zoneRequired', path: ['zones', 0] },
    { field: 'priceMin', input: { ...valid['demand-register'], priceMin: 'cheap' }, message: 'numberInvalid' },
    { field: 'priceMax', input: { ...valid['demand-register'], priceMin: '300000', priceMax: '200000' }, message: 'priceRange' },
    { field: 'minRooms', input: { ...valid['demand-register'], minRooms: '51' }, message: 'numberInvalid' },
  ],
  'site-contact': [
    ...contactCases(valid['site-contact']),
    ...contactOptionCases(valid['site-contact']),
    { field: 'city', input: without(valid['site-contact'], 'city'), message: 'cityRequired' },
    { field: 'city', input: { ...valid['site-contact'], city: '  ' }, message: 'cityRequired' },
  ],
  'follow-listing': [
    ...listingCases(valid['follow-listing'], 'propertyId'),
    { field: 'email', input: without(valid['follow-listing'], 'email'), message: 'emailInvalid' },
    { field: 'privacy', input: without(valid['follow-listing'], 'privacy'), message: 'privacyRequired' },
  ],
  'sign-newsletter': [
    { field: 'email', input: without(valid['sign-newsletter'], 'email'), message: 'emailInvalid' },
    { field: 'email', input: { ...valid['sign-newsletter'], email: 'marie@example' }, message: 'emailInvalid' },
    { field: 'privacy', input: without(valid['sign-newsletter'], 'privacy'), message: 'privacyRequired' },
  ],
  testimonial: [
    { field: 'name', input: without(valid.testimonial, 'name'), message: 'nameRequired' },
    { field: 'name', input: { ...valid.testimonial, name: ' ' }, message: 'nameRequired' },
    { field: 'comment', input: without(valid.testimonial, 'comment'), message: 'commentRequired' },
    { field: 'comment', input: { ...valid.testimonial, comment: '' }, message: 'commentRequired' },
    { field: 'website', input: { ...valid.testimonial, website: 'not a site' }, message: 'websiteInvalid' },
    { field: 'email', input: { ...valid.testimonial, email: 'x' }, message: 'emailInvalid' },
    { field: 'privacy', input: { ...valid.testimonial, privacy: false }, message: 'privacyRequired' },
  ],
  'job-application': [...contactCases(valid['job-application']), ...contactOptionCases(valid['job-application'])],
  'purchase-offer': [
    ...listingCases(valid['purchase-offer'], 'propertyId'),
    ...contactCases(valid['purchase-offer']),
    { field: 'amount', input: without(valid['purchase-offer'], 'amount'), message: 'amountRequired' },
    { field: 'amount', input: { ...valid['purchase-offer'], amount: '' }, message: 'amountRequired' },
    { field: 'amount', input: { ...valid['purchase-offer'], amount: 'a lot' }, message: 'amountRequired' },
    { field: 'amount', input: { ...valid['purchase-offer'], amount: '0' }, message: 'numberInvalid' },
    { field: 'amountInWords', input: without(valid['purchase-offer'], 'amountInWords'), message: 'amountWordsRequired' },
    { field: 'startDate', input: without(valid['purchase-offer'], 'startDate'), message: 'datesRequired' },
    { field: 'startDate', input: { ...valid['purchase-offer'], startDate: '01/03/2026' }, message: 'datesRequired' },
    { field: 'endDate', input: without(valid['purchase-offer'], 'endDate'), message: 'datesRequired' },
    { field: 'endDate', input: { ...valid['purchase-offer'], endDate: '2026-02-30' }, message: 'datesRequired' },
    { field: 'endDate', input: { ...valid['purchase-offer'], startDate: daysAhead(44), endDate: daysAhead(30) }, message: 'endDateInvalid' },
    { field: 'place', input: without(valid['purchase-offer'], 'place'), message: 'placeRequired' },
    { field: 'signDate', input: without(valid['purchase-offer'], 'signDate'), message: 'signDateRequired' },
    { field: 'signDate', input: { ...valid['purchase-offer'], signDate: '2026-13-01' }, message: 'signDateRequired' },
    { field: 'signDate', input: { ...valid['purchase-offer'], signDate: '1999-03-01' }, message: 'dateInPast' },
    { field: 'startDate', input: { ...valid['purchase-offer'], startDate: daysAhead(-7), endDate: daysAhead(7) }, message: 'dateInPast' },
    { field: 'endDate', input: { ...valid['purchase-offer'], endDate: daysAhead(3 * 366) }, message: 'dateTooFar' },
    // Buyer B is optional; once named, B is reachable like buyer A.
    { field: 'personBLastName', input: { ...valid['purchase-offer'], personBFirstName: 'Paul', personBEmail: 'paul@example.be', personBPhone: '0470 11 22 33' }, message: 'lastNameRequired' },
    { field: 'personBEmail', input: { ...valid['purchase-offer'], ...buyerB, personBEmail: '' }, message: 'emailInvalid' },
    { field: 'personBEmail', input: { ...valid['purchase-offer'], ...buyerB, personBEmail: 'paul@' }, message: 'emailInvalid' },
    { field: 'personBPhone', input: { ...valid['purchase-offer'], ...buyerB, personBPhone: '' }, message: 'phoneRequired' },
    { field: 'personBPhone', input: { ...valid['purchase-offer'], ...buyerB, personBPhone: '123' }, message: 'phoneInvalid' },
    { field: 'personBFirstName', input: { ...valid['purchase-offer'], ...buyerB, personBFirstName: ' ' }, message: 'firstNameRequired' },
    { field: 'personBTitle', input: { ...valid['purchase-offer'], ...buyerB, personBTitle: 'dr' }, message: 'titleRequired' },
  ],
  'rental-application': [
    ...listingCases(valid['rental-application'], 'propertyId'),
    ...contactCases(valid['rental-application']),
    { field: 'adults', input: without(valid['rental-application'], 'adults'), message: 'adultsRequired' },
    { field: 'adults', input: { ...valid['rental-application'], adults: '' }, message: 'adultsRequired' },
    // "0 adults" is a whole number: the visitor is told that at least one adult is needed.
    { field: 'adults', input: { ...valid['rental-application'], adults: '0' }, message: 'adultsMin' },
    { field: 'kids', input: { ...valid['rental-application'], kids: 'two' }, message: 'numberInvalid' },
    { field: 'moveDate', input: without(valid['rental-application'], 'moveDate'), message: 'moveDateRequired' },
    { field: 'moveDate', input: { ...valid['rental-application'], moveDate: '2026-04-31' }, message: 'moveDateRequired' },
    { field: 'moveDate', input: { ...valid['rental-application'], moveDate: '2019-06-01' }, message: 'dateInPast' },
    { field: 'moveDate', input: { ...valid['rental-application'], moveDate: daysAhead(-1) }, message: 'dateInPast' },
    { field: 'moveDate', input: { ...valid['rental-application'], moveDate: daysAhead(3 * 366) }, message: 'dateTooFar' },
  ],
};

describe('form schemas', () => {
  it('cover exactly the 13 forms of the site', () => {
    expect([...formNames].sort()).toEqual(Object.keys(valid).sort());
  });

  it.each(formNames)('%s accepts a complete, valid request', (form) => {
    expect(issuesOf(form, valid[form])).toEqual([]);
  });

  describe.each(formNames)('%s', (form) => {
    it.each(cases[form].map((entry) => [entry.field, entry.message, entry] as const))('%s → %s', (_field, _message, entry) => {
      expectFirstError(form, entry.input, entry.field, entry.message, entry.path);
    });
  });

  it('reports an issue only on the broken field, so the rest of the form stays quiet', () => {
    expect(issuesOf('contact-demand', without(valid['contact-demand'], 'zip')).map((issue) => issue.path)).toEqual([['zip']]);
    expect(issuesOf('site-contact', without(valid['site-contact'], 'city')).map((issue) => issue.path)).toEqual([['city']]);
  });

  it('lets contact-demand and site-contact require a city that the other forms leave optional', () => {
    expect(issuesOf('contact-me', without(valid['contact-me'], 'city'))).toEqual([]);
    expect(issuesOf('contact-me', { ...valid['contact-me'], city: '' })).toEqual([]);
  });

  it('accepts a note for a friend that only looks a little like a link', () => {
    for (const remark of [
      'Regarde, M.Dupont disait vrai !',
      'Beau jardin, p.ex. pour les enfants.',
      'À 3.5 km de Mons, 150 m², 235.000 €',
      'Tuin: ca. 20 m. diep, o.a. een serre',
      'z.B. ein Garten',
      'Line one\nline two',
      '',
    ]) {
      expect(formKinds['send-to-friend'].schema.safeParse({ ...valid['send-to-friend'], remark }).success, remark).toBe(true);
    }
  });

  it('accepts a website typed without the scheme, or with it', () => {
    expect(issuesOf('testimonial', { ...valid.testimonial, website: 'www.example.be' })).toEqual([]);
    expect(issuesOf('testimonial', { ...valid.testimonial, website: 'https://example.be/about' })).toEqual([]);
  });

  it('accepts equal minimum and maximum prices and equal start and end dates', () => {
    expect(issuesOf('demand-register', { ...valid['demand-register'], priceMin: '200000', priceMax: '200.000' })).toEqual([]);
    expect(issuesOf('purchase-offer', { ...valid['purchase-offer'], startDate: daysAhead(30), endDate: daysAhead(30) })).toEqual([]);
  });

  it('accepts a leap day that exists and refuses one that does not', () => {
    expect(requiredDate('moveDateRequired').safeParse('2028-02-29').success).toBe(true);
    expect(requiredDate('moveDateRequired').safeParse('2027-02-29').success).toBe(false);
  });

  it('accepts today, judged in Brussels, and a buyer B with contact details', () => {
    expect(issuesOf('rental-application', { ...valid['rental-application'], moveDate: brusselsToday() })).toEqual([]);
    expect(issuesOf('purchase-offer', { ...valid['purchase-offer'], signDate: brusselsToday(), ...buyerB })).toEqual([]);
    // Just after midnight in Brussels it is still the day before in UTC: Brussels decides.
    expect(brusselsToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});

describe('what a plain HTML form sends', () => {
  it('counts a checkbox sent as "on" (or "true") as ticked, and an absent one as not', () => {
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], newsletter: 'on' }).newsletter).toBe(true);
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], newsletter: 'true' }).newsletter).toBe(true);
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], newsletter: true }).newsletter).toBe(true);
    expect(formKinds['contact-me'].schema.parse(without(valid['contact-me'], 'newsletter')).newsletter).toBe(false);
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], newsletter: 'off' }).newsletter).toBe(false);
  });

  it('accepts the privacy consent ticked in a plain form, and still refuses it unticked', () => {
    expect(issuesOf('sign-newsletter', { email: 'marie.dubois@example.be', privacy: 'on' })).toEqual([]);
    expect(issuesOf('contact-me', { ...valid['contact-me'], privacy: 'on' })).toEqual([]);
    expectFirstError('sign-newsletter', { email: 'marie.dubois@example.be', privacy: '' }, 'privacy', 'privacyRequired');
    expectFirstError('sign-newsletter', { email: 'marie.dubois@example.be', privacy: 'off' }, 'privacy', 'privacyRequired');
  });

  it('turns a single value of a checkbox group into a one-item list', () => {
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], contactSlots: '13-16' }).contactSlots).toEqual(['13-16']);
    expect(formKinds['contact-me'].schema.parse(without(valid['contact-me'], 'contactSlots')).contactSlots).toEqual([]);
    const register = formKinds['demand-register'].schema.parse({ ...valid['demand-register'], types: '3', zones: 'Mons|7000' });
    expect(register.types).toEqual(['3']);
    expect(register.zones).toEqual(['Mons|7000']);
  });

  it('reads numbers typed with dots or spaces as thousands separators', () => {
    const register = formKinds['demand-register'].schema.parse({ ...valid['demand-register'], priceMin: '250.000', priceMax: '250 000', budget: '1.250.000' });
    expect(register.priceMin).toBe(250000);
    expect(register.priceMax).toBe(250000);
    expect(register.budget).toBe(1250000);
    expect(formKinds['purchase-offer'].schema.parse({ ...valid['purchase-offer'], amount: '250.000' }).amount).toBe(250000);
    expect(formKinds['purchase-offer'].schema.parse({ ...valid['purchase-offer'], amount: ' 250 000 ' }).amount).toBe(250000);
    expect(formKinds['rental-application'].schema.parse({ ...valid['rental-application'], adults: '2', income1: '2 400' }).income1).toBe(2400);
  });

  it('treats an empty optional number as not given', () => {
    const register = formKinds['demand-register'].schema.parse({ ...valid['demand-register'], priceMin: '', priceMax: '', minRooms: '', budget: '' });
    expect(register.priceMin).toBeUndefined();
    expect(register.priceMax).toBeUndefined();
    expect(register.minRooms).toBeUndefined();
    expect(register.budget).toBeUndefined();
    expect(formKinds['rental-application'].schema.parse({ ...valid['rental-application'], kids: '' }).kids).toBeUndefined();
  });

  it('trims the text the visitor typed', () => {
    const values = formKinds['contact-me'].schema.parse({ ...valid['contact-me'], firstName: '  Marie ', lastName: '\tDubois\n', email: ' marie.dubois@example.be ', remark: '  Hello  ' });
    expect(values.firstName).toBe('Marie');
    expect(values.lastName).toBe('Dubois');
    expect(values.email).toBe('marie.dubois@example.be');
    expect(values.remark).toBe('Hello');
    expect(formKinds['contact-demand'].schema.parse({ ...valid['contact-demand'], zip: ' 7000 ', city: ' Mons ' })).toMatchObject({ zip: '7000', city: 'Mons' });
  });

  it('reads the listing id of a hidden field as a number', () => {
    expect(formKinds['contact-me'].schema.parse({ ...valid['contact-me'], propertyId: '4000001' }).propertyId).toBe(4000001);
    expect(formKinds['contact-construction'].schema.parse({ ...valid['contact-construction'], projectId: '5000001' }).projectId).toBe(5000001);
    expect(formKinds['contact-appointment'].schema.parse({ ...valid['contact-appointment'], slotId: '42' }).slotId).toBe(42);
    expect(formKinds['contact-appointment'].schema.parse({ ...valid['contact-appointment'], slotId: '' }).slotId).toBeUndefined();
  });

  it('gives optional text an empty string when it is not sent', () => {
    const values = formKinds['contact-me'].schema.parse(valid['contact-me']);
    expect(values.street).toBe('');
    expect(values.city).toBe('');
  });
});

describe('captcha answer', () => {
  it('refuses an empty answer with the spec message key', () => {
    for (const answer of ['', '   ', undefined, 'x'.repeat(13)]) {
      const result = captchaAnswer.safeParse(answer);
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(result.error.issues[0]?.message).toBe('captchaInvalid');
        producedKeys.add(result.error.issues[0]?.message ?? '');
      }
    }
  });

  it('accepts a typed answer and trims it', () => {
    expect(captchaAnswer.parse(' a7K2p ')).toBe('a7K2p');
  });
});

type Tree = { [key: string]: string | Tree };
const messagesOf = (language: string) => JSON.parse(readFileSync(path.join(__dirname, '../../messages', `${language}.json`), 'utf8')) as Tree;

function errorText(messages: Tree, key: string): string | undefined {
  const forms = messages.forms;
  if (typeof forms !== 'object') return undefined;
  const errors = forms.errors;
  if (typeof errors !== 'object') return undefined;
  const text = errors[key];
  return typeof text === 'string' ? text : undefined;
}

describe('error messages', () => {
  /** Every key the rules above can produce, listed so that a rule dropped from the tests is still checked. */
  const expectedKeys = [
    'invalid',
    'tooLong',
    'titleRequired',
    'firstNameRequired',
    'lastNameRequired',
    'emailInvalid',
    'phoneRequired',
    'phoneInvalid',
    'privacyRequired',
    'slotRequired',
    'friendEmailInvalid',
    'typeRequired',
    'valuationAddressRequired',
    'zipRequired',
    'cityRequired',
    'goalRequired',
    'zoneRequired',
    'numberInvalid',
    'priceRange',
    'nameRequired',
    'commentRequired',
    'websiteInvalid',
    'amountRequired',
    'amountWordsRequired',
    'datesRequired',
    'endDateInvalid',
    'placeRequired',
    'postcodesInvalid',
    'signDateRequired',
    'adultsRequired',
    'moveDateRequired',
    'adultsMin',
    'dateInPast',
    'dateTooFar',
    'noteTooLong',
    'noLinks',
    'captchaInvalid',
  ];

  it('the failures above produced exactly the listed keys', () => {
    // Runs after the schema tests (vitest runs a file's tests in order).
    expect([...producedKeys].sort()).toEqual([...expectedKeys].sort());
  });

  it.each(supportedLanguages)('%s has a text under forms.errors for every key a schema can produce', (language) => {
    const messages = messagesOf(language);
    const keys = new Set([...expectedKeys, ...producedKeys]);
    expect([...keys].filter((key) => !errorText(messages, key)?.trim())).toEqual([]);
  });

  it('gives Miss the Belgian Dutch "Mej." (not "Juf.", a schoolteacher)', () => {
    expect(JSON.parse(readFileSync(path.join(process.cwd(), 'messages/nl.json'), 'utf8')).forms.options.title.miss).toBe('Mej.');
  });

  it('says "at least 1 adult" for 0 adults, in every language', () => {
    for (const language of supportedLanguages) expect(errorText(messagesOf(language), 'adultsMin')).toMatch(/1/);
  });

  it('uses the exact French texts of spec §5', () => {
    const fr = messagesOf('fr');
    expect({
      cityRequired: errorText(fr, 'cityRequired'),
      firstNameRequired: errorText(fr, 'firstNameRequired'),
      lastNameRequired: errorText(fr, 'lastNameRequired'),
      emailInvalid: errorText(fr, 'emailInvalid'),
      phoneRequired: errorText(fr, 'phoneRequired'),
      titleRequired: errorText(fr, 'titleRequired'),
      typeRequired: errorText(fr, 'typeRequired'),
      captchaInvalid: errorText(fr, 'captchaInvalid'),
      appointmentsFull: errorText(fr, 'appointmentsFull'),
    }).toEqual({
      cityRequired: 'Ville non saisie.',
      firstNameRequired: 'Prénom non saisi.',
      lastNameRequired: 'Nom non saisi.',
      emailInvalid: 'Adresse e-mail invalide.',
      phoneRequired: 'Téléphone non saisi.',
      titleRequired: 'Civilité non sélectionnée.',
      typeRequired: 'Type de bien non sélectionné.',
      captchaInvalid: 'Les caractères saisis ne sont pas valides.',
      appointmentsFull: 'Les rendez-vous sont complets.',
    });
  });

  it('uses the exact English texts of spec §5', () => {
    const en = messagesOf('en');
    expect(errorText(en, 'captchaInvalid')).toBe('The entered characters are not valid.');
    expect(errorText(en, 'appointmentsFull')).toBe('The appointments are full.');
  });
});

describe('cross-field rules show together with the other errors', () => {
  it('a search alert reports the price range while required fields are still empty', () => {
    const result = formKinds['demand-register'].schema.safeParse({ priceMin: '300000', priceMax: '100000' });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues).toEqual(expect.arrayContaining(['priceMax:priceRange', 'goal:goalRequired', 'firstName:firstNameRequired']));
  });

  it('an offer reports an end date before its start date while required fields are still empty', () => {
    const result = formKinds['purchase-offer'].schema.safeParse({ startDate: '2027-02-01', endDate: '2027-01-01' });
    const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues).toEqual(expect.arrayContaining(['endDate:endDateInvalid', 'amount:amountRequired']));
  });
});

describe('checkbox groups with nothing ticked', () => {
  it('report their own message whether they arrive absent, empty or as false', () => {
    for (const nothing of [undefined, false, '', []]) {
      const result = formKinds['demand-register'].schema.safeParse({ types: nothing, zones: nothing });
      const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
      expect(issues).toEqual(expect.arrayContaining(['types:typeRequired', 'zones:zoneRequired']));
    }
  });
});
