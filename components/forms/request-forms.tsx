'use client';

import type { ComponentProps, ReactNode } from 'react';
import { WithFormTexts } from './form-texts';
import { VisitForm } from './kinds/contact-appointment';
import { InformationForm } from './kinds/contact-me';
import { DocumentsForm } from './kinds/request-documents';
import { FriendForm } from './kinds/send-to-friend';
import { FollowForm } from './kinds/follow-listing';
import { OfferForm } from './kinds/purchase-offer';
import { RentalForm } from './kinds/rental-application';
import { ConstructionForm } from './kinds/contact-construction';
import { ValuationForm } from './kinds/contact-demand';
import { SearchAlertForm } from './kinds/demand-register';
import { SiteContactForm } from './kinds/site-contact';
import { NewsletterForm } from './kinds/sign-newsletter';
import { TestimonialForm } from './kinds/testimonial';
import { JobForm } from './kinds/job-application';

// The forms format their texts with next-intl, whose provider and texts come with them (formByName puts it over each).
export { loadFormTexts, WithFormTexts } from './form-texts';
// What the visitor typed in the server's form, taken over when the code is here.
export { restoreTyped, typedIn, type TypedBeforeCode } from './typed-before-code';

/*
 * The site's forms, each with the fields of spec §3, in its file of kinds/ named as the form is in
 * lib/forms/table.ts. They share the shell (RequestForm: the intro, then these fields, then privacy
 * and captcha) and the field blocks; what differs is what a visitor is asked.
 */
export {
  VisitForm,
  InformationForm,
  DocumentsForm,
  FriendForm,
  FollowForm,
  OfferForm,
  RentalForm,
  ConstructionForm,
  ValuationForm,
  SearchAlertForm,
  SiteContactForm,
  NewsletterForm,
  TestimonialForm,
  JobForm,
};

type Forms = typeof import('./request-forms');
/** The forms lazy-form.tsx draws by name. */
export type FormComponent = Exclude<keyof Forms, 'WithFormTexts' | 'loadFormTexts' | 'formByName' | 'typedIn' | 'restoreTyped'>;

/** The forms' components, one line each. */
const renderers: { [K in FormComponent]: (props: ComponentProps<Forms[K]>) => ReactNode } = {
  VisitForm: (props) => <VisitForm {...props} />,
  InformationForm: (props) => <InformationForm {...props} />,
  DocumentsForm: (props) => <DocumentsForm {...props} />,
  FriendForm: (props) => <FriendForm {...props} />,
  FollowForm: (props) => <FollowForm {...props} />,
  OfferForm: (props) => <OfferForm {...props} />,
  RentalForm: (props) => <RentalForm {...props} />,
  ConstructionForm: (props) => <ConstructionForm {...props} />,
  ValuationForm: (props) => <ValuationForm {...props} />,
  SearchAlertForm: (props) => <SearchAlertForm {...props} />,
  SiteContactForm: (props) => <SiteContactForm {...props} />,
  NewsletterForm: (props) => <NewsletterForm {...props} />,
  TestimonialForm: (props) => <TestimonialForm {...props} />,
  JobForm: (props) => <JobForm {...props} />,
};

/**
 * One form by name, under next-intl's provider with its texts. Here rather than in lazy-form.tsx,
 * whose code is among every page's first scripts: this map comes with the forms.
 */
export function formByName<K extends FormComponent>(component: K, props: ComponentProps<Forms[K]>): ReactNode {
  return <WithFormTexts>{renderers[component](props)}</WithFormTexts>;
}
