/*
 * Turns the bytes of a data file into JSON, and every way that can fail into a sentence a staff
 * member can act on: where (line, column, the line itself with a caret) and what to change. JSON.parse
 * only says "position 379991" (or nothing), so on failure the text is scanned again here to find the
 * first mistake and its likely cause.
 */

/** A problem with the file's text: `line` and `column` count from 1; `excerpt` shows the line with a caret. */
export type TextProblem = {
  message: string;
  line?: number;
  column?: number;
  /** Character offset of the problem, to find the record it falls in. */
  offset?: number;
  /** The record of the file's list the problem falls in, with the identifying fields read so far (ID, id, language). */
  record?: { index: number; fields: Record<string, unknown> };
};

export type ParsedText = { ok: true; value: unknown } | { ok: false; problem: TextProblem };

/** What the file must hold, for the message of an empty file. */
export type Expected = 'list' | 'object';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
const windows1252 = new TextDecoder('windows-1252');

/** Where `offset` (a character index in `text`) falls, and the line around it with a caret under it. */
export function locate(text: string, offset: number): { line: number; column: number; excerpt: string } {
  const clamped = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', clamped - 1) + 1;
  const newline = text.indexOf('\n', clamped);
  const lineEnd = newline < 0 ? text.length : newline;
  const line = text.slice(0, lineStart).split('\n').length;
  // Columns count characters as editors show them, not UTF-16 units.
  const column = Array.from(text.slice(lineStart, clamped)).length + 1;
  return { line, column, excerpt: excerptOf(text.slice(lineStart, lineEnd).replace(/\r$/, ''), column) };
}

/** The line (trimmed to about 120 characters around the column, without its indentation) and a caret line under it. */
export function excerptOf(lineText: string, column: number): string {
  let chars = Array.from(lineText.replace(/\t/g, ' '));
  let caret = column - 1;
  const indent = chars.findIndex((char) => char !== ' ');
  const cut = indent < 0 ? chars.length : Math.min(indent, caret);
  chars = chars.slice(cut);
  caret -= cut;
  let prefix = '';
  let suffix = '';
  if (chars.length > 120) {
    const start = Math.max(0, Math.min(caret - 60, chars.length - 120));
    if (start > 0) prefix = '…';
    if (start + 120 < chars.length) suffix = '…';
    chars = chars.slice(start, start + 120);
    caret = caret - start + prefix.length;
  }
  const shown = `${prefix}${chars.join('')}${suffix}`;
  return `      ${shown}\n      ${' '.repeat(Math.max(0, caret))}^`;
}

function at(text: string, offset: number, what: string): TextProblem {
  const { line, column, excerpt } = locate(text, offset);
  return { line, column, offset, message: `line ${line}, column ${column}: ${what}\n${excerpt}` };
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] ?? 0;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return index;
    for (let next = 1; next < length; next += 1) {
      if (((bytes[index + next] ?? 0) & 0xc0) !== 0x80) return index;
    }
    // Overlong forms, surrogates and code points above U+10FFFF are malformed too.
    const second = bytes[index + 1] ?? 0;
    if ((byte === 0xe0 && second < 0xa0) || (byte === 0xed && second > 0x9f) || (byte === 0xf0 && second < 0x90) || (byte === 0xf4 && second > 0x8f)) return index;
    index += length;
  }
  return -1;
}

function encodingProblem(bytes: Uint8Array): TextProblem {
  const offset = Math.max(0, firstInvalidUtf8(bytes));
  const before = lenientUtf8.decode(bytes.subarray(0, offset));
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const column = Array.from(before.slice(lineStart)).length + 1;
  let lineEnd = bytes.indexOf(0x0a, offset);
  if (lineEnd < 0) lineEnd = bytes.length;
  // The rest of the line is shown as the Latin-1 text it most likely is, so that staff recognise it.
  const lineText = before.slice(lineStart) + windows1252.decode(bytes.subarray(offset, lineEnd)).replace(/\r$/, '');
  const byte = bytes[offset] ?? 0;
  const guess = byte >= 0x80 ? windows1252.decode(bytes.subarray(offset, offset + 1)) : '';
  const which = guess ? `the character "${guess}" (byte 0x${byte.toString(16).toUpperCase()})` : `byte 0x${byte.toString(16).toUpperCase()}`;
  return {
    line,
    column,
    message:
      `line ${line}, column ${column}: the file is not saved as UTF-8: ${which} is written in another encoding (probably Latin-1 / Windows-1252), ` +
      `so accented letters would show as "�" on the site. Open the file in your editor and save it with the encoding "UTF-8", then check the accents.\n${excerptOf(lineText, column)}`,
  };
}

