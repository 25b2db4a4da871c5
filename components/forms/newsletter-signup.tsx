import type { Language } from '@/lib/config';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { NewsletterForm } from './request-forms';

export function NewsletterSignup({ language, idPrefix }: { language: Language; idPrefix?: string }) {
  return (
    <FormIntl language={language}>
      <NewsletterForm common={formCommon(language)} idPrefix={idPrefix} />
    </FormIntl>
  );
}
