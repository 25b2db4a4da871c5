import type { Language } from '@/lib/config';
import { isContactModuleForm, type ContactModuleForm as FormId } from '@/lib/config/contact-module';

export { isContactModuleForm };
import { formCommon, townChoices, typeChoices } from './form-common';
import { FormIntl } from './form-intl';
import { LazyForm } from './lazy-form';

export function ContactModuleForm({ form, language }: { form: FormId; language: Language }) {
  const common = formCommon(language);
  let body;
  switch (form) {
    case 'site-contact':
      body = <LazyForm component="SiteContactForm" props={{ common }} />;
      break;
    case 'contact-demand':
      body = <LazyForm component="ValuationForm" props={{ common, types: typeChoices(language) }} />;
      break;
    case 'demand-register':
      body = <LazyForm component="SearchAlertForm" props={{ common, types: typeChoices(language), towns: townChoices(language) }} />;
      break;
    case 'testimonial':
      body = <LazyForm component="TestimonialForm" props={{ common }} />;
      break;
    case 'job-application':
      body = <LazyForm component="JobForm" props={{ common }} />;
      break;
  }
  return (
    <FormIntl language={language} forms={[form]}>
      {body}
    </FormIntl>
  );
}
