'use client';

import { useTranslations } from 'next-intl';
import { titles } from '@/lib/form-kinds/fields';
import { IdentityFields } from '../common-fields';
import { ChoiceGroup, Fieldset, TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function OfferForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="purchase-offer" {...common} hidden={{ propertyId }} idPrefix="offer">
      <p className={styles.notice}>{t('ui.offerAdvance')}</p>
      <Fieldset legend={t('legends.personA')}>
        <IdentityFields />
        <TextField name="street" autoComplete="address-line1" />
        <TextField name="houseNumber" />
        <TextField name="city" autoComplete="address-level2" />
      </Fieldset>
      <Fieldset legend={t('legends.personB')}>
        <p className={`${styles.help} ${styles.wide}`}>{t('ui.personBHelp')}</p>
        <ChoiceGroup name="personBTitle" wide choices={titles.map((value) => ({ value, label: t(`options.title.${value}`) }))} />
        <TextField name="personBFirstName" autoComplete="off" />
        <TextField name="personBLastName" autoComplete="off" />
        <TextField name="personBEmail" type="email" autoComplete="off" />
        <TextField name="personBPhone" type="tel" autoComplete="off" />
        <TextField name="personBStreet" autoComplete="off" />
        <TextField name="personBHouseNumber" autoComplete="off" />
        <TextField name="personBCity" autoComplete="off" />
      </Fieldset>
      <Fieldset legend={t('legends.offer')}>
        <TextField name="amount" required inputMode="numeric" />
        <TextField name="amountInWords" required />
        <TextField name="startDate" type="date" required />
        <TextField name="endDate" type="date" required />
        <TextField name="place" required />
        <TextField name="signDate" type="date" required />
        <TextField name="conditions" multiline />
      </Fieldset>
    </RequestForm>
  );
}
