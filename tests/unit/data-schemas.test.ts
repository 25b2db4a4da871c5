import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFiles, dataSchemaTexts, schemaReference, schemasFolder } from '@/lib/data-check/json-schemas';

/*
 * The JSON Schemas under data/schemas/ (npm run generate:data-schemas) follow the zod schemas, and
 * every data file names its own: an editor then offers completion and marks mistakes as staff type.
 */

const root = path.resolve(__dirname, '../..');
type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The keys of `value` that `schema` (an object schema) does not allow, and the required ones it lacks. */
function keyProblems(value: unknown, schema: unknown): string[] {
  if (!isObject(value) || !isObject(schema) || !isObject(schema.properties)) return ['not an object'];
  const allowed = Object.keys(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return [
    ...Object.keys(value)
      .filter((key) => schema.additionalProperties === false && !allowed.includes(key))
      .map((key) => `unknown ${key}`),
    ...required.filter((key) => !(key in value)).map((key) => `missing ${key}`),
  ];
}

describe('data file JSON Schemas', () => {
  it('are up to date with the zod schemas (run npm run generate:data-schemas after changing a schema)', () => {
    for (const { name, text } of dataSchemaTexts()) {
      expect(readFileSync(path.join(root, schemasFolder, name), 'utf8'), name).toBe(text);
    }
  });

  it.each(dataFiles().map((file) => [`${file.folder}/${file.file}`, file] as const))('%s names an existing schema that its records fit', (_, { folder, file }) => {
    const data = readJson(`data/${folder}/${file}`);
    expect(isObject(data) && data.$schema).toBe(schemaReference(file));
    const schemaPath = path.join(root, 'data', folder, schemaReference(file));
    expect(existsSync(schemaPath), schemaPath).toBe(true);
    const schema: unknown = JSON.parse(readFileSync(schemaPath, 'utf8'));
    expect(keyProblems(data, schema)).toEqual([]);
    // Each record's fields are the ones the schema lists (the check an editor shows inline).
    if (isObject(data) && Array.isArray(data.records) && isObject(schema) && isObject(schema.properties) && isObject(schema.properties.records)) {
      const items = schema.properties.records.items;
      for (const [index, record] of data.records.entries()) expect(keyProblems(record, items), `record #${index}`).toEqual([]);
    }
  });

  it('are not served: they live outside public/', () => {
    expect(schemasFolder.startsWith('public')).toBe(false);
    expect(existsSync(path.join(root, 'public/schemas'))).toBe(false);
  });
});
