'use client';

import { openSettingsEvent } from '@/lib/consent';
import styles from './consent-manager.module.css';

/** Reopens the consent settings (spec §4); a window event keeps this island apart from the dialog's code. */
export function CookieSettingsLink({ label }: { label: string }) {
  return (
    <button type="button" className={styles.settingsLink} aria-haspopup="dialog" onClick={() => window.dispatchEvent(new Event(openSettingsEvent))}>
      {label}
    </button>
  );
}
