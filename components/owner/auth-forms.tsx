'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import type { AuthFormState } from '@/lib/auth/actions';
import type { AuthTexts } from './auth-texts';
import styles from './owner.module.css';

type Action = (state: AuthFormState, data: FormData) => Promise<AuthFormState>;

const idle: AuthFormState = { status: 'idle' };

function Field({ name, label, type, autoComplete, error, defaultValue }: { name: string; label: string; type: string; autoComplete: string; error?: string; defaultValue?: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={`owner-${name}`}>{label}</label>
      <input
        id={`owner-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `owner-${name}-error` : undefined}
      />
      {error ? (
        <p id={`owner-${name}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The answer of the last attempt, announced and focused so that it is heard and seen. */
function Outcome({ state }: { state: AuthFormState }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== 'idle') ref.current?.focus();
  }, [state]);
  if (state.status === 'idle' || (!state.title && !state.message)) return null;
  return (
    <div ref={ref} tabIndex={-1} role={state.status === 'error' ? 'alert' : 'status'} className={state.status === 'error' ? styles.alert : styles.notice}>
      {state.title ? <p className={styles.alertTitle}>{state.title}</p> : null}
      {state.message ? <p>{state.message}</p> : null}
    </div>
  );
}

export function LoginForm({ texts, action, forgotHref }: { texts: AuthTexts; action: Action; forgotHref: string }) {
  const [state, formAction, pending] = useActionState(action, idle);
  return (
    <form action={formAction} className={styles.form} data-form="owner-login">
      <Outcome state={state} />
      <Field name="email" label={texts.email} type="email" autoComplete="username" defaultValue={state.email} />
      <Field name="password" label={texts.password} type="password" autoComplete="current-password" />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? texts.loggingIn : texts.logIn}
      </button>
      <p>
        <a href={forgotHref}>{texts.forgotLink}</a>
      </p>
    </form>
  );
}

export function ForgotPasswordForm({ texts, action }: { texts: AuthTexts; action: Action }) {
  const [state, formAction, pending] = useActionState(action, idle);
  return (
    <form action={formAction} className={styles.form} data-form="owner-forgot">
      <Outcome state={state} />
      <Field name="email" label={texts.email} type="email" autoComplete="username" error={state.fieldErrors?.email} defaultValue={state.email} />
      <button type="submit" className={styles.button} disabled={pending}>
        {texts.sendLink}
      </button>
    </form>
  );
}

/** The token comes from the link in the e-mail (?token=); it is read in the browser. */
export function SetPasswordForm({ texts, action, forgotHref }: { texts: AuthTexts; action: Action; forgotHref: string }) {
  const [state, formAction, pending] = useActionState(action, idle);
  const [token, setToken] = useState('');
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is the browser's: the server renders the form without a token, then hydration reads it
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);
  return (
    <form action={formAction} className={styles.form} data-form="owner-set-password">
      <Outcome state={state} />
      {state.message ? (
        <p>
          <a href={forgotHref}>{texts.askNewLink}</a>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <Field name="password" label={texts.newPassword} type="password" autoComplete="new-password" error={state.fieldErrors?.password} />
      <Field name="passwordConfirm" label={texts.confirmPassword} type="password" autoComplete="new-password" error={state.fieldErrors?.passwordConfirm} />
      <button type="submit" className={styles.button} disabled={pending || !token}>
        {texts.savePassword}
      </button>
    </form>
  );
}
