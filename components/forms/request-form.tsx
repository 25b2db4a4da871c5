'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type {} from 'altcha';
import { useMessages, useTranslations, type Messages } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { serverUrl } from '@/lib/config/deployment';
import { draftAnchor, formEndpoint } from '@/lib/form-kinds/definitions';
import { altchaField, honeypotField } from '@/lib/forms/field-names';
import { formKinds, type FormName } from '@/lib/form-kinds/table';
import { isMessageKey } from '@/lib/i18n/message-keys';
import { FormEnd } from './common-fields';
import { RequestFormSettings } from './form-context';
import { aboutOf, useFormDraft, type FormDraftView } from './form-draft';
import { keepTypedIdentity, offerTypedIdentity } from './typed-identity';
import styles from './forms.module.css';

/** What the form endpoint answers a script (lib/forms/handle-request.ts FormResponse); anything else is a fault on the way. */
const serverAnswer = z.union([
  z.object({ ok: z.literal(true), redirect: z.string() }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string(), fieldErrors: z.record(z.string(), z.object({ code: z.string(), message: z.string() })).optional() }),
]);

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** `draft`: the page came back from a post without JavaScript, with what it needs to say. */
  | { kind: 'error'; message: string; count?: number; draft?: { reenterFile: boolean; reachUs: boolean } }
  | { kind: 'notice'; message: string };

/** The form's zod schema; the spam check is the ALTCHA widget's, outside react-hook-form. */
function resolverFor(form: FormName): Resolver<FieldValues> {
  // Every form's fields are a record of named values: its schema, read as such, takes and gives one.
  const schema: z.ZodType<FieldValues, FieldValues> = formKinds[form].schema;
  return zodResolver(schema);
}

/**
 * The solved ALTCHA challenge of the form: solved already when the visitor focused a field, else
 * solved now. Undefined when the widget could not get a challenge: the server then says so.
 */
async function altchaPayload(form: HTMLFormElement): Promise<string | undefined> {
  // The widget's script loads when the form comes on screen: a quick visitor may be ahead of it.
  for (let waited = 0; !form.querySelector('altcha-widget') && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  const widget = form.querySelector('altcha-widget');
  if (!widget) return undefined;
  await customElements.whenDefined('altcha-widget');
  if (widget.getState() !== 'verified') return (await widget.verify())?.payload;
  const input = form.elements.namedItem(altchaField);
  return input instanceof HTMLInputElement ? input.value : undefined;
}

/** Spec §8: each family of forms words a failure its own way. */
const failureMessages: Partial<Record<FormName, 'status.sendFailed' | 'status.testimonialFailed' | 'status.documentsFailed'>> = {
  'site-contact': 'status.sendFailed',
  'contact-me': 'status.sendFailed',
  'contact-demand': 'status.sendFailed',
  'contact-construction': 'status.sendFailed',
  'contact-appointment': 'status.sendFailed',
  'send-to-friend': 'status.sendFailed',
  testimonial: 'status.testimonialFailed',
  'request-documents': 'status.documentsFailed',
};

/** The first control in error, in the order of the page (radio groups: their first button; the spam check: its box). */
function focusFirstError(form: HTMLFormElement | null, names: readonly string[]) {
  if (!form) return;
  const target = Array.from(form.elements).find(
    (element): element is HTMLElement => element instanceof HTMLElement && 'name' in element && names.includes(String(element.name)) && (element as HTMLInputElement).type !== 'hidden',
  );
  const widgetBox = names.includes('captcha') ? form.querySelector<HTMLElement>('altcha-widget input[type="checkbox"]') : null;
  (target ?? widgetBox)?.focus();
}

/**
 * What the visitor typed before the script took over (a slow connection): copied into
 * react-hook-form's state, so that nothing they entered is lost or reported missing.
 */
function adoptTypedValues(form: HTMLFormElement, setValue: (name: string, value: unknown) => void, skip: ReadonlySet<string>) {
  const data = new FormData(form);
  for (const name of new Set(data.keys())) {
    if (skip.has(name)) continue;
    const inputs = Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === name);
    const first = inputs[0];
    if (first?.type === 'file') continue;
    const values = data.getAll(name).filter((value): value is string => typeof value === 'string');
    if (first?.type === 'checkbox') setValue(name, inputs.length > 1 ? values : true);
    else setValue(name, values[0] ?? '');
  }
}

