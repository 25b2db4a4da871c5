'use client';

import { useTranslations } from 'next-intl';
import { ContactFields } from '../common-fields';
import { Fieldset, TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function RentalForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="rental-application" {...common} hidden={{ propertyId }} idPrefix="rental">
      <div className={styles.notice}>
        <p>{t('ui.rentalTerms')}</p>
        <ul>
          <li>{t('ui.rentalIncome')}</li>
          <li>{t('ui.rentalFirstRent')}</li>
          <li>{t('ui.rentalFirstCharges')}</li>
          <li>{t('ui.rentalInventory')}</li>
          <li>{t('ui.rentalDeposit')}</li>
        </ul>
      </div>
      <ContactFields remark={false} />
      <Fieldset legend={t('legends.household')}>
        <TextField name="adults" required inputMode="numeric" />
        <TextField name="kids" inputMode="numeric" />
        <TextField name="kidsAges" />
        <TextField name="pets" />
        <TextField name="moveDate" type="date" required />
        <TextField name="income1" inputMode="numeric" />
        <TextField name="income2" inputMode="numeric" />
        <TextField name="reason" multiline />
      </Fieldset>
    </RequestForm>
  );
}
