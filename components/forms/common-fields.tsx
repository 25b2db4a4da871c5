'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { serverUrl } from '@/lib/export/mode';
import { contactDevices, contactTimeSlots, titles } from '@/lib/forms/fields';
import { Checkbox, ChoiceGroup, Fieldset, TextField } from './fields';
import { useRequestFormSettings } from './form-context';
import styles from './forms.module.css';

export function PrivacyField() {
  const t = useTranslations('forms.fields');
  const { privacyHref } = useRequestFormSettings();
  return (
    <Checkbox
      name="privacy"
      required
      label={t.rich('privacy', {
        link: (chunks) => (
          <a href={privacyHref} target="_blank" rel="noopener">
            {chunks}
          </a>
        ),
      })}
    />
  );
}

/** The self-hosted captcha: the picture's answer travels in a cookie, so it also works without JavaScript. */
export function CaptchaField() {
  const t = useTranslations('forms');
  const { form, captchaVersion } = useRequestFormSettings();
  const [refresh, setRefresh] = useState(0);
  const version = captchaVersion + refresh;
  return (
    <div className={`${styles.field} ${styles.wide} ${styles.captcha}`}>
      {/* A plain img: the picture is made per visitor and must not be cached or optimised. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`${serverUrl(`/api/captcha/${form}/`) ?? ''}${version ? `?v=${version}` : ''}`} alt={t('ui.captchaAlt')} width={200} height={64} loading="lazy" />
      <button type="button" className={styles.linkButton} onClick={() => setRefresh((value) => value + 1)}>
        {t('ui.newCaptcha')}
      </button>
      <TextField name="captcha" required autoComplete="off" help={t('ui.captchaHelp')} />
    </div>
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

/** What closes every form: the privacy consent, then the captcha where the form has one. */
export function FormEnd({ captcha }: { captcha: boolean }) {
  return (
    <div className={styles.grid}>
      <PrivacyField />
      {captcha ? <CaptchaField /> : null}
    </div>
  );
}
