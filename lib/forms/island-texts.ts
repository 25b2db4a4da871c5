import type { Messages } from 'next-intl';
import { supportedLanguages } from '../config/schemas';
import { allMessages } from '../i18n/messages';
import { consentField, formKinds, formNames, type FormName } from '../form-kinds/table';

type FormMessages = Messages['forms'];
type FormIslandTexts = { forms: Pick<FormMessages, 'legends' | 'options' | 'errors' | 'status' | 'ui' | 'captcha' | 'altcha'> & { intro: Record<string, string>; fields: Record<string, string> } };

/** Fields of the forms' shell that no schema lists: the honeypot (request-form.tsx) and the picture captcha. */
const shellFields = ['fax', 'captcha'];

const pick = (group: Record<string, string>, keys: ReadonlySet<string>): Record<string, string> => Object.fromEntries(Object.entries(group).filter(([key]) => keys.has(key)));

/** Every form's texts per language: what the server renders the forms with, built once. */
const everyForm = new Map<string, FormIslandTexts>();

/**
 * The `forms` texts the form islands of `forms` (every form by default) use in the language of
 * `locale`, and nothing more; undefined for a language the site does not know. Left out: the forms'
 * names (the server writes the headings), the other forms' introductions and field labels, and the
 * texts of the no-JavaScript answer pages. Errors, statuses and the shell's texts stay whole: any
 * form can meet any of them.
 */
export function formIslandTexts(locale: string, forms: readonly FormName[] = formNames): FormIslandTexts | undefined {
  const language = supportedLanguages.find((code) => code === locale);
  if (language === undefined) return undefined;
  const kept = forms === formNames ? everyForm.get(language) : undefined;
  if (kept) return kept;
  const messages: FormMessages = allMessages[language].forms;
  const fields = new Set([
    ...shellFields,
    ...forms.flatMap((form) => [...Object.keys(formKinds[form].schema.shape), consentField(form), ...(formKinds[form].definition.upload ? [formKinds[form].definition.upload.field] : [])]),
  ]);
  const { legends, options, errors, status, ui, captcha, altcha } = messages;
  const texts = { forms: { legends, options, errors, status, ui, captcha, altcha, intro: pick(messages.intro, new Set(forms)), fields: pick(messages.fields, fields) } };
  if (forms === formNames) everyForm.set(language, texts);
  return texts;
}
