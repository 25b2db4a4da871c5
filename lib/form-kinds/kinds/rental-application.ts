import { z } from 'zod';
import type { FormKind } from '../definitions';
import { contactShape, listingId, optionalCount, optionalText, requiredCount, upcomingDate } from '../fields';

/** An application to rent a listing. */
export const rentalApplication = {
  schema: z.object({
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
  definition: { captcha: true, about: 'property', goal: 'rent', visitorMail: true },
} satisfies FormKind;
