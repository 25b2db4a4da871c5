'use client';

import { useTranslations } from 'next-intl';
import { consentField, formKinds } from '@/lib/form-kinds/table';
import { contactDevices, contactTimeSlots, titles } from '@/lib/form-kinds/fields';
import { CaptchaField } from './captcha-field';
import { Checkbox, ChoiceGroup, Fieldset, TextField } from './fields';
import { useRequestFormSettings } from './form-context';
import styles from './forms.module.css';

function PrivacyField() {
  const t = useTranslations('forms.fields');
  const { privacyHref, form } = useRequestFormSettings();
  return (
    <Checkbox
      name="privacy"
      required
      label={t.rich(consentField(form), {
        link: (chunks) => (
          <a href={privacyHref} target="_blank" rel="noopener">
            {chunks}
          </a>
        ),
      })}
    />
  );
}

/** Title, names, e-mail and phone: the fields every contact form starts with. */
export function IdentityFields({ withPhone = true }: { withPhone?: boolean }) {
  const t = useTranslations('forms');
  return (
    <>
      <ChoiceGroup name="title" required wide choices={titles.map((value) => ({ value, label: t(`options.title.${value}`) }))} />
      <TextField name="firstName" required autoComplete="given-name" />
      <TextField name="lastName" required autoComplete="family-name" />
      <TextField name="email" type="email" required autoComplete="email" />
      {withPhone ? <TextField name="phone" type="tel" required autoComplete="tel" /> : null}
    </>
  );
}

/** The contact block of spec §3: identity, address, remark, when and how to call, newsletter. */
export function ContactFields({ address = 'optional', cityRequired = false, remark = true }: { address?: 'optional' | 'none'; cityRequired?: boolean; remark?: boolean }) {
  const t = useTranslations('forms');
  return (
    <>
      <Fieldset legend={t('legends.contact')}>
        <IdentityFields />
        {address === 'optional' ? (
          <>
            <TextField name="street" autoComplete="address-line1" />
            <TextField name="houseNumber" />
            <TextField name="city" required={cityRequired} autoComplete="address-level2" />
          </>
        ) : null}
      </Fieldset>
      <Fieldset legend={t('legends.preferences')}>
        {remark ? <TextField name="remark" multiline /> : null}
        <ChoiceGroup name="contactSlots" multiple choices={contactTimeSlots.map((value) => ({ value, label: t(`options.contactSlots.${value}`) }))} />
        <ChoiceGroup name="contactDevice" choices={contactDevices.map((value) => ({ value, label: t(`options.contactDevice.${value}`) }))} />
        <Checkbox name="newsletter" label={t('fields.newsletter')} />
      </Fieldset>
    </>
  );
}

/** What closes every form: the privacy consent, then the captcha where the form's definition asks for one. */
export function FormEnd() {
  const { form } = useRequestFormSettings();
  return (
    <div className={styles.grid}>
      <PrivacyField />
      {formKinds[form].definition.captcha ? <CaptchaField /> : null}
    </div>
  );
}
