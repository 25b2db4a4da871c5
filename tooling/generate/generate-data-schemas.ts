/*
 * npm run generate:data-schemas
 * Writes data/schemas/<file>.schema.json, the JSON Schema of each data file, from the zod schemas
 * (lib/data-check/json-schemas.ts). Editors read them through each file's "$schema".
 * tests/unit/data-schemas.test.ts fails when they are stale: run this after changing a schema.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataSchemaTexts, schemasFolder } from '../../lib/data-check/json-schemas';

mkdirSync(schemasFolder, { recursive: true });
for (const { name, text } of dataSchemaTexts()) writeFileSync(path.join(schemasFolder, name), text, 'utf8');
console.log(`${schemasFolder}/ written.`);
