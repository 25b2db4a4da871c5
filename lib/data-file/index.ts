import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { scanRecords } from './json-records';
import { parseJsonBytes } from './json-text';
import { closest, knownKeys as knownKeysOf, plainErrorMap, type ExampleOf } from './messages';

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

/**
 * One line for one mistake: the same message on the same field of every language record of a
 * listing (swapped coordinates, a wrong country) is shown once, naming the records together
 * ("records #0, #1, #2, #3 (ID 4000001: nl, fr, en, de)"), instead of once per language.
 */
function groupedLines(issues: DataIssue[]): string[] {
  const groups = new Map<string, { first: DataIssue; identity: string; versions: string[]; records: number[] }>();
  const lines: Array<string | { key: string }> = [];
  for (const issue of issues) {
    const label = issue.record?.label;
    const comma = label ? label.lastIndexOf(', ') : -1;
    if (!issue.record || issue.record.list || !label || comma < 0) {
      lines.push(formatDataIssue(issue));
      continue;
    }
    const identity = label.slice(0, comma);
    const version = label.slice(comma + 2);
    const key = JSON.stringify([issue.file, identity, issue.field ?? '', issue.message]);
    const group = groups.get(key);
    if (group) {
      group.records.push(issue.record.index);
      group.versions.push(version);
    } else {
      groups.set(key, { first: issue, identity, versions: [version], records: [issue.record.index] });
      lines.push({ key });
    }
  }
  return lines.map((line) => {
    if (typeof line === 'string') return line;
    const group = groups.get(line.key);
    if (!group) return '';
    if (group.records.length === 1) return formatDataIssue(group.first);
    const where = `records ${group.records.map((index) => `#${index}`).join(', ')} (${group.identity}: ${group.versions.join(', ')})`;
    const parts = [group.first.file, where, ...(group.first.field ? [`field ${group.first.field}`] : [])];
    return `${parts.join(' › ')}: ${group.first.message}`;
  });
}

export function formatDataIssues(issues: DataIssue[]): string {
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `Invalid site data (${count}):\n${groupedLines(issues)
    .map((line) => `  - ${line}`)
    .join('\n')}`;
}

