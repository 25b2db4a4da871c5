'use client';

import { useTranslations } from 'next-intl';
import { ContactFields } from '../common-fields';
import { documentTypes, FileField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function SiteContactForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="site-contact" {...common}>
      <ContactFields cityRequired />
      <div className={styles.grid}>
        <FileField name="cv" accept={documentTypes} help={t('ui.cvHelp')} />
      </div>
    </RequestForm>
  );
}
