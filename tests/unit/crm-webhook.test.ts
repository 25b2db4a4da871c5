import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequest, storeRequest, type NewRequest, type Store } from '@/lib/db';
import { webhookJsonSchema, webhookPayload, webhookPayloadSchema } from '@/lib/mail/webhook-payload';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * The CRM webhook is the documented way into the agency's CRM (issue 13, item 25): its body is
 * described by docs/crm-webhook.schema.json, which must say exactly what the code sends, and the
 * README shows a body that is valid against it.
 */

const root = path.resolve(__dirname, '../..');

beforeAll(() => {
  process.env.SITE_URL = 'https://www.immo-hainaut.example';
});

afterAll(() => {
  delete process.env.SITE_URL;
});

describe('the CRM webhook contract', () => {
  it('is the committed JSON Schema, generated from the payload the code builds (npm run generate:webhook-schema)', () => {
    const committed: unknown = JSON.parse(readFileSync(path.join(root, 'docs/crm-webhook.schema.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(webhookJsonSchema())));
  });

  it('is shown in docs/requests-and-mail.md by an example that is valid against it', () => {
    const readme = readFileSync(path.join(root, 'docs/requests-and-mail.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### The CRM webhook'));
    expect(section).toContain('docs/crm-webhook.schema.json');
    const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(example).toBeDefined();
    expect(webhookPayloadSchema.safeParse(JSON.parse(example ?? 'null')).success).toBe(true);
  });
});

// The payload is made from the request as the database gives it back.
describe.each(testDatabases)('the CRM webhook payload on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  beforeAll(async () => {
    store = await database.open();
  });

  async function payloadOf(request: NewRequest) {
    const result = await storeRequest(store, request);
    if (result.status !== 'stored') throw new Error(`not stored: ${result.status}`);
    const row = await getRequest(store, result.id);
    if (!row) throw new Error('not found');
    return webhookPayload(row);
  }

  it('holds for the requests of the forms, with buyer labels, spelled-out answers and no secret', async () => {
    const offer = await payloadOf({
      form: 'purchase-offer',
      lang: 'nl',
      propertyId: 4000001,
      email: 'elise@example.be',
      name: 'Élise Peeters',
      source: '/nl/te-koop/bergen/huis/4000001/',
      payload: { propertyId: 4000001, title: 'ms', firstName: 'Élise', lastName: 'Peeters', personBFirstName: 'Jan', amount: 245000, newsletter: false, privacy: true },
      jobs: ['webhook'],
    });
    expect(webhookPayloadSchema.parse(offer)).toEqual(offer);
    expect(offer.url).toMatch(/^https:\/\/www\.immo-hainaut\.example\/fr\/\S+\/4000001\/$/);
    expect(offer.answers.map((answer) => answer.label)).toContain('Prénom (acheteur B)');
    expect(offer.fields).toMatchObject({ amount: 245000, personBFirstName: 'Jan' });

    const alert = await payloadOf({
      form: 'demand-register',
      lang: 'fr',
      email: 'zoeker@example.be',
      payload: { email: 'zoeker@example.be', goal: 'sale', types: ['1', '3'], zones: ['Mons|7000'], priceMax: 300000, passwordHash: 'scrypt$secret' },
      jobs: ['webhook'],
    });
    expect(webhookPayloadSchema.parse(alert)).toEqual(alert);
    expect(JSON.stringify(alert)).not.toContain('scrypt');

    const application = await payloadOf({
      form: 'job-application',
      lang: 'en',
      email: 'job@example.be',
      name: 'Job Seeker',
      payload: { firstName: 'Job', lastName: 'Seeker', email: 'job@example.be', contactSlots: ['10-13'] },
      uploads: [{ field: 'cv', file_name: 'cv.pdf', mime: 'application/pdf', size: 2048, path: '/var/uploads/x.pdf' }],
      jobs: ['webhook'],
    });
    expect(webhookPayloadSchema.parse(application)).toEqual(application);
    expect(application.uploads).toEqual([{ field: 'cv', fileName: 'cv.pdf', mime: 'application/pdf', size: 2048 }]);
    expect(JSON.stringify(application)).not.toContain('/var/uploads');
  });
});
