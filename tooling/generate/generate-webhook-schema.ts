/*
 * npm run generate:webhook-schema
 * Writes docs/crm-webhook.schema.json, the JSON Schema of the CRM webhook's body, from its zod
 * schema (lib/mail/webhook-payload.ts). tests/unit/crm-webhook.test.ts fails when the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { webhookJsonSchema } from '../../lib/mail/webhook-payload';

const file = 'docs/crm-webhook.schema.json';
writeFileSync(file, `${JSON.stringify(webhookJsonSchema(), null, 2)}\n`, 'utf8');
console.log(`${file} written.`);
