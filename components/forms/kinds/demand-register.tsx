'use client';

import { useTranslations } from 'next-intl';
import { alertFrequencies, goals } from '@/lib/form-kinds/fields';
import { ContactFields } from '../common-fields';
import { ChoiceGroup, Fieldset, TextField, type Choice } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';

export function SearchAlertForm({ common, types, towns }: { common: FormCommon; types: Choice[]; towns: Choice[] }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="demand-register" {...common}>
      <Fieldset legend={t('legends.search')}>
        <ChoiceGroup name="goal" required wide choices={goals.map((value) => ({ value, label: t(`options.goal.${value}`) }))} />
        <ChoiceGroup name="types" multiple required wide choices={types} />
        <ChoiceGroup name="zones" multiple wide choices={towns} />
        <TextField name="postcodes" inputMode="numeric" wide />
        <TextField name="priceMin" inputMode="numeric" />
        <TextField name="priceMax" inputMode="numeric" />
        <TextField name="budget" inputMode="numeric" />
        <TextField name="minRooms" inputMode="numeric" />
        <TextField name="minBathrooms" inputMode="numeric" />
        <TextField name="minParkings" inputMode="numeric" />
        <ChoiceGroup name="frequency" wide choices={alertFrequencies.map((value) => ({ value, label: t(`options.frequency.${value}`) }))} />
      </Fieldset>
      <ContactFields />
    </RequestForm>
  );
}
