'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function NewsletterForm({ common, idPrefix = 'newsletter' }: { common: FormCommon; idPrefix?: string }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="sign-newsletter" {...common} idPrefix={idPrefix} submitLabel={t('ui.submit')}>
      <div className={styles.grid}>
        <TextField name="email" type="email" required autoComplete="email" wide />
      </div>
    </RequestForm>
  );
}
