import type { ThankYouForm } from '../i18n/slugs';
import type { Goal } from './fields';
import type { FormName } from './schemas';

export type UploadRule = {
  field: string;
  required: boolean;
  /** document: PDF or Word; image: JPEG, PNG or WebP (re-encoded). */
  accept: 'document' | 'image';
  maxBytes: number;
};

/*
 * What each form is, said once: the route handler (lib/forms/handle-request.ts) runs the same
 * pipeline for every form and reads here what differs, and the page reads here whether the form
 * shows a captcha. The values themselves are checked by the form's zod schema (schemas.ts).
 */
export type FormDefinition = {
  thankYou: ThankYouForm;
  /** The contact forms of the original carry a captcha (design.md §9). */
  captcha: boolean;
  /** What the request is about: a listing, a project, or the agency itself. It must exist and be on offer. */
  about: 'property' | 'project' | 'agency';
  /** Only about a listing of this goal: an offer is made on a sale, an application on a rental. */
  goal?: Goal;
  /**
   * The visitor may pick one of the listing's viewing times (`slotId`, optional): it must be to come
   * and have a place left for this address, and the request books that place.
   */
  booksSlot?: boolean;
  /** The visitor is mailed links to the listing's documents: once per address and listing within the life of those links. */
  sendsDocuments?: boolean;
  upload?: UploadRule;
  /** A confirmation e-mail to the visitor in their language. */
  visitorMail: boolean;
  /**
   * send-to-friend: the listing goes to the friend, at most so many a day from one sender and to
   * one recipient, so that the form cannot be used to mail strangers under the agency's name.
   */
  friendMail?: { perSenderPerDay: number; perRecipientPerDay: number };
  /**
   * sign-newsletter: double opt-in. The address is first sent a confirmation link (at most one a
   * day, none once confirmed); the agency and the CRM hear of it only when the link is used.
   */
  doubleOptIn?: boolean;
  /**
   * demand-register and follow-listing: the request makes a search alert or follows its listing
   * (lib/alerts), active once the address confirms the link mailed to it. A search then reaches
   * the agency and the CRM; a follow stays the visitor's own.
   */
  alert?: 'search' | 'follow';
};

export const maxUploadBytes = 5 * 1024 * 1024;

export const formDefinitions: Record<FormName, FormDefinition> = {
  'contact-appointment': { thankYou: 'contact-appointment', captcha: true, about: 'property', booksSlot: true, visitorMail: true },
  'contact-me': { thankYou: 'contact-me', captcha: true, about: 'property', visitorMail: true },
  'request-documents': { thankYou: 'request-documents', captcha: true, about: 'property', sendsDocuments: true, visitorMail: true },
  'send-to-friend': { thankYou: 'send-to-friend', captcha: true, about: 'property', visitorMail: false, friendMail: { perSenderPerDay: 10, perRecipientPerDay: 3 } },
  'contact-construction': { thankYou: 'contact-construction', captcha: true, about: 'project', visitorMail: true },
  'contact-demand': { thankYou: 'contact-demand', captcha: true, about: 'agency', visitorMail: true },
  'demand-register': { thankYou: 'demand-register', captcha: true, about: 'agency', visitorMail: false, alert: 'search' },
  // Spec §3: the contact form takes a CV, for a spontaneous application (optional here, required on job-application).
  'site-contact': {
    thankYou: 'site-contact',
    captcha: true,
    about: 'agency',
    visitorMail: true,
    upload: { field: 'cv', required: false, accept: 'document', maxBytes: maxUploadBytes },
  },
  'sign-newsletter': { thankYou: 'sign-newsletter', captcha: false, about: 'agency', visitorMail: false, doubleOptIn: true },
  // E-mail only, as the newsletter: the confirmation link is the check that the address is the visitor's.
  'follow-listing': { thankYou: 'follow-listing', captcha: false, about: 'property', visitorMail: false, alert: 'follow' },
  testimonial: {
    thankYou: 'testimonial',
    captcha: true,
    about: 'agency',
    visitorMail: false,
    upload: { field: 'image', required: false, accept: 'image', maxBytes: maxUploadBytes },
  },
  'job-application': {
    thankYou: 'job-application',
    captcha: true,
    about: 'agency',
    visitorMail: true,
    upload: { field: 'cv', required: true, accept: 'document', maxBytes: maxUploadBytes },
  },
  'purchase-offer': { thankYou: 'purchase-offer', captcha: true, about: 'property', goal: 'sale', visitorMail: true },
  'rental-application': { thankYou: 'rental-application', captcha: true, about: 'property', goal: 'rent', visitorMail: true },
};

/** The id of the summary above a form that came back with errors without JavaScript: the page scrolls there. */
export const draftAnchor = 'form-status';

/** The route handler of a form. */
export const formEndpoint = (form: FormName) => `/api/forms/${form}/`;
