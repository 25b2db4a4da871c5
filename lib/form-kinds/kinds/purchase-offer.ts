import { z } from 'zod';
import type { FormKind } from '../definitions';
import { blankToUndefined, contactShape, fieldOf, listingId, optionalEmail, optionalPhone, optionalText, requiredCount, requiredText, titles, upcomingDate } from '../fields';

const endAfterStart = (value: { startDate: string; endDate: string }) => value.endDate >= value.startDate;

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

/** An offer on a listing for sale, by one or two buyers. */
export const purchaseOffer = {
  schema: z
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
  definition: { captcha: true, about: 'property', goal: 'sale', visitorMail: true },
} satisfies FormKind;
