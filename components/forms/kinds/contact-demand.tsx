'use client';

import { useTranslations } from 'next-intl';
import { ContactFields } from '../common-fields';
import { ChoiceGroup, Fieldset, TextField, type Choice } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';

export function ValuationForm({ common, types }: { common: FormCommon; types: Choice[] }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="contact-demand" {...common}>
      <Fieldset legend={t('legends.valuationAddress')}>
        <ChoiceGroup name="propertyType" required wide choices={types} />
        <TextField name="street" required autoComplete="address-line1" />
        <TextField name="houseNumber" required />
        <TextField name="zip" required inputMode="numeric" autoComplete="postal-code" />
        <TextField name="city" required autoComplete="address-level2" />
      </Fieldset>
      <ContactFields address="none" />
    </RequestForm>
  );
}