/** Decodes and parses the file's bytes; `expected` says what an empty file should have held. */
export function parseJsonBytes(bytes: Uint8Array, expected: Expected): ParsedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      ok: false,
      problem: {
        line: 1,
        column: 1,
        message:
          'the file starts with an invisible byte-order mark (BOM), which JSON does not allow. Save it as "UTF-8" without BOM: ' +
          'in VS Code click "UTF-8 with BOM" in the status bar, choose "Save with Encoding" and then "UTF-8"; in Notepad++ choose Encoding › UTF-8.',
      },
    };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, problem: encodingProblem(bytes) };
  }
  if (text.trim() === '') {
    const holds = expected === 'list' ? 'a list of records in square brackets, [ { … }, { … } ]' : 'one object in curly braces, { … }';
    return { ok: false, problem: { message: `the file is empty; it must hold ${holds}. Restore it from the last version that worked.` } };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // JSON.parse's own message ("Unexpected token … at position 379991") is for programmers: never shown.
    return { ok: false, problem: syntaxProblem(text) ?? { message: 'the file is not valid JSON; open it in an editor that marks JSON mistakes (VS Code does) to find the place.' } };
  }
}

/**
 * Scans `text` as JSON and describes its first mistake, or returns undefined when it finds none
 * (JSON.parse then failed for a reason this scanner does not know: the caller falls back to its message).
 */
