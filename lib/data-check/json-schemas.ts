import { z } from 'zod';
import { catalogueFileSchemas } from '../catalogue/schemas';
import { siteFileSchemas } from '../config/schemas';
import { recordsKey } from '../data-file';

/*
 * The JSON Schema of every data file, generated from the zod schemas that validate it, so that an
 * editor (VS Code, JetBrains) offers completion and marks mistakes while staff type. Each data file
 * names its schema with "$schema"; the schemas live in data/schemas/, which the site never serves.
 * JSON Schema cannot say everything zod checks (relations between records, calendar dates, files on
 * disk): the editor catches the common typos, `npm run check:data` stays the judge.
 */

export const schemasFolder = 'data/schemas';

type DataFile = { folder: 'catalogue' | 'site'; file: string; schema: z.ZodType; about: string };

const about: Record<string, string> = {
  'site.json': 'Settings of the whole site: name and address, languages, theme colours, header, footer, banner, home search, marquees and map.',
  'menu.json': 'The menu entries: one record per page, with its paths per language, its texts and its modules.',
  'articles.json': 'The articles: services, testimonials and plain pages, with their slug, title, summary and body per language.',
  'team.json': 'The team members shown on the site and named as the contact of listings.',
  'purchase-costs.json':
    "The rates behind what a purchase costs on a sale listing (registration duties per region, the notary's scale and costs, the mortgage deed) and the rental deposit, with their sources and dates.",
  'properties.json': 'The listings exported from the CRM: one record per listing and language (nl, fr, en, de).',
  'types.json': 'The property types (WebID) in each language, and whether they are offered for sale and for rent.',
  'cities.json': 'The towns: "all" the towns the site knows, and those with a listing for "sale" and for "rent".',
  'projects.json': 'The new-build projects: one record per project and language, with their units.',
  'appointment-slots.json': 'The viewing slots visitors can book, per listing.',
  'owners.json': 'The owners who can sign in to the owner portal, their listings and the CRM history of each.',
};

export function dataFiles(): DataFile[] {
  return [
    ...Object.entries(siteFileSchemas).map(([file, schema]): DataFile => ({ folder: 'site', file, schema, about: about[file] ?? '' })),
    ...Object.entries(catalogueFileSchemas).map(([file, schema]): DataFile => ({ folder: 'catalogue', file, schema, about: about[file] ?? '' })),
  ];
}

/** "menu.json" → "menu.schema.json". */
const schemaFileName = (file: string) => file.replace(/\.json$/, '.schema.json');

/** What a data file writes as its "$schema": the path from data/<folder>/ to its schema. */
export const schemaReference = (file: string) => `../schemas/${schemaFileName(file)}`;

const schemaKeyword = { type: 'string', description: "Where the editor finds this file's schema (for completion and inline errors); leave it as it is." };

/** The JSON Schema of one data file, in the form the file is written: a wrapped list or an object with "$schema". */
function jsonSchemaOf({ file, schema, about: description }: DataFile): Record<string, unknown> {
  // io "input": what staff write (before defaults and transforms); refinements JSON Schema cannot express are left out.
  let generated: Record<string, unknown>;
  try {
    generated = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any', reused: 'inline' });
  } catch (error) {
    // A construct zod cannot translate must not stop the other files: this one gets a schema that accepts anything.
    const reason = error instanceof Error ? error.message : String(error);
    return { $schema: 'http://json-schema.org/draft-07/schema#', title: file, description: `${description} (No detailed schema: ${reason}.)` };
  }
  const { $schema: draft, ...body } = generated;
  if (body.type === 'array') {
    return {
      $schema: draft,
      title: file,
      description,
      type: 'object',
      properties: { $schema: schemaKeyword, [recordsKey]: { ...body, description: 'The records, in the order the site lists them.' } },
      required: [recordsKey],
      additionalProperties: false,
    };
  }
  const properties = body.properties !== null && typeof body.properties === 'object' ? body.properties : {};
  return { $schema: draft, title: file, description, ...body, properties: { ...properties, $schema: schemaKeyword } };
}

/** Every schema file's name and text, as `npm run generate:data-schemas` writes them. */
export function dataSchemaTexts(): Array<{ name: string; text: string }> {
  return dataFiles().map((dataFile) => ({ name: schemaFileName(dataFile.file), text: `${JSON.stringify(jsonSchemaOf(dataFile), null, 2)}\n` }));
}

/** The text of a data file as written to disk: a list wrapped with its "$schema", an object with "$schema" first. */
export function dataFileText(file: string, data: unknown): string {
  const $schema = schemaReference(file);
  const wrapped = Array.isArray(data) ? { $schema, [recordsKey]: data } : data !== null && typeof data === 'object' ? { $schema, ...data } : data;
  return `${JSON.stringify(wrapped, null, 2)}\n`;
}
