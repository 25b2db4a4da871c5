import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, setStore, storeRequest, type Store } from '@/lib/db';
import { deliverDueJobs, retryDelay } from '@/lib/mail/outbox-worker';
import { signWebhook } from '@/lib/mail/webhook';

/*
 * The outbox against a real SMTP server and a real HTTP endpoint on loopback: delivered once,
 * retried while the server is away, never lost, and the CRM webhook is signed.
 */

type Received = { to: string[]; raw: string };
let received: Received[] = [];
let smtp: SMTPServer | undefined;
let smtpPort = 0;

function startSmtp(port = 0): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp!.listen(port, '127.0.0.1', () => resolve((smtp!.server.address() as AddressInfo).port)));
}

const stopSmtp = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

let store: Store;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtpPort = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.OUTBOX_RETRY_BASE_MS = '50';
  process.env.OUTBOX_RETRY_MAX_MS = '200';
});

afterAll(async () => {
  await stopSmtp();
  delete process.env.SMTP_URL;
  delete process.env.WEBHOOK_URL;
  setStore(undefined);
});

beforeEach(async () => {
  received = [];
  store = await openStore('file::memory:');
  setStore(store);
});

const newsletter = (email: string, jobs: ('agency-mail' | 'visitor-mail' | 'webhook')[] = ['agency-mail', 'visitor-mail']) =>
  storeRequest(store, { form: 'sign-newsletter', lang: 'fr', email, payload: { email, privacy: true }, jobs });

const statuses = async () => (await store.db.selectFrom('outbox').select(['kind', 'status', 'attempts']).orderBy('kind').execute()).map((job) => `${job.kind}:${job.status}`);

describe('the outbox', () => {
  it('sends the agency and the visitor e-mail once and marks them delivered', async () => {
    await newsletter('lecteur@example.be');
    expect(await deliverDueJobs()).toBe(2);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['info@immo-hainaut.be', 'lecteur@example.be']);
    expect(await statuses()).toEqual(['agency-mail:delivered', 'visitor-mail:delivered']);
    expect(await deliverDueJobs()).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('keeps e-mail while SMTP is down and delivers it exactly once when it is back', async () => {
    await stopSmtp();
    await newsletter('patient@example.be');
    expect(await deliverDueJobs()).toBe(0);
    const failed = await store.db.selectFrom('outbox').selectAll().execute();
    expect(failed.every((job) => job.status === 'pending' && job.attempts === 1 && job.last_error)).toBe(true);
    // Not due again before its backoff.
    expect(await deliverDueJobs()).toBe(0);
    expect((await store.db.selectFrom('outbox').select('attempts').execute()).map((job) => job.attempts)).toEqual([1, 1]);

    await startSmtp(smtpPort);
    await wait(120);
    expect(await deliverDueJobs()).toBe(2);
    await wait(250);
    expect(await deliverDueJobs()).toBe(0);
    expect(received.filter((mail) => mail.to.includes('patient@example.be'))).toHaveLength(1);
    expect(received).toHaveLength(2);
    expect(await statuses()).toEqual(['agency-mail:delivered', 'visitor-mail:delivered']);
  });

  it('backs off by doubling up to the maximum', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([50, 100, 200, 200, 200]);
  });

  it('leaves jobs of an unconfigured channel untouched until it is configured', async () => {
    delete process.env.WEBHOOK_URL;
    await newsletter('crm@example.be', ['webhook']);
    expect(await deliverDueJobs()).toBe(0);
    expect(await store.db.selectFrom('outbox').select(['status', 'attempts']).execute()).toEqual([{ status: 'pending', attempts: 0 }]);
  });
});

describe('the CRM webhook', () => {
  let server: Server;
  const calls: { body: string; signature: string | undefined }[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(503).end();
          return;
        }
        calls.push({ body, signature: request.headers['x-signature'] as string | undefined });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    process.env.WEBHOOK_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    process.env.WEBHOOK_SECRET = 'crm-secret';
  });

  afterAll(async () => {
    delete process.env.WEBHOOK_URL;
    delete process.env.WEBHOOK_SECRET;
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the request as signed JSON, without secrets, and retries a refusal', async () => {
    failNext = 1;
    const stored = await storeRequest(store, {
      form: 'demand-register',
      lang: 'nl',
      email: 'zoeker@example.be',
      payload: { email: 'zoeker@example.be', goal: 'sale', passwordHash: 'scrypt$secret' },
      jobs: ['webhook'],
    });
    expect(await deliverDueJobs()).toBe(0);
    expect(calls).toHaveLength(0);
    await wait(120);
    expect(await deliverDueJobs()).toBe(1);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.signature).toBe(signWebhook(call?.body ?? '', 'crm-secret'));
    const body = JSON.parse(call?.body ?? '{}') as { id: string; form: string; fields: Record<string, unknown> };
    expect(body).toMatchObject({ id: stored.status === 'stored' ? stored.id : '', form: 'demand-register', fields: { goal: 'sale' } });
    expect(call?.body).not.toContain('scrypt');
  });
});
