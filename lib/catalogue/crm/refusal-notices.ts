import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DataIssue } from '../../data-file';
import { noticeProblems, type Problem, type Store } from '../../db';

/*
 * The agency is told of a refused CRM record once per record and problem (issue 36): a problem is
 * the file, the record (its ID, whatever language: the same mistake in four languages is one
 * problem), the field and the message, as check:data words them. Warnings (a picture that could
 * not be fetched) are worked around and retried, and mailed to no one.
 */

/** What a notice keeps of an issue: the record by its ID and the languages it was found in. */
const noticeSchema = z.object({ file: z.string(), record: z.string().optional(), languages: z.array(z.string()), field: z.string().optional(), message: z.string() });
export type RefusalNotice = z.infer<typeof noticeSchema>;

/** "ID 4000003, nl" → ["ID 4000003", "nl"]; a label without a language is all record. */
function splitLabel(label: string | undefined): { record?: string; language?: string } {
  if (!label) return {};
  const comma = label.lastIndexOf(', ');
  return comma < 0 ? { record: label } : { record: label.slice(0, comma), language: label.slice(comma + 2) };
}

/** The problems among a good run's refusals, one per record, field and message. */
function problemsOf(issues: readonly DataIssue[]): Problem[] {
  const notices = new Map<string, RefusalNotice>();
  for (const issue of issues) {
    if (issue.severity === 'warning') continue;
    const { record, language } = splitLabel(issue.record?.label);
    const key = createHash('sha256')
      .update(JSON.stringify([issue.file, record ?? '', issue.field ?? '', issue.message]))
      .digest('hex');
    const notice = notices.get(key) ?? { file: issue.file, record, languages: [], field: issue.field, message: issue.message };
    if (language && !notice.languages.includes(language)) notice.languages.push(language);
    notices.set(key, notice);
  }
  return [...notices].map(([problem, notice]) => ({ problem, issue: JSON.stringify(notice) }));
}

/** Records the run's problems; queues the agency's mail when one is new. */
export function noticeRefusals(store: Store, source: string, issues: readonly DataIssue[], now: Date) {
  return noticeProblems(store, source, problemsOf(issues), now);
}

/** A stored notice, or undefined for one this version cannot read. */
export function readNotice(json: string): RefusalNotice | undefined {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One line in check:data's words: "data/catalogue/properties.json › ID 4000003 (nl, fr) › field Price: …". */
export function noticeLine(notice: RefusalNotice): string {
  const where = notice.record ? [`${notice.record}${notice.languages.length > 0 ? ` (${notice.languages.join(', ')})` : ''}`] : [];
  return `${[notice.file, ...where, ...(notice.field ? [`field ${notice.field}`] : [])].join(' › ')}: ${notice.message}`;
}
