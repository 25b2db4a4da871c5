'use client';

import type { ReactNode } from 'react';
import type { FormName } from '@/lib/form-kinds/table';
import { useFormDraft } from './form-draft';
import styles from './forms.module.css';

/**
 * One request of a listing in its disclosure, open when the page came back with this form's draft
 * (a post without JavaScript that failed), so that its errors are in sight.
 */
export function RequestDisclosure({ id, title, form, about, children }: { id: string; title: string; form: FormName; about: number; children: ReactNode }) {
  const draft = useFormDraft(form, about);
  // The anchor sits inside the disclosure: browsers open a closed <details> around the target of a
  // link such as "#request-visit" (the "ancestor details revealing" step of fragment navigation).
  return (
    <details className={styles.request} open={draft ? true : undefined}>
      <summary>{title}</summary>
      <div className={styles.requestBody}>
        {/* The link's target, focusable by script only: a link to the form moves the focus to its
            top (not to <body>, and not to the middle of a form taller than the screen). */}
        <span id={id} tabIndex={-1} className={styles.requestAnchor} />
        {children}
      </div>
    </details>
  );
}
