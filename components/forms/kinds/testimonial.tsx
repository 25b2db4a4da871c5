'use client';

import { useTranslations } from 'next-intl';
import { FileField, TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function TestimonialForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="testimonial" {...common}>
      <div className={styles.grid}>
        <TextField name="name" required autoComplete="name" />
        <TextField name="email" type="email" required autoComplete="email" />
        <TextField name="about" />
        <TextField name="website" type="url" inputMode="url" />
        <TextField name="comment" required multiline />
        <FileField name="image" accept="image/jpeg,image/png,image/webp" help={t('ui.imageHelp')} />
      </div>
    </RequestForm>
  );
}
