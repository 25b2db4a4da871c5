import { getProject, getProperty } from '../catalogue';
import type { Language } from '../config';
import type { OutboxRow, RequestRow, StoredRequest } from '../db';
import { brusselsDateTime } from '../format';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { requestLines } from '../mail/compose';
import { csvCell, terminalText } from './safe-text';

/*
 * What `npm run leads` shows staff: a line per request in the terminal, or every request as CSV
 * with one labelled column per answer, in the agency's language (the labels and spelled-out
 * options of the agency's e-mail). Every visitor's text passes lib/leads/safe-text on the way.
 */

/** `refused`: why the receiver refused a job (a CRM refusing a field), which is not tried again. */
export type Delivery = { delivered: number; pending: number; refused: string[] };

/** Delivered, waiting and refused jobs per request; jobs of no request (password resets) are left out. */
export function deliveryByRequest(jobs: readonly Pick<OutboxRow, 'request_id' | 'status' | 'kind' | 'last_error'>[]): Map<string, Delivery> {
  const delivery = new Map<string, Delivery>();
  for (const job of jobs) {
    if (!job.request_id) continue;
    const entry = delivery.get(job.request_id) ?? { delivered: 0, pending: 0, refused: [] };
    if (job.status === 'refused') entry.refused.push(`${job.kind}: ${job.last_error ?? 'refused'}`);
    else entry[job.status] += 1;
    delivery.set(job.request_id, entry);
  }
  return delivery;
}

const none: Delivery = { delivered: 0, pending: 0, refused: [] };

/** "dd-mm-yyyy hh:mm" in Brussels, where staff read it. */
function brusselsTime(iso: string): string {
  const { date, time } = brusselsDateTime(iso);
  return `${date} ${time}`;
}

function subjectText(request: RequestRow, language: Language): string {
  const t = translatorFor(language, 'mail');
  if (request.property_id) {
    const property = getProperty(request.property_id, language);
    const reference = t('reference', { id: request.property_id });
    return property ? `${reference}: ${property.title}` : reference;
  }
  if (request.project_id) {
    const project = getProject(request.project_id, language);
    const reference = t('projectReference', { id: request.project_id });
    return project ? `${reference}: ${project.title}` : reference;
  }
  return '';
}

/** Every request as CSV: one row each, one column per answer, with a byte-order mark for spreadsheets. */
export function leadsCsv(requests: readonly StoredRequest[], delivery: ReadonlyMap<string, Delivery>, language: Language): string {
  const forms = translatorFor(language, 'forms');
  const columns = translatorFor(language, 'leads');
  const answers = requests.map((request) => requestLines(request, language));

  // One column per answer, in the order they first appear; the label is the one of the e-mail,
  // unless that label alone would leave two columns looking the same.
  const fixedBefore = ['received', 'form', 'subject', 'language'] as const;
  const fixedAfter = ['page', 'mailsSent', 'mailsWaiting', 'request'] as const;
  const used = new Set<string>([...fixedBefore, ...fixedAfter].map((key) => columns(`columns.${key}`)));
  const fieldLabels = new Map<string, string>();
  for (const line of answers.flat()) {
    if (fieldLabels.has(line.field)) continue;
    const own = isMessageKey(referenceMessages.leads.columns, line.field) ? columns(`columns.${line.field}`) : line.label;
    let label = own;
    for (let count = 2; used.has(label); count += 1) label = `${own} (${count})`;
    used.add(label);
    fieldLabels.set(line.field, label);
  }
  const fields = [...fieldLabels.keys()];

  const header = [...fixedBefore.map((key) => columns(`columns.${key}`)), ...fieldLabels.values(), ...fixedAfter.map((key) => columns(`columns.${key}`))];
  const rows = requests.map((request, index) => {
    const values = new Map((answers[index] ?? []).map((line) => [line.field, line.value]));
    const state = delivery.get(request.id) ?? none;
    const formName = isMessageKey(referenceMessages.forms.names, request.form) ? forms(`names.${request.form}`) : request.form;
    const visitorLanguage = isMessageKey(referenceMessages.forms.languages, request.lang) ? forms(`languages.${request.lang}`) : request.lang;
    return [
      brusselsTime(request.created_at),
      formName,
      subjectText(request, language),
      visitorLanguage,
      ...fields.map((field) => values.get(field)),
      request.source ?? '',
      state.delivered,
      state.pending,
      request.id,
    ];
  });
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A terminal line per request: date, form, language, name, e-mail, listing and delivery state. */
export function leadLines(requests: readonly RequestRow[], delivery: ReadonlyMap<string, Delivery>): string[] {
  return requests.map((request) => {
    const state = delivery.get(request.id) ?? none;
    const about = request.property_id ? ` listing ${request.property_id}` : request.project_id ? ` project ${request.project_id}` : '';
    const when = terminalText(brusselsTime(request.created_at));
    const name = terminalText(request.name ?? '').padEnd(24);
    const email = terminalText(request.email ?? '').padEnd(34);
    const refused = state.refused.map((reason) => `, refused ${terminalText(reason)}`).join('');
    return `${when}  ${terminalText(request.form).padEnd(20)} ${terminalText(request.lang)}  ${name} ${email}${about}  [${state.delivered} sent, ${state.pending} waiting${refused}]`;
  });
}
