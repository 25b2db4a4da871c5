import type { Language } from '@/lib/config';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { LazyForm } from './lazy-form';

export function ProjectRequest({ projectId, language }: { projectId: number; language: Language }) {
  return (
    <FormIntl language={language} forms={['contact-construction']}>
      <LazyForm component="ConstructionForm" props={{ common: formCommon(language), projectId }} />
    </FormIntl>
  );
}
