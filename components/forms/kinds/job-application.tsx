'use client';

import { useTranslations } from 'next-intl';
import { ContactFields } from '../common-fields';
import { documentTypes, FileField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function JobForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="job-application" {...common}>
      <ContactFields />
      <div className={styles.grid}>
        <FileField name="cv" required accept={documentTypes} help={t('ui.cvHelp')} />
      </div>
    </RequestForm>
  );
}
