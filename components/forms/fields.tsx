'use client';

import { useMessages, useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { isMessageKey } from '@/lib/i18n/message-keys';
import { useInitialValue, useRequestFormSettings } from './form-context';
import styles from './forms.module.css';

/*
 * Field building blocks. Each input keeps its plain `name`, so the same form posts without
 * JavaScript; react-hook-form adds the checks and the messages when it is there. An error is
 * tied to its input by aria-describedby and aria-invalid.
 */

export function useFieldError(name: string): string | undefined {
  const t = useTranslations('forms');
  const { errors: texts } = useMessages().forms;
  const { formState } = useFormContext();
  const error = formState.errors[name] as FieldError | undefined;
  if (!error?.message) return error ? t('errors.invalid') : undefined;
  // The code comes from the zod schema or the server's answer; an unknown one is shown as it is.
  return isMessageKey(texts, error.message) ? t(`errors.${error.message}`) : error.message;
}

/** A field's label by its name (forms.fields), or the name itself for a field whose caller gives the label. */
function useFieldLabel(name: string): string {
  const t = useTranslations('forms.fields');
  const { fields } = useMessages().forms;
  return isMessageKey(fields, name) ? t(name) : name;
}

function useIds(name: string) {
  const { idPrefix } = useRequestFormSettings();
  return { id: `${idPrefix}-${name}`, errorId: `${idPrefix}-${name}-error`, helpId: `${idPrefix}-${name}-help` };
}

/** " *" for the eye, "(required)" for a screen reader: two spans side by side, no third around them (a listing draws some thirty). */
function RequiredMark() {
  const t = useTranslations('forms.ui');
  return (
    <>
      <span className={styles.required} aria-hidden="true">
        {' *'}
      </span>
      <span className="visually-hidden"> ({t('required')})</span>
    </>
  );
}

export function Label({ htmlFor, text, required }: { htmlFor?: string; text: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {text}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** A text value to show in the HTML, so that a form re-rendered by the server shows what was typed. */
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
/** Whether a box or button starts ticked: one value, a list of them, or "on"/true for a lone checkbox. */
const isTicked = (initial: unknown, value: string) => (Array.isArray(initial) ? initial.includes(value) : initial === value);
const isOn = (initial: unknown) => initial === true || initial === 'on' || initial === 'true';

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type TextFieldProps = {
  name: string;
  label?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'url';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text' | 'url';
  multiline?: boolean;
  help?: string;
  wide?: boolean;
};

export function TextField({ name, label, type = 'text', required, autoComplete, inputMode, multiline, help, wide }: TextFieldProps) {
  const ownLabel = useFieldLabel(name);
  const { register } = useFormContext();
  const { id, errorId, helpId } = useIds(name);
  const message = useFieldError(name);
  const initial = textOf(useInitialValue(name));
  const common = {
    id,
    defaultValue: initial,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy(help && helpId, message && errorId),
    'aria-required': required || undefined,
    ...register(name),
  };
  return (
    <div className={`${styles.field} ${wide || multiline ? styles.wide : ''}`}>
      <Label htmlFor={id} text={label ?? ownLabel} required={required} />
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
      <ErrorText id={errorId} message={message} />
    </div>
  );
}

export type Choice = { value: string; label: string; disabled?: boolean };

/** What a CV may be: PDF or Word (the server checks the content, lib/forms/uploads). */
export const documentTypes = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Radio buttons or checkboxes under one legend; the group carries the error. */
export function ChoiceGroup({ name, label, choices, multiple, required, wide }: { name: string; label?: string; choices: readonly Choice[]; multiple?: boolean; required?: boolean; wide?: boolean }) {
  const ownLabel = useFieldLabel(name);
  const { register, setValue } = useFormContext();
  const initial = useInitialValue(name);
  const ticked: unknown = useWatch({ name }) ?? initial;
  const { id, errorId } = useIds(name);
  const message = useFieldError(name);
  // A disabled input is not posted, so a ticked choice that turns unavailable (a visit time filled
  // by someone else since the page was drawn) would be lost without a word. It stays enabled until
  // the server has refused it (an error on the field); from then on it is disabled and unticked,
  // never both disabled and ticked.
  const isOff = (choice: Choice) => Boolean(choice.disabled) && (message !== undefined || !isTicked(ticked, choice.value));
  const tickedOff = choices.some((choice) => isOff(choice) && isTicked(ticked, choice.value));
  useEffect(() => {
    if (tickedOff) setValue(name, multiple ? choices.filter((choice) => !isOff(choice) && isTicked(ticked, choice.value)).map((choice) => choice.value) : null);
  });
  return (
    <fieldset
      className={`${styles.group} ${wide ? styles.wide : ''}`}
      aria-invalid={message ? true : undefined}
      aria-describedby={describedBy(message && errorId)}
      // aria-required exists for radio groups only; a checkbox group says "required" in its legend.
      aria-required={(!multiple && required) || undefined}
      role={multiple ? 'group' : 'radiogroup'}
      id={id}
      tabIndex={-1}
    >
      <legend className={styles.label}>
        {label ?? ownLabel}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              value={choice.value}
              disabled={isOff(choice)}
              defaultChecked={(isTicked(initial, choice.value) && !isOff(choice)) || undefined}
              {...register(name)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={errorId} message={message} />
    </fieldset>
  );
}

export function Checkbox({ name, label, required }: { name: string; label: ReactNode; required?: boolean }) {
  const { register } = useFormContext();
  const initial = useInitialValue(name);
  const { id, errorId } = useIds(name);
  const message = useFieldError(name);
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <div className={styles.choice}>
        <input
          type="checkbox"
          id={id}
          defaultChecked={isOn(initial) || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(message && errorId)}
          aria-required={required || undefined}
          {...register(name)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <ErrorText id={errorId} message={message} />
    </div>
  );
}

export function FileField({ name, accept, help, required }: { name: string; accept: string; help: string; required?: boolean }) {
  const label = useFieldLabel(name);
  const { register } = useFormContext();
  const { id, errorId, helpId } = useIds(name);
  const message = useFieldError(name);
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <Label htmlFor={id} text={label} required={required} />
      <input
        type="file"
        id={id}
        accept={accept}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(helpId, message && errorId)}
        aria-required={required || undefined}
        {...register(name)}
      />
      <p id={helpId} className={styles.help}>
        {help}
      </p>
      <ErrorText id={errorId} message={message} />
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={styles.grid}>{children}</div>
    </fieldset>
  );
}