export function syntaxProblem(text: string): TextProblem | undefined {
  let index = 0;
  /** Where each open { or [ started, to name the one left unclosed. */
  const openers: number[] = [];
  /** The name of the field whose value is being read ("records" marks the list of a wrapped file). */
  let currentKey = '';
  /** Where each record of the file's list starts, and where that list ends once closed. */
  const recordStarts: number[] = [];
  let recordsEnd = Infinity;

  const skipSpace = () => {
    while (index < text.length) {
      const char = text[index];
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r') index += 1;
      else break;
    }
  };
  /** End of the previous value (before any space), where a missing comma belongs. */
  const endBefore = (offset: number) => {
    let end = offset;
    while (end > 0 && /\s/.test(text[end - 1] ?? '')) end -= 1;
    return end;
  };
  const unexpected = (what: string): TextProblem => {
    const char = text[index];
    if (char === undefined) {
      const opener = openers[openers.length - 1];
      const unclosed = opener === undefined ? '' : ` The ${text[opener]} opened on line ${locate(text, opener).line} is never closed.`;
      return at(text, endBefore(text.length), `the file ends too early: ${what} was expected.${unclosed} Each { needs a } and each [ a ] (check that the end of the file was not cut off).`);
    }
    if (char === '/') return at(text, index, 'JSON allows no comments (// or /* */): remove the comment.');
    if (char === "'") return at(text, index, 'text and field names take double quotes ("), not single quotes (\').');
    if (char === '\u201c' || char === '\u201d') return at(text, index, 'a typographic quote (“ or ”) is used where JSON needs a straight double quote ("): retype it as ".');
    return at(text, index, `${what} was expected here, not ${describeChar(char)}.`);
  };

  const parseString = (): TextProblem | undefined => {
    const start = index;
    index += 1;
    while (index < text.length) {
      const char = text[index] ?? '';
      if (char === '"') {
        index += 1;
        return undefined;
      }
      if (char === '\\') {
        const escape = text[index + 1] ?? '';
        if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) index += 6;
        else if ('"\\/bfnrt'.includes(escape) && escape !== '') index += 2;
        else return at(text, index, 'a backslash (\\) in text starts a code such as \\n or \\"; to write a backslash itself, write two: \\\\.');
        continue;
      }
      if (char === '\n' || char === '\r') return at(text, start, 'this text is not closed: a double quote (") is missing at its end, on the same line.');
      if (char < ' ') return at(text, index, 'a tab or other control character inside text is not allowed: write a tab as \\t, or replace it with a space.');
      index += 1;
    }
    return at(text, start, 'this text is not closed: a double quote (") is missing at its end.');
  };

  const parseNumber = (): TextProblem | undefined => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
    if (!match) return at(text, index, 'this number is not written correctly: write digits only, with a dot for decimals, such as 295000 or 12.5.');
    const end = index + match[0].length;
    if (/^\d/.test(text[end] ?? '') && match[1] === '0') {
      return at(text, index, 'a number cannot start with 0: write it without the leading zeros, or, if it is a code such as a postcode or phone number, put it in double quotes.');
    }
    index = end;
    return undefined;
  };

  const parseValue = (what: string): TextProblem | undefined => {
    skipSpace();
    const char = text[index];
    if (char === '{') return parseObject();
    if (char === '[') return parseArray();
    if (char === '"') return parseString();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return parseNumber();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, index)) {
        index += word.length;
        return undefined;
      }
    }
    if (char !== undefined && /[A-Za-z]/.test(char)) {
      const word = /^[A-Za-z_]+/.exec(text.slice(index))?.[0] ?? char;
      return at(text, index, `${word} is not a JSON value: text goes in double quotes ("${word}"), and the only words allowed without quotes are true, false and null (all lowercase).`);
    }
    return unexpected(what);
  };

  /** The line where the innermost open object or list starts. */
  const openerLine = () => locate(text, openers[openers.length - 1] ?? 0).line;

  /** A } found where a ] belongs, or the other way round: the innermost one was not closed. */
  const wrongCloser = (opened: '{' | '['): TextProblem => {
    const [closer, found] = opened === '{' ? ['}', ']'] : [']', '}'];
    return at(text, index, `a ${closer} is missing before this ${found}: the ${opened} opened on line ${openerLine()} is not closed.`);
  };

  /** Steps over the } or ] that closes the innermost object or list. */
  const close = () => {
    index += 1;
    openers.pop();
  };

  /** Steps into the object or list opening here; true when it is empty, and then already closed. */
  const openIsEmpty = (closer: '}' | ']'): boolean => {
    openers.push(index);
    index += 1;
    skipSpace();
    if (text[index] !== closer) return false;
    close();
    return true;
  };

  const parseObject = (): TextProblem | undefined => {
    if (openIsEmpty('}')) return undefined;
    for (;;) {
      skipSpace();
      const keyStart = index;
      if (text[index] !== '"') {
        if (text[index] === '{' && openers.length > 0) {
          return at(
            text,
            index,
            `a field name in double quotes was expected here: if a new record starts here, the } closing the record opened on line ${openerLine()} is missing (or there is a comma too many before this {).`,
          );
        }
        if (text[index] !== undefined && /[A-Za-z_$]/.test(text[index] ?? '')) {
          return at(text, index, 'a field name must be in double quotes, such as "Price":');
        }
        return unexpected('a field name in double quotes');
      }
      const keyProblem = parseString();
      if (keyProblem) return keyProblem;
      const key = text.slice(keyStart, index);
      skipSpace();
      if (text[index] !== ':') {
        if (text[index] === undefined) return unexpected(`a colon after ${key}`);
        return at(text, endBefore(index), `a colon (:) is missing after the field name ${key}; write ${key}: followed by its value.`);
      }
      index += 1;
      currentKey = key;
      const valueProblem = parseValue(`the value of ${key}`);
      if (valueProblem) return valueProblem;
      const valueEnd = index;
      skipSpace();
      const next = text[index];
      if (next === '}') {
        close();
        return undefined;
      }
      if (next === ',') {
        const comma = index;
        index += 1;
        skipSpace();
        if (text[index] === '}') return at(text, comma, 'there is a comma after the last field: remove this comma (JSON allows no comma before a closing }).');
        continue;
      }
      if (next === '"') {
        const nextKey = /^"[^"\n]*"/.exec(text.slice(index))?.[0] ?? 'the next field';
        return at(text, valueEnd, `a comma is missing after the value of ${key}: put a comma here, between this field and ${nextKey}.`);
      }
      if (next === ']') return wrongCloser('{');
      if (next === undefined) return unexpected('a comma or a closing }');
      if (/[0-9.]/.test(next) && /[0-9]$/.test(text.slice(valueEnd - 1, valueEnd))) {
        return at(text, index, 'a number may not contain spaces or thousands separators: write it as digits only, with a dot for decimals, such as 295000.');
      }
      return at(text, index, `a comma or a closing } was expected after the value of ${key}, not ${describeChar(next)}.`);
    }
  };

  const parseArray = (): TextProblem | undefined => {
    // The file's list of records: the whole file, or the "records" of the wrapped form.
    const isRecords = openers.length === 0 || (openers.length === 1 && currentKey === '"records"');
    if (openIsEmpty(']')) return undefined;
    for (;;) {
      if (isRecords) {
        skipSpace();
        recordStarts.push(index);
      }
      const problem = parseValue('a value');
      if (problem) return problem;
      const valueEnd = index;
      skipSpace();
      const next = text[index];
      if (next === ']') {
        close();
        if (isRecords) recordsEnd = index;
        return undefined;
      }
      if (next === ',') {
        const comma = index;
        index += 1;
        skipSpace();
        if (text[index] === ']') return at(text, comma, 'there is a comma after the last entry of this list: remove this comma (JSON allows no comma before a closing ]).');
        continue;
      }
      if (next === '{' || next === '[' || next === '"') {
        return at(text, valueEnd, 'a comma is missing between two entries of this list: put a comma here, after the closing } or value.');
      }
      if (next === '}') return wrongCloser('[');
      if (next === undefined) return unexpected('a comma or a closing ]');
      return at(text, index, `a comma or a closing ] was expected, not ${describeChar(next)}.`);
    }
  };

  const found = parseValue('a list [ … ] or an object { … }');
  if (found) return withRecord(text, found, recordStarts, recordsEnd);
  skipSpace();
  if (index < text.length) {
    const char = text[index] ?? '';
    const why = char === '}' || char === ']' ? `there is one ${char} too many` : 'there is more text after the end of the data';
    return at(text, index, `${why}: everything after the closing bracket of the whole file must go (or belongs inside it).`);
  }
  return undefined;
}

