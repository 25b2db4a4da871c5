/*
 * What a visitor did in a form the server drew before the form's code came (lazy-form.tsx): what
 * they typed and where the focus was, read just before React draws the form in its place and put
 * back into it. It comes with the forms' code (request-forms.tsx), not in the page's first scripts.
 */

/** What the visitor did in the server's form before its code came: what they typed and where they are. */
export type TypedBeforeCode = { values: [string, string][]; files: Map<string, FileList>; focused: Focused | undefined };
/**
 * The control that had the focus, told apart as the drawn form can find it again: by its id, else
 * (a radio or a checkbox of a choice group has none) by its name and value, else by its place
 * among the form's controls.
 */
type Focused = { id: string; name: string; value: string; index: number };

const controlsIn = (wrapper: HTMLElement) => Array.from(wrapper.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href], [tabindex]'));

function focusedIn(wrapper: HTMLElement): Focused | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !wrapper.contains(active)) return undefined;
  const named = active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement || active instanceof HTMLButtonElement;
  return { id: active.id, name: named ? active.name : '', value: active instanceof HTMLInputElement ? active.value : '', index: controlsIn(wrapper).indexOf(active) };
}

function refocus(wrapper: HTMLElement, focused: Focused) {
  const controls = controlsIn(wrapper);
  const byName = (control: HTMLElement) =>
    (control instanceof HTMLInputElement && control.name === focused.name && control.value === focused.value) ||
    ((control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement || control instanceof HTMLButtonElement) && control.name === focused.name);
  const target = (focused.id ? controls.find((control) => control.id === focused.id) : undefined) ?? (focused.name ? controls.find(byName) : undefined) ?? controls[focused.index];
  target?.focus();
}

export function typedIn(wrapper: HTMLElement): TypedBeforeCode {
  const values: [string, string][] = [];
  for (const form of wrapper.querySelectorAll('form')) {
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') values.push([name, value]);
  }
  const files = new Map<string, FileList>();
  for (const input of wrapper.querySelectorAll<HTMLInputElement>('input[type="file"]')) if (input.files?.length) files.set(input.name, input.files);
  return { values, files, focused: focusedIn(wrapper) };
}

/** Puts it back into the form the browser drew, before request-form.tsx adopts the fields' values. */
export function restoreTyped(wrapper: HTMLElement, typed: TypedBeforeCode) {
  const fields = (name: string) => Array.from(wrapper.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')).filter((field) => field.name === name);
  for (const name of new Set(typed.values.map(([field]) => field))) {
    const values = typed.values.filter(([field]) => field === name).map(([, value]) => value);
    for (const field of fields(name)) {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) field.checked = values.includes(field.value);
      else if (!(field instanceof HTMLInputElement && (field.type === 'hidden' || field.type === 'file'))) field.value = values[0] ?? '';
    }
  }
  for (const [name, files] of typed.files) {
    for (const field of fields(name)) if (field instanceof HTMLInputElement && field.type === 'file') field.files = files;
  }
  if (typed.focused) refocus(wrapper, typed.focused);
}
