import { closeSync, openSync, readSync } from 'node:fs';

/*
 * Reads the records of a list file one at a time, in chunks, without ever holding the whole file
 * as text (issue 16). At 5,000 listings properties.json is 124 MB: decoded whole it is a 247 MB
 * string (V8 keeps text with "€" two bytes a character), parsed whole a tree as large again, and a
 * server that must stay under 400 MB dies in JSON.parse.
 *
 * It only finds where each record starts and ends: JSON.parse reads each record's text. The bytes
 * it looks at ({ } [ ] " \ , :) are ASCII, and UTF-8 never uses an ASCII byte inside a multi-byte
 * character, so scanning bytes is exact. Anything it does not expect (a syntax error between
 * records, a record that is not an object, an unknown key beside "records") makes it give up: the
 * caller then reads the file whole, which explains every mistake with line and column.
 */

const chunkBytes = 1024 * 1024;

const space = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const colon = 0x3a;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/** Where the scanner is between records; inside a record it only counts depth and strings. */
type Place =
  | 'start'
  /** In the wrapper object, before a key or its closing brace. */
  | 'key'
  /** In the wrapper object, after a key's closing quote, before its colon. */
  | 'colon'
  /** In the wrapper object, after a colon. */
  | 'value'
  /** In the wrapper object, after a value. */
  | 'after-value'
  /** In the records list, before a record or the list's closing bracket. */
  | 'record'
  /** In the records list, after a record. */
  | 'after-record'
  /** After the last closing bracket or brace: only spaces may follow. */
  | 'end';

export type RecordsScan = { ok: true; schema?: Uint8Array } | { ok: false };

/**
 * Calls `onRecord` with the bytes of each record of the list, in order, for a file holding either a
 * bare list `[ {…}, … ]` or the wrapped form `{ "$schema": "…", "records": [ {…}, … ] }`. Returns the
 * bytes of the "$schema" value, if any; stops and returns `ok: false` as soon as the file has another
 * shape or `onRecord` returns false.
 */
export function scanRecords(filePath: string, onRecord: (bytes: Uint8Array, index: number) => boolean): RecordsScan {
  const fd = openSync(filePath, 'r');
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let place: Place = 'start';
    let wrapped = false;
    let seenRecords = false;
    let key: number[] | undefined;
    /** The key whose value comes next: "records" and "$schema" are the only ones allowed. */
    let valueOf: 'records' | '$schema' | undefined;
    let schema: Uint8Array | undefined;
    /** Inside a record (or the $schema string): the parts read so far and the nesting depth. */
    let parts: Uint8Array[] = [];
    let depth = 0;
    let inString = false;
    let escaped = false;
    let index = 0;
    let first = true;
    for (;;) {
      const read = readSync(fd, chunk, 0, chunkBytes, null);
      if (read === 0) break;
      // A byte-order mark is the whole-file reader's to explain.
      if (first && chunk[0] === 0xef) return { ok: false };
      first = false;
      let partStart = -1;
      for (let at = 0; at < read; at += 1) {
        const byte = chunk.readUInt8(at);
        if (depth > 0 || (inString && valueOf === '$schema')) {
          if (partStart < 0) partStart = at;
          if (inString) {
            if (escaped) escaped = false;
            else if (byte === backslash) escaped = true;
            else if (byte === quote) inString = false;
            if (inString || depth > 0) continue;
            // The $schema string has ended.
            parts.push(chunk.subarray(partStart, at + 1));
            schema = Buffer.concat(parts);
            parts = [];
            partStart = -1;
            valueOf = undefined;
            place = 'after-value';
            continue;
          }
          if (byte === quote) inString = true;
          else if (byte === openBrace || byte === openBracket) depth += 1;
          else if (byte === closeBrace || byte === closeBracket) {
            depth -= 1;
            if (depth === 0) {
              parts.push(chunk.subarray(partStart, at + 1));
              const record = Buffer.concat(parts);
              parts = [];
              partStart = -1;
              if (!onRecord(record, index)) return { ok: false };
              index += 1;
              place = 'after-record';
            }
          }
          continue;
        }
        if (key !== undefined) {
          // A key of the wrapper: short, without escapes in the two names allowed.
          if (byte === backslash) return { ok: false };
          if (byte !== quote) {
            key.push(byte);
            continue;
          }
          const name = Buffer.from(key).toString('latin1');
          key = undefined;
          if (name === 'records' && !seenRecords) valueOf = 'records';
          else if (name === '$schema' && schema === undefined) valueOf = '$schema';
          else return { ok: false };
          place = 'colon';
          continue;
        }
        if (space(byte)) continue;
        switch (place) {
          case 'start':
            if (byte === openBracket) place = 'record';
            else if (byte === openBrace) {
              wrapped = true;
              place = 'key';
            } else return { ok: false };
            break;
          case 'key':
            if (byte === quote) key = [];
            else if (byte === closeBrace && seenRecords) place = 'end';
            else return { ok: false };
            break;
          case 'colon':
            if (byte !== colon) return { ok: false };
            place = 'value';
            break;
          case 'value':
            if (valueOf === 'records' && byte === openBracket) {
              seenRecords = true;
              valueOf = undefined;
              place = 'record';
            } else if (valueOf === '$schema' && byte === quote) {
              inString = true;
              partStart = at;
            } else return { ok: false };
            break;
          case 'after-value':
            if (byte === comma) place = 'key';
            else if (byte === closeBrace && seenRecords) place = 'end';
            else return { ok: false };
            break;
          case 'record':
            if (byte === openBrace) {
              depth = 1;
              partStart = at;
            } else if (byte === closeBracket && index === 0) place = wrapped ? 'after-value' : 'end';
            else return { ok: false };
            break;
          case 'after-record':
            if (byte === comma) place = 'record';
            else if (byte === closeBracket) place = wrapped ? 'after-value' : 'end';
            else return { ok: false };
            break;
          case 'end':
            return { ok: false };
        }
      }
      // The chunk buffer is read into again: keep a copy of the unfinished record's bytes.
      if (partStart >= 0) parts.push(Buffer.from(chunk.subarray(partStart, read)));
    }
    return place === 'end' ? { ok: true, schema } : { ok: false };
  } finally {
    closeSync(fd);
  }
}
