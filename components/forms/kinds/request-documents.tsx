'use client';

import { useTranslations } from 'next-intl';
import { IdentityFields } from '../common-fields';
import { Checkbox, Fieldset } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';

export function DocumentsForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="request-documents" {...common} hidden={{ propertyId }} idPrefix="documents" intro={`${t('intro.request-documents')} ${t('ui.documentsByMail')}`}>
      <Fieldset legend={t('legends.contact')}>
        <IdentityFields />
        <Checkbox name="newsletter" label={t('fields.newsletter')} />
      </Fieldset>
    </RequestForm>
  );
}
