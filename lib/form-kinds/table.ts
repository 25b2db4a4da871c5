import type { FormKind } from './definitions';
import { contactAppointment } from './kinds/contact-appointment';
import { contactConstruction } from './kinds/contact-construction';
import { contactDemand } from './kinds/contact-demand';
import { contactMe } from './kinds/contact-me';
import { demandRegister } from './kinds/demand-register';
import { followListing } from './kinds/follow-listing';
import { jobApplication } from './kinds/job-application';
import { purchaseOffer } from './kinds/purchase-offer';
import { rentalApplication } from './kinds/rental-application';
import { requestDocuments } from './kinds/request-documents';
import { sendToFriend } from './kinds/send-to-friend';
import { signNewsletter } from './kinds/sign-newsletter';
import { siteContact } from './kinds/site-contact';
import { testimonial } from './kinds/testimonial';

/*
 * The site's forms, one line each: the name is its route (/api/forms/<name>/, one route for all,
 * app/api/forms/[form]), its thank-you page (lib/pages/thank-you.ts) and its key in the messages.
 * A form lives in its file of kinds/ (schema and definition) and its component in
 * components/forms/kinds/ (listed in components/forms/request-forms.tsx).
 */
const forms = {
  'contact-appointment': contactAppointment,
  'contact-me': contactMe,
  'request-documents': requestDocuments,
  'send-to-friend': sendToFriend,
  'contact-construction': contactConstruction,
  'contact-demand': contactDemand,
  'demand-register': demandRegister,
  'site-contact': siteContact,
  'sign-newsletter': signNewsletter,
  'follow-listing': followListing,
  testimonial,
  'job-application': jobApplication,
  'purchase-offer': purchaseOffer,
  'rental-application': rentalApplication,
} as const satisfies Record<string, FormKind>;

export type FormName = keyof typeof forms;

export function isFormName(value: string): value is FormName {
  return Object.hasOwn(forms, value);
}

export const formNames: readonly FormName[] = Object.keys(forms).filter(isFormName);

/** Each form's schema and definition, as the pipeline and the pages read them (tests replace an entry to see each rule at work). */
export const formKinds: Record<FormName, FormKind> = forms;

/** The label of a form's consent box: the newsletter's speaks of sending the newsletter, not of answering a request. */
export const consentField = (form: FormName) => (form === 'sign-newsletter' ? 'privacyNewsletter' : 'privacy');
