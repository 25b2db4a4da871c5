import type { ThankYouForm } from '../i18n/slugs';
import type { FormName } from './schemas';

export type UploadRule = {
  field: string;
  required: boolean;
  /** document: PDF or Word; image: JPEG, PNG or WebP (re-encoded). */
  accept: 'document' | 'image';
  maxBytes: number;
};

export type FormDefinition = {
  thankYou: ThankYouForm;
  /** The contact forms of the original carry a captcha (design.md §9). */
  captcha: boolean;
  /** What the request is about: a listing, a project, or the agency itself. */
  about: 'property' | 'project' | 'agency';
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
};

export const maxUploadBytes = 5 * 1024 * 1024;

export const formDefinitions: Record<FormName, FormDefinition> = {
  'contact-appointment': { thankYou: 'contact-appointment', captcha: true, about: 'property', visitorMail: true },
  'contact-me': { thankYou: 'contact-me', captcha: true, about: 'property', visitorMail: true },
  'request-documents': { thankYou: 'request-documents', captcha: true, about: 'property', visitorMail: true },
  'send-to-friend': { thankYou: 'send-to-friend', captcha: true, about: 'property', visitorMail: false, friendMail: { perSenderPerDay: 10, perRecipientPerDay: 3 } },
  'contact-construction': { thankYou: 'contact-construction', captcha: true, about: 'project', visitorMail: true },
  'contact-demand': { thankYou: 'contact-demand', captcha: true, about: 'agency', visitorMail: true },
  'demand-register': { thankYou: 'demand-register', captcha: true, about: 'agency', visitorMail: true },
  // Spec §3: the contact form takes a CV, for a spontaneous application (optional here, required on job-application).
  'site-contact': {
    thankYou: 'site-contact',
    captcha: true,
    about: 'agency',
    visitorMail: true,
    upload: { field: 'cv', required: false, accept: 'document', maxBytes: maxUploadBytes },
  },
  'sign-newsletter': { thankYou: 'sign-newsletter', captcha: false, about: 'agency', visitorMail: false, doubleOptIn: true },
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
  'purchase-offer': { thankYou: 'purchase-offer', captcha: true, about: 'property', visitorMail: true },
  'rental-application': { thankYou: 'rental-application', captcha: true, about: 'property', visitorMail: true },
};

/** The id of the summary above a form that came back with errors without JavaScript: the page scrolls there. */
export const draftAnchor = 'form-status';

/** The route handler of a form. */
export const formEndpoint = (form: FormName) => `/api/forms/${form}/`;

/** The forms a menu page's contact module can carry; the module's relation id names one. */
export const contactModuleForms = ['site-contact', 'contact-demand', 'demand-register', 'testimonial', 'job-application'] as const;
export type ContactModuleForm = (typeof contactModuleForms)[number];

export function isContactModuleForm(value: string): value is ContactModuleForm {
  return (contactModuleForms as readonly string[]).includes(value);
}
