import type { Language } from '@/lib/config';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { ConstructionForm } from './request-forms';

export function ProjectRequest({ projectId, language }: { projectId: number; language: Language }) {
  return (
    <FormIntl language={language}>
      <ConstructionForm common={formCommon(language)} projectId={projectId} />
    </FormIntl>
  );
}
