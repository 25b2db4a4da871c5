'use client';

import { createContext, useContext } from 'react';
import type { FormName } from '@/lib/forms/schemas';

export type RequestFormContext = { form: FormName; idPrefix: string; privacyHref: string };

export const RequestFormSettings = createContext<RequestFormContext | null>(null);

export function useRequestFormSettings(): RequestFormContext {
  const settings = useContext(RequestFormSettings);
  if (!settings) throw new Error('form fields must be rendered inside <RequestForm>');
  return settings;
}