export function formatDataWarnings(warnings: DataIssue[]): string {
  const count = warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`;
  return `Site data to look at (${count}; the site works around them):\n${groupedLines(warnings)
    .map((line) => `  - ${line}`)
    .join('\n')}`;
}

/** Standard label for CRM records: "ID 12, nl" from their ID and language fields. */
const crmRecordLabel: RecordLabel = (record) => {
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
    current = Reflect.get(current, key);
  }
  return current;
}

/** The path of an issue as one string, to find what the error map learnt about it. */
const pathKey = (keys: readonly PropertyKey[]) => keys.map(String).join('\u0000');

/** Field names of the other records at the same place: the known names when the schema cannot say. */
function siblingKeys(raw: unknown, keys: readonly PropertyKey[]): string[] {
  if (!Array.isArray(raw) || typeof keys[0] !== 'number') return [];
  const names = new Set<string>();
  raw.forEach((record, index) => {
    if (index === keys[0]) return;
    const value = valueAt(record, keys.slice(1));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.keys(value).forEach((name) => names.add(name));
  });
  return [...names];
}

function unknownFieldMessage(name: string, known: readonly string[], present: readonly string[]): string {
  const suggestion = closest(
    name,
    known.filter((candidate) => !present.includes(candidate) || candidate.toLowerCase() === name.toLowerCase()),
  );
  if (suggestion !== undefined) return `unknown field "${name}": did you mean "${suggestion}"? Field names are written exactly, capitals included.`;
  const list = known.length > 0 && known.length <= 20 ? ` The fields allowed here are: ${known.join(', ')}.` : '';
  return `unknown field "${name}": remove it, or correct its name if it is a typo.${list}`;
}

/**
 * Turns zod issues into data issues, locating the record for array files and for objects of arrays.
 * `knownKeysAt` gives the field names an object allows (learnt by the error map), for unknown fields.
 */
function issuesFromZod(file: string, raw: unknown, error: z.ZodError, label: RecordLabel = crmRecordLabel, knownKeysAt: (keys: readonly PropertyKey[]) => string[] = () => []): DataIssue[] {
  return error.issues.flatMap((zodIssue) => {
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
    const fieldOf = (fieldKeys: readonly PropertyKey[]) => (fieldKeys.length > 0 ? fieldKeys.map(String).join('.') : undefined);
    const fieldKeys = keys.slice(recordKeys.length);
    const actual = valueAt(raw, keys);
    if (zodIssue.code === 'unrecognized_keys') {
      // One issue per unknown field, naming it as the field, with the closest known name.
      const fromSchema = knownKeysAt(keys);
      const known = fromSchema.length > 0 ? fromSchema : siblingKeys(raw, keys);
      const present = actual !== null && typeof actual === 'object' ? Object.keys(actual) : [];
      return zodIssue.keys.map((name) => ({ file, record, field: fieldOf([...fieldKeys, name]), message: unknownFieldMessage(name, known, present) }));
    }
    if (zodIssue.code === 'invalid_type' && actual === undefined && typeof keys[keys.length - 1] === 'string') {
      // A field renamed by a typo is both missing and unknown: say which unknown field it probably is.
      const name = String(keys[keys.length - 1]);
      const parent = valueAt(raw, keys.slice(0, -1));
      const present = parent !== null && typeof parent === 'object' ? Object.keys(parent) : [];
      const typo = present.find((other) => other !== name && closest(other, [name]) === name);
      if (typo !== undefined) return [{ file, record, field: fieldOf(fieldKeys), message: `${zodIssue.message} (is "${typo}" in this record meant to be "${name}"?)` }];
    }
    const quiet = zodIssue.code === 'custom' || zodIssue.code === 'invalid_key' || actual === undefined;
    const got = quiet ? '' : ` (got ${describeValue(actual)})`;
    return [{ file, record, field: fieldOf(fieldKeys), message: `${zodIssue.message}${got}` }];
  });
}

export type ParsedFile<T> = { ok: true; data: T } | { ok: false; issues: DataIssue[] };

/** The key under which a list file keeps its records when it is wrapped with its `$schema`. */
export const recordsKey = 'records';

/**
 * The records of a list file as parsed from disk: the bare array, or the "records" of the wrapped
 * form; any other value (an object file such as site.json) as it is. Scripts and tests read files this way.
 */
export function listRecords(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const records = Object.entries(value).find(([key]) => key === recordsKey)?.[1];
  return Array.isArray(records) ? records : value;
}

/**
 * A list file is either the bare array the CRM exports or { "$schema": …, "records": [...] }, the
 * form that lets editors find its JSON Schema; an object file may carry a "$schema" key. Returns the
 * value to validate (without the wrapper), or a problem with the wrapper itself.
 */
function unwrap(value: unknown, isList: boolean): { ok: true; value: unknown } | { ok: false; message: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: true, value };
  const entries = Object.entries(value);
  const $schema = entries.find(([key]) => key === '$schema')?.[1];
  const rest = Object.fromEntries(entries.filter(([key]) => key !== '$schema'));
  if ($schema !== undefined && typeof $schema !== 'string') {
    return { ok: false, message: `"$schema" names the file's JSON Schema and is text in double quotes, such as "../schemas/site.schema.json" (got ${describeValue($schema)})` };
  }
  if (!isList) return { ok: true, value: rest };
  const others = Object.keys(rest).filter((key) => key !== recordsKey);
  const shape = `a list file holds either its records as a list [ … ], or { "$schema": "…", "${recordsKey}": [ … ] }`;
  if (others.length > 0) {
    const guess = others.map((key) => (closest(key, [recordsKey]) ? `"${key}" (did you mean "${recordsKey}"?)` : `"${key}"`)).join(', ');
    return { ok: false, message: `unknown field ${guess} at the top of the file: ${shape}` };
  }
  if (!Array.isArray(rest[recordsKey])) {
    return { ok: false, message: `"${recordsKey}" is ${rest[recordsKey] === undefined ? 'missing' : `not a list (got ${describeValue(rest[recordsKey])})`}: ${shape}` };
  }
  return { ok: true, value: rest[recordsKey] };
}