/** What the summary says about a draft: the failure in the visitor's language, and how many fields need them. */
function draftStatus(draft: FormDraftView, form: FormName, t: ReturnType<typeof useTranslations<'forms'>>, statuses: Messages['forms']['status']): Status {
  // A failure of the server to store: the summary says that nothing was stored or sent.
  const key = draft.status === 'apiError' ? 'notStored' : draft.status;
  const message = isMessageKey(statuses, key) ? t(`status.${key}`) : t('status.apiError');
  const count = Object.keys(draft.errors).length || undefined;
  // What a draft never keeps must be given again: say so where the form has it.
  const reenterFile = formKinds[form].definition.upload !== undefined;
  return { kind: 'error', message, count, draft: { reenterFile, reachUs: draft.status === 'apiError' } };
}

/** How to reach the agency when a form cannot be sent (a static copy without server). */
type AgencyContact = { phone: string; phoneHref: string; email: string };

/** What every form island is given by the server (form-common.ts). */
export type FormCommon = { language: string; privacyHref: string; disabledMessage?: string; agency?: AgencyContact };

export type RequestFormProps = {
  form: FormName;
  language: string;
  privacyHref: string;
  /** Fields the visitor does not type: the listing or project id. */
  hidden?: Record<string, string | number>;
  defaultValues?: FieldValues;
  submitLabel?: string;
  /** Why the form cannot be sent here; an exported copy without a server says so by itself. */
  disabledMessage?: string;
  /** Shown with that message, so the visitor can still reach the agency. */
  agency?: AgencyContact;
  idPrefix?: string;
  /** The line above the fields; by default the form's own (forms.intro). */
  intro?: string;
  /** After the server refused a request (a slot just filled up): what the form shows may be stale. */
  onRefused?: () => void;
  children: ReactNode;
};

