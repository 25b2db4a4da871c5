import type { Language } from '@/lib/config';
import { isContactModuleForm, type ContactModuleForm as FormId } from '@/lib/forms/definitions';

export { isContactModuleForm };
import { formCommon, townChoices, typeChoices } from './form-common';
import { FormIntl } from './form-intl';
import { JobForm, SearchAlertForm, SiteContactForm, TestimonialForm, ValuationForm } from './request-forms';


export function ContactModuleForm({ form, language }: { form: FormId; language: Language }) {
  const common = formCommon(language);
  let body;
  switch (form) {
    case 'site-contact':
      body = <SiteContactForm common={common} />;
      break;
    case 'contact-demand':
      body = <ValuationForm common={common} types={typeChoices(language)} />;
      break;
    case 'demand-register':
      body = <SearchAlertForm common={common} types={typeChoices(language)} towns={townChoices(language)} />;
      break;
    case 'testimonial':
      body = <TestimonialForm common={common} />;
      break;
    case 'job-application':
      body = <JobForm common={common} />;
      break;
  }
  return <FormIntl language={language}>{body}</FormIntl>;
}
