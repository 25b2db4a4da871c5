'use client';

import { createContext, useContext } from 'react';
import type { FormName } from '@/lib/form-kinds/table';

export type RequestFormContext = {
  form: FormName;
  idPrefix: string;
  privacyHref: string;
  /** What the fields show before any script runs: a draft's values come back in the page's HTML. */
  initialValues: Readonly<Record<string, unknown>>;
};

export const RequestFormSettings = createContext<RequestFormContext | null>(null);

export function useRequestFormSettings(): RequestFormContext {
  const settings = useContext(RequestFormSettings);
  if (!settings) throw new Error('form fields must be rendered inside <RequestForm>');
  return settings;
}

/** The value a field starts with, as the page's HTML shows it without JavaScript. */
export function useInitialValue(name: string): unknown {
  return useRequestFormSettings().initialValues[name];
}
