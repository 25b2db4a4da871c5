'use client';

import { ContactFields } from '../common-fields';
import { RequestForm, type FormCommon } from '../request-form';

export function ConstructionForm({ common, projectId }: { common: FormCommon; projectId: number }) {
  return (
    <RequestForm form="contact-construction" {...common} hidden={{ projectId }} idPrefix="construction">
      <ContactFields />
    </RequestForm>
  );
}