/** A value to show as the example of a missing field: the same field in another record, when short. */
function exampleFrom(records: unknown): ExampleOf {
  return (keys) => {
    if (!Array.isArray(records) || typeof keys[0] !== 'number' || keys.length < 2) return undefined;
    for (const [index, record] of records.entries()) {
      if (index === keys[0]) continue;
      const value = valueAt(record, keys.slice(1));
      if (value === undefined) continue;
      const json = JSON.stringify(value);
      return json.length <= 50 ? json : undefined;
    }
    return undefined;
  };
}

/**
 * Reads and validates `dir/fileName`. `displayDir` is how the folder is named in messages
 * (e.g. "data/catalogue"), so messages stay short whatever the absolute path.
 */
export function readDataFile<T>(dir: string, displayDir: string, fileName: string, schema: z.ZodType<T>, label?: RecordLabel): ParsedFile<T> {
  const file = `${displayDir}/${fileName}`;
  const isList = schema._zod.def.type === 'array';
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path.join(dir, fileName));
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    const message =
      code === 'ENOENT'
        ? `this file is missing: the site needs ${file} to exist. Restore it (from the last deploy or version control) under exactly this name.`
        : `this file cannot be read (${code || (error instanceof Error ? error.message : String(error))}); check that it is a plain file you may read.`;
    return { ok: false, issues: [{ file, message }] };
  }
  const parsed = parseJsonBytes(bytes, isList ? 'list' : 'object');
  if (!parsed.ok) {
    const { message, record } = parsed.problem;
    // A syntax error deep in a list also names the record it falls in, as far as its text identifies it.
    const where = record ? { index: record.index, label: (label ?? crmRecordLabel)(record.fields) } : undefined;
    return { ok: false, issues: [{ file, record: where, message }] };
  }
  const unwrapped = unwrap(parsed.value, isList);
  if (!unwrapped.ok) return { ok: false, issues: [{ file, message: unwrapped.message }] };
  return validateData(file, unwrapped.value, schema, label);
}

/**
 * Validates a value already in memory as readDataFile validates a file's (a CRM's records before
 * they are written), with the same messages; `file` is how the file is named in them.
 */
export function validateData<T>(file: string, raw: unknown, schema: z.ZodType<T>, label?: RecordLabel): ParsedFile<T> {
  const isList = schema._zod.def.type === 'array';
  const knownKeys = new Map<string, string[]>();
  const errorMap = plainErrorMap(exampleFrom(raw), isList);
  const result = schema.safeParse(raw, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys' && issue.path) knownKeys.set(pathKey(issue.path), knownKeysOf(issue.inst));
      return errorMap(issue);
    },
  });
  if (!result.success) return { ok: false, issues: issuesFromZod(file, raw, result.error, label, (keys) => knownKeys.get(pathKey(keys)) ?? []) };
  return { ok: true, data: result.data };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads and validates a list file whose records each match `recordSchema`, one record at a time
 * (json-records.ts): for the files that grow with the catalogue, where reading the whole text
 * costs several times the file's size in memory. Its result is readDataFile's with
 * `z.array(recordSchema)`. When a record or the file's shape is wrong, it reads the file again
 * with readDataFile, so that the messages (line and column, the record, a field's likely typo
 * from the other records) are exactly the ones every other data file gives.
 */
export function readRecordsFile<T>(dir: string, displayDir: string, fileName: string, recordSchema: z.ZodType<T>, label?: RecordLabel): ParsedFile<T[]> {
  const records: T[] = [];
  try {
    const scan = scanRecords(path.join(dir, fileName), (bytes) => {
      const result = recordSchema.safeParse(JSON.parse(strictUtf8.decode(bytes)));
      if (result.success) records.push(result.data);
      return result.success;
    });
    // The "$schema" text is checked by parsing it (the scanner found a string's bounds only).
    if (scan.ok && (scan.schema === undefined || typeof JSON.parse(strictUtf8.decode(scan.schema)) === 'string')) return { ok: true, data: records };
  } catch {
    // Invalid UTF-8 or a syntax error inside a record: the whole-file reading explains it.
  }
  return readDataFile(dir, displayDir, fileName, recordSchema.array(), label);
}

/** Finds records whose key appears more than once; `key` returns undefined to skip a record. */
export function duplicateIssues<T>(file: string, records: readonly T[], key: (record: T) => string | undefined, describe: (record: T) => string, list?: string): DataIssue[] {
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
