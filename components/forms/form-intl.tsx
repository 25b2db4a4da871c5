import type { Messages } from 'next-intl';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { formDefinitions } from '@/lib/forms/definitions';
import { formSchemas, type FormName } from '@/lib/forms/schemas';
import { allMessages } from '@/lib/i18n/messages';
import { IslandMessages } from '@/components/layout/island-messages';

type FormMessages = Messages['forms'];

/** Fields of the forms' shell that no schema lists: the honeypot (request-form.tsx) and the picture captcha. */
const shellFields = ['fax', 'captcha'];

const pick = (group: Record<string, string>, keys: ReadonlySet<string>): Record<string, string> => Object.fromEntries(Object.entries(group).filter(([key]) => keys.has(key)));

/**
 * The `forms` texts the islands of `forms` use, and nothing more: each page carries them in its
 * inline data, and the footer's newsletter form is on every page. Left out: the forms' names (the
 * server writes the headings), the other forms' introductions and field labels, and the texts of
 * the no-JavaScript answer pages. Errors, statuses and the shell's texts stay whole: any form can
 * meet any of them.
 */
function formIslandMessages(messages: FormMessages, forms: readonly FormName[]) {
  const fields = new Set([...shellFields, ...forms.flatMap((form) => [...Object.keys(formSchemas[form].shape), ...(formDefinitions[form].upload ? [formDefinitions[form].upload.field] : [])])]);
  const { legends, options, errors, status, ui, captcha, altcha } = messages;
  return { legends, options, errors, status, ui, captcha, altcha, intro: pick(messages.intro, new Set(forms)), fields: pick(messages.fields, fields) };
}

/** Gives the form islands of `forms` their texts in the page's language (formIslandMessages). */
export function FormIntl({ language, forms, children }: { language: Language; forms: readonly FormName[]; children: ReactNode }) {
  return (
    <IslandMessages locale={language} messages={{ forms: formIslandMessages(allMessages[language].forms, forms) }}>
      {children}
    </IslandMessages>
  );
}
