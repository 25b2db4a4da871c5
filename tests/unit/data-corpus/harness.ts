import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { inspectData, type DataDirs } from '@/lib/data-check';
import { formatDataIssue, type DataIssue } from '@/lib/data-file';

/*
 * The mutation corpus (issue 14): single edits of the kind staff make to data/, each applied to a
 * fresh copy of the shipped data, then checked the way `npm run check:data` and `next build` check
 * it. A case either expects a refusal naming file, record and field in plain words, or a warning
 * (the site falls back and `check:data` names the problem), optionally probed by the case itself.
 */

const root = path.resolve(__dirname, '../../..');

type DataFileName =
  | 'catalogue/properties.json'
  | 'catalogue/projects.json'
  | 'catalogue/types.json'
  | 'catalogue/cities.json'
  | 'catalogue/owners.json'
  | 'catalogue/appointment-slots.json'
  | 'site/site.json'
  | 'site/menu.json'
  | 'site/articles.json'
  | 'site/team.json';

export type JsonPath = ReadonlyArray<string | number>;

/** A parsed data file open for editing by path, e.g. file.set([3, 'Price'], 'cheap'). */
export class JsonFile {
  constructor(public data: unknown) {}

  get(at: JsonPath): unknown {
    let current = this.data;
    for (const key of at) {
      if (current === null || typeof current !== 'object') throw new Error(`no value at ${at.join('.')}`);
      current = Reflect.get(current, key);
    }
    return current;
  }

  set(at: JsonPath, value: unknown): void {
    const parent = this.get(at.slice(0, -1));
    if (parent === null || typeof parent !== 'object') throw new Error(`no object at ${at.slice(0, -1).join('.')}`);
    Reflect.set(parent, at[at.length - 1]!, value);
  }

  remove(at: JsonPath): void {
    const parent = this.get(at.slice(0, -1));
    if (parent === null || typeof parent !== 'object') throw new Error(`no object at ${at.slice(0, -1).join('.')}`);
    const key = at[at.length - 1]!;
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else Reflect.deleteProperty(parent, key);
  }

  /** The records of an array file (or of a list inside an object file), to search for the one to edit. */
  records(at: JsonPath = []): Array<Record<string, unknown>> {
    const list = this.get(at);
    if (!Array.isArray(list)) throw new Error(`no list at ${at.join('.') || 'the top'}`);
    return list;
  }

  /** Position of the first record matching `match` (fails loudly: a corpus case must edit something). */
  indexOf(match: (record: Record<string, unknown>) => boolean, at: JsonPath = []): number {
    const index = this.records(at).findIndex(match);
    if (index < 0) throw new Error('no record matches');
    return index;
  }
}

/** Where a problem must be reported. `record` and `field` are matched against the formatted line. */
type Where = { file: string; record?: string | RegExp; field?: string | RegExp; message?: RegExp };

export type CorpusCase = {
  name: string;
  file: DataFileName;
  /** A structural edit of the parsed file. */
  edit?: (file: JsonFile) => void;
  /** A byte-level edit of the file (syntax errors, encodings); runs after `edit`. */
  raw?: (bytes: Buffer) => Buffer | string;
  /** Further files to change in the copy: paths relative to the copy's root (catalogue/, site/, public/). */
  files?: (root: string) => void;
  expect: { refused: Where } | { warned: Where; probe?: (dirs: Required<DataDirs>) => void };
};

/** Words of a programmer's error that a staff member should never have to read. */
const programmerWords = /Invalid input|received undefined|expected object, received|ZodError|Unexpected token|NaN|\[object Object\]|undefined/;

function matches(value: string | undefined, pattern: string | RegExp | undefined): boolean {
  if (pattern === undefined) return true;
  if (value === undefined) return false;
  return typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value);
}

function located(issues: DataIssue[], where: Where): DataIssue | undefined {
  return issues.find((issue) => {
    const record = issue.record ? formatDataIssue({ file: '', record: issue.record, message: '' }) : undefined;
    return issue.file === where.file && matches(record, where.record) && matches(issue.field, where.field) && matches(issue.message, where.message);
  });
}

/** Applies one case to a fresh copy of data/ (and of public/ when the case touches files) and checks it. */
export function runCase(testCase: CorpusCase): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-corpus-'));
  try {
    cpSync(path.join(root, 'data/catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    cpSync(path.join(root, 'data/site'), path.join(dir, 'site'), { recursive: true });
    // public/ is only copied when a case changes it: the check reads it, never writes.
    const publicDir = testCase.files ? path.join(dir, 'public') : path.join(root, 'public');
    if (testCase.files) cpSync(path.join(root, 'public'), publicDir, { recursive: true });
    const target = path.join(dir, testCase.file);
    if (testCase.edit) {
      const parsed: unknown = JSON.parse(readFileSync(target, 'utf8'));
      // A list file may be wrapped as { "$schema": …, "records": [...] }: cases edit the records.
      const records = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Reflect.get(parsed, 'records') : undefined;
      const file = new JsonFile(Array.isArray(records) ? records : parsed);
      testCase.edit(file);
      const data = Array.isArray(records) && parsed !== null && typeof parsed === 'object' ? { ...parsed, records: file.data } : file.data;
      writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
    }
    if (testCase.raw) writeFileSync(target, testCase.raw(readFileSync(target)));
    testCase.files?.(dir);
    const dirs = { catalogueDir: path.join(dir, 'catalogue'), siteDir: path.join(dir, 'site'), publicDir };
    const { errors, warnings } = inspectData(dirs);
    const lines = (issues: DataIssue[]) => issues.map(formatDataIssue).join('\n') || '(none)';
    if ('refused' in testCase.expect) {
      const issue = located(errors, testCase.expect.refused);
      expect(issue, `expected a refusal at ${JSON.stringify(testCase.expect.refused, (_, v) => (v instanceof RegExp ? String(v) : v))}; errors:\n${lines(errors)}`).toBeDefined();
      if (testCase.expect.refused.record !== undefined) expect(issue?.record, 'the refusal names the record').toBeDefined();
      if (testCase.expect.refused.field !== undefined) expect(issue?.field, 'the refusal names the field').toBeDefined();
      for (const error of errors) expect(formatDataIssue(error)).not.toMatch(programmerWords);
    } else {
      expect(errors, `expected no refusal; errors:\n${lines(errors)}`).toEqual([]);
      const issue = located(warnings, testCase.expect.warned);
      expect(issue, `expected a warning at ${JSON.stringify(testCase.expect.warned, (_, v) => (v instanceof RegExp ? String(v) : v))}; warnings:\n${lines(warnings)}`).toBeDefined();
      testCase.expect.probe?.(dirs);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
