import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/*
 * Reads one JSON data file and reports every problem in terms staff can act on: the file, the
 * record (its index and ID) and the field path. Knows nothing about which folder holds what; the
 * owners of the folders (lib/catalogue, lib/config) call it.
 */

export type DataIssue = {
  file: string;
  /** Position of the record in the file's array (or in a named list of the file). */
  record?: { index: number; label?: string; list?: string };
  field?: string;
  message: string;
  /** A warning names something staff should fix but that visitors never see broken (a fallback covers it); it does not stop a build. */
  severity?: 'warning';
};

/** Describes a record for messages, e.g. "ID 4000012, nl". */
export type RecordLabel = (record: unknown) => string | undefined;

export class DataValidationError extends Error {
  constructor(readonly issues: DataIssue[]) {
    super(formatDataIssues(issues));
    this.name = 'DataValidationError';
  }
}

export function formatDataIssue(issue: DataIssue): string {
  const parts = [issue.file];
  if (issue.record) {
    const where = issue.record.list ? `${issue.record.list}[${issue.record.index}]` : `record #${issue.record.index}`;
    parts.push(issue.record.label ? `${where} (${issue.record.label})` : where);
  }
  if (issue.field) parts.push(`field ${issue.field}`);
  return `${parts.join(' › ')}: ${issue.message}`;
}

export function formatDataIssues(issues: DataIssue[]): string {
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `Invalid site data (${count}):\n${issues.map((issue) => `  - ${formatDataIssue(issue)}`).join('\n')}`;
}

export function formatDataWarnings(warnings: DataIssue[]): string {
  const count = warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`;
  return `Site data to look at (${count}; the site works around them):\n${warnings.map((issue) => `  - ${formatDataIssue(issue)}`).join('\n')}`;
}

/** Standard label for CRM records: "ID 12, nl" from their ID and language fields. */
export const crmRecordLabel: RecordLabel = (record) => {
  if (typeof record !== 'object' || record === null) return undefined;
  const { ID, id, language } = record as { ID?: unknown; id?: unknown; language?: unknown };
  const identity = ID ?? id;
  if (identity === undefined) return undefined;
  return typeof language === 'string' ? `ID ${String(identity)}, ${language}` : `ID ${String(identity)}`;
};

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function valueAt(root: unknown, keys: PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Turns zod issues into data issues, locating the record for array files and for objects of arrays. */
export function issuesFromZod(file: string, raw: unknown, error: z.ZodError, label: RecordLabel = crmRecordLabel): DataIssue[] {
  return error.issues.map((zodIssue) => {
    const keys = zodIssue.path;
    let recordKeys: PropertyKey[] = [];
    let record: DataIssue['record'];
    if (Array.isArray(raw) && typeof keys[0] === 'number') {
      recordKeys = keys.slice(0, 1);
      record = { index: keys[0], label: label(raw[keys[0]]) };
    } else if (typeof keys[0] === 'string' && Array.isArray(valueAt(raw, [keys[0]])) && typeof keys[1] === 'number') {
      recordKeys = keys.slice(0, 2);
      record = { list: keys[0], index: keys[1], label: label(valueAt(raw, recordKeys)) };
    }
    const fieldKeys = keys.slice(recordKeys.length);
    const field = fieldKeys.length > 0 ? fieldKeys.map(String).join('.') : undefined;
    const actual = valueAt(raw, keys);
    const unknownKeys = zodIssue.code === 'unrecognized_keys' ? ` (${zodIssue.keys.join(', ')})` : '';
    const got = zodIssue.code === 'unrecognized_keys' || zodIssue.code === 'custom' ? '' : ` (got ${describeValue(actual)})`;
    return { file, record, field, message: `${zodIssue.message}${unknownKeys}${got}` };
  });
}

export type ParsedFile<T> = { ok: true; data: T } | { ok: false; issues: DataIssue[] };

/**
 * Reads and validates `dir/fileName`. `displayDir` is how the folder is named in messages
 * (e.g. "data/catalogue"), so messages stay short whatever the absolute path.
 */
export function readDataFile<T>(
  dir: string,
  displayDir: string,
  fileName: string,
  schema: z.ZodType<T>,
  label?: RecordLabel,
): ParsedFile<T> {
  const file = `${displayDir}/${fileName}`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.join(dir, fileName), 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not valid JSON: ${(error as Error).message}`;
    return { ok: false, issues: [{ file, message: reason }] };
  }
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, issues: issuesFromZod(file, raw, result.error, label) };
  return { ok: true, data: result.data };
}

/** Finds records whose key appears more than once; `key` returns undefined to skip a record. */
export function duplicateIssues<T>(
  file: string,
  records: readonly T[],
  key: (record: T) => string | undefined,
  describe: (record: T) => string,
  list?: string,
): DataIssue[] {
  const firstIndex = new Map<string, number>();
  const issues: DataIssue[] = [];
  records.forEach((record, index) => {
    const value = key(record);
    if (value === undefined) return;
    const first = firstIndex.get(value);
    if (first === undefined) firstIndex.set(value, index);
    else issues.push({ file, record: { index, list, label: describe(record) }, message: `duplicate of record #${first}` });
  });
  return issues;
}

/** Resolves a data folder: an override from the environment (tests, previews) or the default under the project root. */
export function resolveDataDir(envValue: string | undefined, fallback: string): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), envValue && envValue.length > 0 ? envValue : fallback);
}
