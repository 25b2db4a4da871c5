'use client';

import { TextField } from '../fields';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

/** Follow a listing: an e-mail address, confirmed by the link mailed to it (lib/alerts). */
export function FollowForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  return (
    <RequestForm form="follow-listing" {...common} hidden={{ propertyId }} idPrefix="follow">
      <div className={styles.grid}>
        <TextField name="email" type="email" required autoComplete="email" wide />
      </div>
    </RequestForm>
  );
}
