'use client';

import { allGranted, essentialOnly, purposes, type Purpose, type Purposes } from '@/lib/consent';
import type { ConsentTexts } from './consent-manager';
import styles from './consent-manager.module.css';

const textKey: Record<Purpose, { label: keyof ConsentTexts; description: keyof ConsentTexts }> = {
  analytics_storage: { label: 'analyticsStorage', description: 'analyticsStorageDescription' },
  ad_storage: { label: 'adStorage', description: 'adStorageDescription' },
  ad_user_data: { label: 'adUserData', description: 'adUserDataDescription' },
  ad_personalization: { label: 'adPersonalization', description: 'adPersonalizationDescription' },
};

type Props = {
  /** The dialog's id, which the fields' ids start with. */
  id: string;
  texts: ConsentTexts;
  draft: Purposes;
  /** No choice is stored yet: the dialog cannot be closed without one. */
  required: boolean;
  onDraft: (draft: Purposes) => void;
  onSave: (choice: Purposes) => void;
  onClose: () => void;
};

/** The consent dialog's settings view (consent-manager.tsx): one switch per purpose, and the choices. */
export function ConsentSettings({ id, texts, draft, required, onDraft, onSave, onClose }: Props) {
  return (
    <form
      className={styles.settings}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
      }}
    >
      <ul className={styles.options}>
        <li className={styles.option}>
          <input id={`${id}-essential`} type="checkbox" checked readOnly disabled aria-describedby={`${id}-essential-text`} />
          <label htmlFor={`${id}-essential`}>
            {texts.essential} <span className={styles.alwaysOn}>({texts.alwaysOn})</span>
          </label>
          <p id={`${id}-essential-text`}>{texts.essentialDescription}</p>
        </li>
        {purposes.map((purpose) => (
          <li key={purpose} className={styles.option}>
            <input
              id={`${id}-${purpose}`}
              type="checkbox"
              name={purpose}
              checked={draft[purpose]}
              onChange={(event) => onDraft({ ...draft, [purpose]: event.currentTarget.checked })}
              aria-describedby={`${id}-${purpose}-text`}
            />
            <label htmlFor={`${id}-${purpose}`}>{texts[textKey[purpose].label]}</label>
            <p id={`${id}-${purpose}-text`}>{texts[textKey[purpose].description]}</p>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {texts.save}
        </button>
        <button type="button" className={styles.secondary} onClick={() => onSave(essentialOnly)}>
          {texts.decline}
        </button>
        <button type="button" className={styles.secondary} onClick={() => onSave(allGranted)}>
          {texts.agreeAll}
        </button>
        {required ? null : (
          <button type="button" className={styles.secondary} onClick={onClose}>
            {texts.close}
          </button>
        )}
      </div>
    </form>
  );
}
