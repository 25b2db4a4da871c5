'use client';

import { ContactFields } from '../common-fields';
import { RequestForm, type FormCommon } from '../request-form';

export function InformationForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  return (
    <RequestForm form="contact-me" {...common} hidden={{ propertyId }} idPrefix="info">
      <ContactFields />
    </RequestForm>
  );
}
