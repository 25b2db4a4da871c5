import type { FieldValues, UseFormReturn } from 'react-hook-form';

/*
 * WCAG 3.3.7 (redundant entry): the name, e-mail and phone a visitor typed in one request form are
 * offered again in the next request they open on a listing (the visit, information, documents,
 * offer... forms, each in a disclosure), filled into its empty fields as it opens. Kept for the tab only
 * (session storage, lib/consent/storage-table.ts), so that it also holds after a thank-you page and
 * the way back; without storage, for this page. Without JavaScript the browser offers them instead
 * (the fields' autocomplete tokens).
 */
const identityFields = ['title', 'firstName', 'lastName', 'email', 'phone'] as const;
const storageKey = 'form-identity';
let kept: Record<string, string> = {};

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null');
    if (typeof value === 'object' && value !== null) {
      kept = Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
  } catch {
    // Storage off or foreign content: what this page kept still serves.
  }
  return kept;
}

/** From a form's change event: an identity field's new value is kept for the next form. */
export function keepTypedIdentity(target: EventTarget): void {
  if (!(target instanceof HTMLInputElement) || !identityFields.some((name) => name === target.name)) return;
  if (target.type === 'radio' && !target.checked) return;
  kept = { ...read(), [target.name]: target.value.trim() };
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Full or switched off: kept for this page only.
  }
}

/** Fills the form's identity fields that are still empty and untouched with what was typed in another. */
export function offerTypedIdentity(form: HTMLFormElement | null, methods: UseFormReturn<FieldValues>): void {
  if (!form) return;
  const typed = read();
  for (const name of identityFields) {
    const value = typed[name];
    if (!value || !form.elements.namedItem(name)) continue;
    const state = methods.getFieldState(name);
    const current: unknown = methods.getValues(name);
    if (state.isDirty || state.isTouched || (typeof current === 'string' && current !== '')) continue;
    methods.setValue(name, value, { shouldDirty: true });
  }
}
