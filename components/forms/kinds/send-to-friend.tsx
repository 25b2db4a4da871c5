'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

export function FriendForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="send-to-friend" {...common} hidden={{ propertyId }} idPrefix="friend">
      <div className={styles.grid}>
        <TextField name="firstName" required autoComplete="given-name" />
        <TextField name="lastName" required autoComplete="family-name" />
        <TextField name="email" type="email" required autoComplete="email" />
        <TextField name="friendEmail" type="email" required />
        <TextField name="remark" multiline help={t('ui.friendNoteHelp')} />
      </div>
    </RequestForm>
  );
}
