'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { FormDraft } from '@/lib/forms/draft';
import type { FormName } from '@/lib/form-kinds/table';
import type { SlotAvailability } from '@/lib/forms/slots';

/*
 * The draft of a form that failed without JavaScript (lib/forms/draft.ts), given by the page that
 * is rendered per request for it (app/[lang]/form-draft) to the one form it belongs to.
 */

export type FormDraftView = FormDraft & {
  /** A visit form's viewing times with the places left now, after the refusal. */
  slots?: SlotAvailability[];
};

const FormDraftContext = createContext<FormDraftView | undefined>(undefined);

export function FormDraftProvider({ draft, children }: { draft: FormDraftView; children: ReactNode }) {
  return <FormDraftContext.Provider value={draft}>{children}</FormDraftContext.Provider>;
}

/** The draft of this form about this listing or project, if the page shows one. */
export function useFormDraft(form: FormName, about: number | undefined): FormDraftView | undefined {
  const draft = useContext(FormDraftContext);
  return draft && draft.form === form && draft.about === about ? draft : undefined;
}

/** The listing or project a form's hidden fields name. */
export function aboutOf(hidden: Readonly<Record<string, string | number>>): number | undefined {
  const id = Number(hidden.propertyId ?? hidden.projectId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
