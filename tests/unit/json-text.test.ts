import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excerptOf, locate, parseJsonBytes, syntaxProblem } from '@/lib/data-file/json-text';

/*
 * The scanner that explains a JSON syntax error must agree with JSON.parse: silent on valid text,
 * and never silent on text JSON.parse refuses (else staff would get no line and column).
 */

const root = path.resolve(__dirname, '../..');
const dataFiles = ['data/site/site.json', 'data/site/menu.json', 'data/site/team.json', 'data/catalogue/types.json', 'data/catalogue/cities.json'];

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('JSON syntax explanations', () => {
  it('finds nothing wrong in the shipped data files', () => {
    for (const file of dataFiles) expect(syntaxProblem(readFileSync(path.join(root, file), 'utf8')), file).toBeUndefined();
  });

  it('agrees with JSON.parse on every one-character deletion and insertion of a data file', () => {
    const text = readFileSync(path.join(root, 'data/site/team.json'), 'utf8').slice(0, 1200).replace(/,\s*$/, '') + '}]}';
    const variants: string[] = [];
    for (let index = 0; index < text.length; index += 1) {
      variants.push(text.slice(0, index) + text.slice(index + 1));
      for (const char of [',', '"', '}', ']', '{', ':', 'x', '0', ' ', '\\']) variants.push(text.slice(0, index) + char + text.slice(index));
    }
    for (const variant of variants) {
      const problem = syntaxProblem(variant);
      if (parses(variant)) expect(problem, variant).toBeUndefined();
      else expect(problem?.message, variant).toMatch(/^line \d+, column \d+: /);
    }
  });

  it('counts lines and columns in characters and shows the line with a caret', () => {
    const where = locate('[\n  {"a": "é", "b" 1}\n]', 19);
    expect(where).toMatchObject({ line: 2, column: 18 });
    const [shown = '', caret = ''] = where.excerpt.split('\n');
    expect(shown.trim()).toBe('{"a": "é", "b" 1}');
    expect(shown[caret.indexOf('^')]).toBe('1');
  });

  it('cuts a long line around the column', () => {
    const line = `${'a'.repeat(500)}X${'b'.repeat(500)}`;
    const [shown = '', caret = ''] = excerptOf(line, 501).split('\n');
    expect(shown.trim().length).toBeLessThanOrEqual(122);
    expect(shown[caret.indexOf('^')]).toBe('X');
  });

  it('names the first byte that is not UTF-8 and accepts valid UTF-8', () => {
    const latin1 = Buffer.from('{\n  "name": "Amélie"\n}', 'latin1');
    const result = parseJsonBytes(latin1, 'object');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatchObject({ line: 2, column: 14 });
    expect(parseJsonBytes(Buffer.from('{"name": "Amélie €"}', 'utf8'), 'object')).toEqual({ ok: true, value: { name: 'Amélie €' } });
  });
});
