import type { Language } from '@/lib/config';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { LazyForm } from './lazy-form';

export function NewsletterSignup({ language, idPrefix }: { language: Language; idPrefix?: string }) {
  return (
    <FormIntl language={language} forms={['sign-newsletter']}>
      <LazyForm component="NewsletterForm" props={{ common: formCommon(language), idPrefix }} />
    </FormIntl>
  );
}