export function RequestForm({ form, language, privacyHref, hidden = {}, defaultValues, submitLabel, disabledMessage, agency, idPrefix = form, intro, onRefused, children }: RequestFormProps) {
  const t = useTranslations('forms');
  const { status: statuses } = useMessages().forms;
  const definition = formKinds[form].definition;
  const action = serverUrl(formEndpoint(form));
  const unavailable = disabledMessage ?? (action === undefined ? t('ui.unavailable') : undefined);
  const draft = useFormDraft(form, aboutOf(hidden));
  // Computed once: react-hook-form sets its errors again whenever this object changes.
  const [initial] = useState(() => ({
    values: { ...hidden, ...defaultValues, ...draft?.values },
    errors: draft ? Object.fromEntries(Object.entries(draft.errors).map(([field, code]) => [field, { type: 'server', message: code }])) : undefined,
  }));
  const methods = useForm<FieldValues>({ resolver: resolverFor(form), mode: 'onTouched', defaultValues: initial.values, errors: initial.errors, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<Status>(() => (draft ? draftStatus(draft, form, t, statuses) : { kind: 'idle' }));
  // Set after a failed submit: the fields to put the focus on, once the page shows their errors.
  const [focusRequest, setFocusRequest] = useState<{ names: string[] }>();
  useEffect(() => {
    if (formRef.current) adoptTypedValues(formRef.current, methods.setValue, new Set(['lang', honeypotField, ...Object.keys(hidden)]));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- marks the form interactive once its script runs (hydration), which only an effect sees
    setHydrated(true);
    // Once, when the form becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (focusRequest) focusFirstError(formRef.current, focusRequest.names);
  }, [focusRequest]);
  // WCAG 3.3.7: a listing's request (a form in a disclosure) opens with the name, e-mail and phone
  // typed in another form, in its empty fields; filled as it opens, before the visitor reaches in.
  useEffect(() => {
    const disclosure = formRef.current?.closest('details');
    if (!disclosure) return;
    const offer = () => {
      if (disclosure.open) offerTypedIdentity(formRef.current, methods);
    };
    offer();
    disclosure.addEventListener('toggle', offer);
    return () => disclosure.removeEventListener('toggle', offer);
  }, [methods]);

  const submit = methods.handleSubmit(
    // eslint-disable-next-line react-hooks/refs -- handleSubmit only wraps this callback; it reads the form on submit, never during the render
    async (values) => {
      const element = formRef.current;
      if (!element) return;
      // A challenge is spent by every attempt that reached it, one the server failed to store too:
      // the widget fetches a new one, so that sending again is not refused by the spam check.
      const freshChallenge = () => {
        if (definition.captcha) element.querySelector('altcha-widget')?.reset();
      };
      setStatus({ kind: 'sending' });
      const trap = element.elements.namedItem(honeypotField);
      const meta = { lang: language, source: window.location.pathname, [honeypotField]: trap instanceof HTMLInputElement ? trap.value : '' };
      let response: Response;
      try {
        const altcha = definition.captcha ? await altchaPayload(element) : undefined;
        if (definition.upload) {
          const data = new FormData(element);
          if (altcha) data.set(altchaField, altcha);
          response = await fetch(element.action, { method: 'POST', body: data, headers: { accept: 'application/json' }, credentials: 'include' });
        } else {
          response = await fetch(element.action, {
            method: 'POST',
            // 'include': on an exported copy the form posts to the API origin with the visitor's session.
            credentials: 'include',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ ...values, ...hidden, ...(altcha ? { [altchaField]: altcha } : {}), ...meta }),
          });
        }
      } catch {
        // No answer at all (offline, server down): nothing was stored, the visitor can send again.
        setStatus({ kind: 'error', message: t(failureMessages[form] ?? 'status.sendFailed') });
        return;
      }
      const parsed = await response.json().then(
        (body: unknown) => serverAnswer.safeParse(body),
        () => undefined,
      );
      if (!parsed?.success) {
        freshChallenge();
        setStatus({ kind: 'error', message: t(failureMessages[form] ?? 'status.apiError') });
        return;
      }
      const answer = parsed.data;
      if (!answer.ok && answer.error === 'apiError') {
        freshChallenge();
        setStatus({ kind: 'error', message: t(failureMessages[form] ?? 'status.apiError') });
        return;
      }
      if (answer.ok) {
        window.location.assign(answer.redirect);
        return;
      }
      onRefused?.();
      const fieldErrors = Object.entries(answer.fieldErrors ?? {});
      for (const [field, error] of fieldErrors) methods.setError(field, { type: 'server', message: error.message });
      freshChallenge();
      setStatus({ kind: 'error', message: answer.message, count: fieldErrors.length || undefined });
      setFocusRequest({ names: fieldErrors.map(([field]) => field) });
    },
    (errors) => {
      setStatus({ kind: 'error', message: t('status.validation'), count: Object.keys(errors).length });
      setFocusRequest({ names: Object.keys(errors) });
    },
  );

  if (unavailable !== undefined || action === undefined) {
    return (
      <p className={styles.unavailable} role="note">
        {unavailable}
        {agency ? (
          <>
            {' '}
            <a href={agency.phoneHref}>{agency.phone}</a> · <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </>
        ) : null}
      </p>
    );
  }

  return (
    <RequestFormSettings.Provider value={{ form, idPrefix, privacyHref, initialValues: initial.values }}>
      <FormProvider {...methods}>
        <form
          ref={formRef}
          className={styles.form}
          action={action}
          method="post"
          encType={definition.upload ? 'multipart/form-data' : undefined}
          noValidate={hydrated}
          onSubmit={(event) => void submit(event)}
          // WCAG 3.3.7: what is typed here is offered to the next request form (typed-identity.ts).
          onChange={(event) => keepTypedIdentity(event.target)}
          data-form={form}
          data-ready={hydrated || undefined}
        >
          <input type="hidden" name="lang" value={language} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {/* The honeypot: hidden from people and from assistive technology, filled in by bots. */}
          <div className={styles.trap} aria-hidden="true">
            <label htmlFor={`${idPrefix}-${honeypotField}`}>{t('fields.fax')}</label>
            <input id={`${idPrefix}-${honeypotField}`} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {/* Back from a post without JavaScript, the page opens here (#form-status) and the summary takes the focus. */}
          <div
            role="alert"
            className={status.kind === 'error' ? styles.summary : styles.silent}
            id={draft ? draftAnchor : undefined}
            tabIndex={draft ? -1 : undefined}
            autoFocus={draft ? true : undefined}
          >
            {status.kind === 'error' ? (
              <>
                <p>{status.message}</p>
                {status.count ? <p>{t('ui.errorSummary', { count: status.count })}</p> : null}
                {status.draft?.reenterFile ? <p>{t('ui.reenterFile')}</p> : null}
                {status.draft?.reachUs && agency ? (
                  <p>
                    {t('ui.reachUs')} <a href={agency.phoneHref}>{agency.phone}</a> · <a href={`mailto:${agency.email}`}>{agency.email}</a>
                  </p>
                ) : null}
              </>
            ) : null}
          </div>
          <p className={styles.intro}>{intro ?? t(`intro.${form}`)}</p>
          {children}
          <FormEnd />
          <button type="submit" className={styles.submit} disabled={status.kind === 'sending'} aria-busy={status.kind === 'sending' || undefined}>
            {status.kind === 'sending' ? t('status.sending') : (submitLabel ?? t('ui.submit'))}
          </button>
        </form>
      </FormProvider>
    </RequestFormSettings.Provider>
  );
}
