import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readDataFile, readRecordsFile } from '@/lib/data-file';
import { scanRecords } from '@/lib/data-file/json-records';
import { propertySchema } from '@/lib/catalogue/schemas';

/*
 * properties.json is read record by record (issue 16: 124 MB at 5,000 listings must not become a
 * 247 MB string and a parse tree as large). The result must be the whole-file reading's, and every
 * file it cannot read that way must get the whole-file reading's messages.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'agency-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recordSchema = z.strictObject({ ID: z.number().int(), text: z.string() });
let files = 0;

function write(content: string | Uint8Array): string {
  files += 1;
  const name = `file-${files}.json`;
  writeFileSync(path.join(dir, name), content);
  return name;
}

const byRecords = (name: string) => readRecordsFile(dir, 'data/test', name, recordSchema);
const whole = (name: string) => readDataFile(dir, 'data/test', name, z.array(recordSchema));
/** How many records the record-by-record scan delivered, or undefined when it gave up. */
function scanned(name: string): number | undefined {
  let count = 0;
  const scan = scanRecords(path.join(dir, name), () => {
    count += 1;
    return true;
  });
  return scan.ok ? count : undefined;
}

describe('reading a list file record by record', () => {
  it('reads the shipped properties.json exactly as the whole-file reading does', () => {
    const catalogue = path.resolve(__dirname, '../../data/catalogue');
    const records = readRecordsFile(catalogue, 'data/catalogue', 'properties.json', propertySchema);
    const expected = readDataFile(catalogue, 'data/catalogue', 'properties.json', z.array(propertySchema));
    expect(records.ok).toBe(true);
    expect(records).toEqual(expected);
    let count = 0;
    expect(scanRecords(path.join(catalogue, 'properties.json'), () => ++count > 0).ok).toBe(true);
    expect(count).toBe(expected.ok ? expected.data.length : -1);
  });

  it('reads the bare list, the wrapped form in either key order, and an empty list', () => {
    const records = [
      { ID: 1, text: 'plain' },
      { ID: 2, text: 'with } ] { [ , : inside, a \\ backslash and "quotes"' },
      { ID: 3, text: 'Ecaussinnes – 250 000 € – 4ème étage ✓' },
    ];
    const list = JSON.stringify(records, null, 2);
    const cases = [
      list,
      JSON.stringify(records),
      `{ "$schema": "../schemas/test.schema.json", "records": ${list} }`,
      `{\n  "records": ${list},\n  "$schema": "../schemas/test.schema.json"\n}\n`,
      `\r\n\t[${JSON.stringify(records[1])}]  \n`,
    ];
    for (const content of cases) {
      const name = write(content);
      expect(scanned(name), content.slice(0, 40)).toBeGreaterThan(0);
      expect(byRecords(name)).toEqual(whole(name));
      expect(byRecords(name).ok).toBe(true);
    }
    for (const empty of ['[]', '[ ]', '{ "$schema": "x", "records": [] }']) {
      const name = write(empty);
      expect(scanned(name)).toBe(0);
      expect(byRecords(name)).toEqual({ ok: true, data: [] });
    }
  });

  it('joins records that span the 1 MB chunks it reads', () => {
    // Long texts full of the bytes the scanner counts, so that chunk edges fall inside strings,
    // escapes and multi-byte characters.
    const records = Array.from({ length: 40 }, (_, index) => ({
      ID: index,
      text: `${index}: ${'{"[é€\\"]}'.repeat(8_000 + index * 37)}`,
    }));
    const name = write(JSON.stringify({ $schema: 'x', records }, null, 1));
    expect(scanned(name)).toBe(40);
    const result = byRecords(name);
    expect(result).toEqual({ ok: true, data: records });
  });

  it("gives the whole-file reading's messages for every file it cannot read record by record", () => {
    const good = '{ "ID": 1, "text": "a" }';
    const broken: Record<string, string | Uint8Array> = {
      'a trailing comma': `[${good},]`,
      'a missing comma': `[${good} ${good}]`,
      'a byte-order mark': `\ufeff[${good}]`,
      'an empty file': '',
      'spaces only': '  \n',
      'an unknown key beside records': `{ "$schema": "x", "record": [${good}] }`,
      '$schema not text': `{ "$schema": 3, "records": [${good}] }`,
      'records not a list': `{ "records": ${good} }`,
      'no records': '{ "$schema": "x" }',
      'text after the list': `[${good}] x`,
      'a record that is not an object': `[${good}, 3]`,
      'a syntax error inside a record': `[${good}, { "ID": 2 "text": "b" }]`,
      'a misspelt field in the third record': `[${good}, ${good}, { "ID": 3, "Text": "c" }]`,
      'a wrong type': `[${good}, { "ID": "two", "text": "b" }]`,
      'an unclosed list': `[${good}`,
      'an unclosed record': `[{ "ID": 1, "text": "a"`,
      'Latin-1 bytes in a record': Buffer.concat([Buffer.from(`[${good}, { "ID": 2, "text": "`), Buffer.from([0xe9]), Buffer.from('" }]')]),
    };
    for (const [what, content] of Object.entries(broken)) {
      const name = write(content);
      const expected = whole(name);
      expect(expected.ok, what).toBe(false);
      expect(byRecords(name), what).toEqual(expected);
    }
  });

  it('leaves a repeated key to the whole-file reading, which keeps the last value as JSON.parse does', () => {
    const name = write('{ "records": [{ "ID": 1, "text": "a" }], "records": [] }');
    expect(scanned(name)).toBeUndefined();
    expect(byRecords(name)).toEqual({ ok: true, data: [] });
  });

  it('stops reading at the first record that fails', () => {
    const name = write(`[${Array.from({ length: 10 }, (_, index) => `{ "ID": ${index}, "text": "t" }`).join(',')}]`);
    let seen = 0;
    const scan = scanRecords(path.join(dir, name), () => ++seen < 3);
    expect(scan.ok).toBe(false);
    expect(seen).toBe(3);
  });
});
