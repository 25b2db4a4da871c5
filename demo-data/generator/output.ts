import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueFileSchemas } from '../../lib/catalogue/schemas';
import { dataFileText } from '../../lib/data-check/json-schemas';

/*
 * Validates each file against its schema before anything is written, then writes pretty-printed
 * JSON (2 spaces, trailing newline), each file naming its JSON Schema ("$schema", data/schemas/).
 */

export type CatalogueFileName = keyof typeof catalogueFileSchemas;

function validate(name: CatalogueFileName, data: unknown): void {
  const result = catalogueFileSchemas[name].safeParse(data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 40)
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`${name} does not match lib/catalogue/schemas.ts (${result.error.issues.length} issues):\n${issues}`);
  }
}

export function writeCatalogue(dir: string, files: Record<CatalogueFileName, unknown>): void {
  for (const [name, data] of Object.entries(files) as [CatalogueFileName, unknown][]) validate(name, data);
  mkdirSync(dir, { recursive: true });
  for (const [name, data] of Object.entries(files) as [CatalogueFileName, unknown][]) {
    writeFileSync(join(dir, name), dataFileText(name, data), 'utf8');
  }
}