/** Adds the record a problem falls in: its position in the list and the fields that identify it, read from its text. */
function withRecord(text: string, problem: TextProblem, recordStarts: readonly number[], recordsEnd: number): TextProblem {
  const offset = problem.offset;
  if (offset === undefined || offset >= recordsEnd) return problem;
  let index = -1;
  while (index + 1 < recordStarts.length && (recordStarts[index + 1] ?? Infinity) <= offset) index += 1;
  const start = recordStarts[index];
  if (start === undefined) return problem;
  const head = text.slice(start, Math.min(offset, start + 4000));
  const fields: Record<string, unknown> = {};
  const id = /"(ID|id)"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?\d+)/.exec(head);
  if (id?.[1] && id[2]) fields[id[1]] = id[2].startsWith('"') ? id[2].slice(1, -1) : Number(id[2]);
  const language = /"language"\s*:\s*"(\w+)"/.exec(head);
  if (language?.[1]) fields.language = language[1];
  return { ...problem, record: { index, fields } };
}

function describeChar(char: string): string {
  if (char === '"') return 'a double quote';
  if (char === ',') return 'a comma';
  if (char === ':') return 'a colon';
  if (char === '}' || char === ']' || char === '{' || char === '[') return `a ${char}`;
  return `"${char}"`;
}
