import { z } from 'zod';
import { getAgencyLanguage, supportedLanguages } from '../config';
import { requestAnswers, type StoredRequest } from '../db';
import { formNames } from '../form-kinds/table';
import { href } from '../pages';
import { requestLines } from './compose';
import { siteOrigin } from './transport';

/*
 * What the CRM webhook POSTs for every request: the contract with the agency's CRM. The zod schema
 * below is the one definition: the payload is typed by it, docs/crm-webhook.schema.json is
 * generated from it (npm run generate:webhook-schema) and a unit test fails when they differ.
 */

const answer = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);

export const webhookPayloadSchema = z
  .strictObject({
    version: z.literal(1).meta({ description: 'Version of this payload; a change that could break a receiver gets a new number.' }),
    id: z.uuid().meta({ description: 'The request ID. Every delivery of one request carries the same ID: a receiver that sees it twice keeps one.' }),
    form: z.enum(formNames).meta({ description: 'The form the visitor sent.' }),
    createdAt: z.iso.datetime().meta({ description: 'When the site stored the request, in UTC (ISO 8601).' }),
    language: z.enum(supportedLanguages).meta({ description: 'The language the visitor used the site in.' }),
    propertyId: z.int().positive().nullable().meta({ description: "The listing's CRM ID, when the request is about a listing." }),
    projectId: z.int().positive().nullable().meta({ description: "The project's CRM ID, when the request is about a project." }),
    url: z.url().nullable().meta({ description: "Absolute address of the listing's or project's page, in the agency's language." }),
    email: z.string().nullable().meta({ description: "The visitor's e-mail address (lowercase), when the form asks for one." }),
    name: z.string().nullable().meta({ description: "The visitor's name as typed (first and last name, or the name field)." }),
    source: z.string().nullable().meta({ description: 'The page the form was sent from, as the browser gave it.' }),
    fields: z.record(z.string(), answer).meta({
      description: "Every answer under the form's field name, as validated: texts, whole numbers (amounts in euros), true/false for check boxes, lists of option values. Password fields never appear.",
    }),
    answers: z
      .array(
        z.strictObject({
          field: z.string().meta({ description: 'The field name, as in `fields`.' }),
          label: z.string().meta({ description: "The field's label in the agency's language; in an offer, which buyer (A or B) it is about." }),
          value: z.string().meta({ description: "The answer spelled out as in the agency's e-mail (options, dates dd-mm-yyyy, amounts in euros)." }),
        }),
      )
      .meta({ description: "The answers as the agency's e-mail shows them, in the agency's language, for a CRM that keeps a note rather than mapping fields." }),
    uploads: z
      .array(
        z.strictObject({
          field: z.string(),
          fileName: z.string(),
          mime: z.string(),
          size: z.int().nonnegative().meta({ description: 'Bytes.' }),
        }),
      )
      .meta({ description: "Files sent with the request (a CV, a testimonial's picture). The files themselves go to the agency's mailbox as attachments." }),
  })
  .meta({
    title: 'Immo Hainaut CRM webhook: one request',
    description: 'The JSON body of the POST to WEBHOOK_URL for every request the site stores (newsletter sign-ups once confirmed). See docs/requests-and-mail.md, "The CRM webhook".',
  });

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** docs/crm-webhook.schema.json: the JSON Schema (2020-12) of the payload. */
export function webhookJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(webhookPayloadSchema, { target: 'draft-2020-12' });
  return { $schema: schema.$schema, $id: 'https://www.immo-hainaut.be/schemas/crm-webhook.schema.json', ...schema };
}

const isAnswer = (value: unknown): value is z.infer<typeof answer> => answer.safeParse(value).success;

/** What the CRM webhook receives for a request. */
export function webhookPayload(request: StoredRequest): WebhookPayload {
  const language = getAgencyLanguage();
  const stored = requestAnswers(request);
  const fields = Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, z.infer<typeof answer>] => entry[0] !== 'passwordHash' && isAnswer(entry[1])));
  const url = request.property_id
    ? siteOrigin() + href({ page: 'property', id: request.property_id }, language)
    : request.project_id
      ? siteOrigin() + href({ page: 'project', id: request.project_id }, language)
      : null;
  return {
    version: 1,
    id: request.id,
    form: webhookForm(request.form),
    createdAt: request.created_at,
    language: webhookLanguage(request.lang),
    propertyId: request.property_id,
    projectId: request.project_id,
    url,
    email: request.email,
    name: request.name,
    source: request.source,
    fields,
    answers: requestLines(request, language).map(({ field, label, value }) => ({ field, label, value })),
    uploads: request.uploads.map((upload) => ({ field: upload.field, fileName: upload.file_name, mime: upload.mime, size: upload.size })),
  };
}

function webhookForm(form: string): WebhookPayload['form'] {
  const known = formNames.find((name) => name === form);
  if (!known) throw new Error(`request of unknown form "${form}"`);
  return known;
}

function webhookLanguage(language: string): WebhookPayload['language'] {
  return supportedLanguages.find((code) => code === language) ?? getAgencyLanguage();
}
