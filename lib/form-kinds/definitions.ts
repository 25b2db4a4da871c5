import type { z } from 'zod';
import type { Goal } from './fields';
import type { FormName } from './table';

export type UploadRule = {
  field: string;
  required: boolean;
  /** document: PDF or Word; image: JPEG, PNG or WebP (re-encoded). */
  accept: 'document' | 'image';
  maxBytes: number;
};

/*
 * What each form is, said once in its file of lib/forms/kinds: the route handler
 * (lib/forms/handle-request.ts) runs the same pipeline for every form and reads there what differs,
 * and the page reads there whether the form shows a captcha. The values themselves are checked by
 * the form's zod schema, beside it. Every form ends on a thank-you page of its own (lib/pages/thank-you.ts).
 */
export type FormDefinition = {
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

/**
 * A form: its zod schema, shared by the browser (react-hook-form's resolver) and the route handler,
 * and its definition. The order of the schema's fields is the order of the form, so "the first
 * error" is the first on screen. Listed in lib/forms/table.ts, one line each.
 */
export type FormKind = { schema: z.ZodObject; definition: FormDefinition };

/**
 * Whether the form's posts without JavaScript wait for their address to confirm them by mail (then
 * on a thank-you page of their own): a post that passed only the no-JavaScript check (a picture or
 * a spoken code, which a program can read) does, but a search alert does already, and a form
 * without captcha is confirmed by mail in any case.
 */
export const confirmsByMail = (definition: FormDefinition) => definition.captcha && !definition.alert;

/** The id of the summary above a form that came back with errors without JavaScript: the page scrolls there. */
export const draftAnchor = 'form-status';

/** The route handler of a form. */
export const formEndpoint = (form: FormName) => `/api/forms/${form}/`;
