import type { ComponentProps, ReactNode, RefObject } from 'react';
import styles from './search-panel.module.css';

type Props = {
  baseId: string;
  label: string;
  buttonLabel: string;
  placeholder: string;
  open: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  input: Omit<ComponentProps<'input'>, 'id' | 'ref' | 'type' | 'role' | 'placeholder' | 'aria-expanded' | 'aria-controls'>;
  button: Omit<ComponentProps<'button'>, 'type' | 'aria-label' | 'aria-expanded' | 'aria-controls'>;
  /** The listbox's own props and its content. */
  listbox: Omit<ComponentProps<'div'>, 'id' | 'role' | 'aria-label' | 'className' | 'hidden'>;
  children?: ReactNode;
};

/**
 * The search field's markup: the combobox, its button and its listbox. Drawn by the light field
 * that the page loads (search-field.tsx) and by the panel it becomes (search-panel.tsx), so the
 * swap changes nothing a visitor sees.
 */
export function SearchBox({ baseId, label, buttonLabel, placeholder, open, inputRef, input, button, listbox, children }: Props) {
  const listboxId = `${baseId}-listbox`;
  return (
    <div className={styles.search}>
      <div className={styles.field}>
        <label htmlFor={`${baseId}-input`} className="visually-hidden">
          {label}
        </label>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          name="q"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          placeholder={placeholder}
          aria-expanded={open}
          aria-controls={listboxId}
          {...input}
        />
        <button type="button" aria-label={buttonLabel} aria-expanded={open} aria-controls={listboxId} {...button}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div id={listboxId} role="listbox" aria-label={label} className={styles.panel} hidden={!open} {...listbox}>
        {children}
      </div>
    </div>
  );
}
