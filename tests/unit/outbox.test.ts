import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeStore, openStore, setStore, storeRequest, type Store } from '@/lib/db';
import { migrations } from '@/lib/db/migrations';
import { deliverDueJobs, outboxLeaseMs, retryDelay, runOutboxRound } from '@/lib/mail/outbox-worker';
import { smtpSendDeadlineMs, smtpTimeouts } from '@/lib/mail/transport';
import { signWebhook } from '@/lib/mail/webhook';
import { SmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * The outbox against a real SMTP server and a real HTTP endpoint on loopback: delivered once,
 * retried while the server is away, never lost, and the CRM webhook is signed.
 */

const smtp = new SmtpSink();
describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /**
   * A moment `ms` after `from`: the tests hand the outbox its clock and step through backoffs and
   * probe intervals with it, so a loaded machine's slowness never decides whether a job is due.
   */
  const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

  beforeAll(async () => {
    await smtp.start();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  });

  afterAll(async () => {
    await smtp.stop();
    delete process.env.SMTP_URL;
    delete process.env.WEBHOOK_URL;
    setStore(undefined);
  });

  beforeEach(async () => {
    process.env.OUTBOX_RETRY_BASE_MS = '50';
    process.env.OUTBOX_RETRY_MAX_MS = '200';
    smtp.received = [];
    smtp.dataDelays = [];
    store = await database.open();
    setStore(store);
  });

  afterEach(() => {
    delete process.env.SMTP_TIMEOUT_MS;
    delete process.env.SITE_URL;
    delete process.env.OUTBOX_PROBE_MS;
  });

  const newsletter = (email: string, jobs: ('agency-mail' | 'visitor-mail' | 'webhook')[] = ['agency-mail', 'visitor-mail']) =>
    storeRequest(store, { form: 'sign-newsletter', lang: 'fr', email, payload: { email, privacy: true }, jobs });

  const statuses = async () => (await store.db.selectFrom('outbox').select(['kind', 'status', 'attempts']).orderBy('kind').execute()).map((job) => `${job.kind}:${job.status}`);

  describe('the outbox', () => {
    it('sends the agency and the visitor e-mail once and marks them delivered', async () => {
      await newsletter('lecteur@example.be');
      expect(await deliverDueJobs()).toBe(2);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['info@immo-hainaut.be', 'lecteur@example.be']);
      expect(await statuses()).toEqual(['agency-mail:delivered', 'visitor-mail:delivered']);
      expect(await deliverDueJobs()).toBe(0);
      expect(smtp.received).toHaveLength(2);
    });

    it('keeps e-mail while SMTP is down and delivers it exactly once when it is back', async () => {
      await smtp.stop();
      await newsletter('patient@example.be');
      const start = new Date();
      expect(await deliverDueJobs({ now: start })).toBe(0);
      const failed = await store.db.selectFrom('outbox').selectAll().execute();
      expect(failed.every((job) => job.status === 'pending' && job.attempts === 1 && job.last_error)).toBe(true);
      // Not due again before its backoff (50 ms).
      expect(await deliverDueJobs({ now: after(start, 49) })).toBe(0);
      expect((await store.db.selectFrom('outbox').select('attempts').execute()).map((job) => job.attempts)).toEqual([1, 1]);

      await smtp.start();
      expect(await deliverDueJobs({ now: after(start, 50) })).toBe(2);
      // Delivered is done: not sent again however long after.
      expect(await deliverDueJobs({ now: after(start, 60 * 60 * 1000) })).toBe(0);
      expect(smtp.received.filter((mail) => mail.to.includes('patient@example.be'))).toHaveLength(1);
      expect(smtp.received).toHaveLength(2);
      expect(await statuses()).toEqual(['agency-mail:delivered', 'visitor-mail:delivered']);
    });

    it('gives every attempt of a job the same Message-ID, so a server slower than our timeout gets one message twice at worst', async () => {
      // The server queues the mail, then answers after we gave up: the next attempt sends it again.
      process.env.SMTP_TIMEOUT_MS = '1000';
      process.env.SITE_URL = 'https://www.immo-hainaut.be';
      smtp.dataDelays = [4000];
      await newsletter('lent@example.be', ['agency-mail']);
      const [job] = await store.db.selectFrom('outbox').select('id').execute();
      const start = new Date();
      expect(await deliverDueJobs({ now: start })).toBe(0);
      // A slow answer is no outage: the job keeps its backoff, the probe leaves it alone.
      expect(await store.db.selectFrom('outbox').select(['attempts', 'unreachable']).execute()).toEqual([{ attempts: 1, unreachable: 0 }]);
      // The next attempt may take as long as a loaded machine needs: only the first had to time out.
      process.env.SMTP_TIMEOUT_MS = '30000';
      expect(await deliverDueJobs({ now: after(start, 50) })).toBe(1);
      const copies = smtp.received.filter((mail) => mail.to.includes('info@immo-hainaut.be'));
      expect(copies).toHaveLength(2);
      expect(copies.map((mail) => mail.messageId)).toEqual([`<${job!.id}@www.immo-hainaut.be>`, `<${job!.id}@www.immo-hainaut.be>`]);
    });

    it('waits for a slow server within the timeout and sends each mail once, though delivery rounds overlap', async () => {
      process.env.SMTP_TIMEOUT_MS = '3000';
      smtp.dataDelays = [700, 700];
      await newsletter('patiente@example.be');
      // The immediate delivery after a request and the worker's round run side by side.
      const first = deliverDueJobs();
      await wait(150);
      const others = await Promise.all([deliverDueJobs(), deliverDueJobs(), deliverDueJobs()]);
      expect((await first) + others.reduce((sum, count) => sum + count, 0)).toBe(2);
      expect(await deliverDueJobs()).toBe(0);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['info@immo-hainaut.be', 'patiente@example.be']);
      expect(await store.db.selectFrom('outbox').select(['status', 'attempts']).execute()).toEqual([
        { status: 'delivered', attempts: 1 },
        { status: 'delivered', attempts: 1 },
      ]);
    });

    it('has at most OUTBOX_CONCURRENCY sends in flight, so a kill -9 can leave at most that many mails to send twice', async () => {
      // A burst of posts: each request's immediate delivery starts at once (after() in the route).
      for (let index = 0; index < 6; index += 1) await newsletter(`rafale${index}@example.be`);
      const requests = await store.db.selectFrom('requests').select('id').execute();
      smtp.dataDelays = Array<number>(12).fill(40);
      const delivered = await Promise.all(requests.map((request) => deliverDueJobs({ requestId: request.id })));
      expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(12);
      expect(smtp.received).toHaveLength(12);
      expect(smtp.mostAtOnce()).toBe(2);
    });

    it('waits longer than the 25 s of the slow server seen in the field, and leases a job for longer than its send may last', () => {
      expect(smtpTimeouts().socketTimeout).toBeGreaterThanOrEqual(10 * 60 * 1000);
      for (const setting of [undefined, '1000', String(30 * 60 * 1000)]) {
        if (setting === undefined) delete process.env.SMTP_TIMEOUT_MS;
        else process.env.SMTP_TIMEOUT_MS = setting;
        const { connectionTimeout, greetingTimeout, socketTimeout } = smtpTimeouts();
        expect(smtpSendDeadlineMs()).toBeGreaterThanOrEqual(connectionTimeout + greetingTimeout + socketTimeout);
        expect(outboxLeaseMs()).toBeGreaterThan(smtpSendDeadlineMs());
      }
    });

    it('after an outage, sends the waiting mail once the probe finds the server back, not at the end of the backoff', async () => {
      process.env.OUTBOX_RETRY_BASE_MS = String(60 * 60 * 1000);
      process.env.OUTBOX_RETRY_MAX_MS = String(60 * 60 * 1000);
      process.env.OUTBOX_PROBE_MS = '400';
      await smtp.stop();
      await newsletter('apres-panne@example.be');
      const start = new Date();
      expect(await runOutboxRound(start)).toBe(0);
      const waiting = await store.db.selectFrom('outbox').select(['attempts', 'unreachable', 'next_attempt_at']).execute();
      expect(waiting.map((job) => [job.attempts, job.unreachable])).toEqual([
        [1, 1],
        [1, 1],
      ]);
      expect(waiting.every((job) => Date.parse(job.next_attempt_at) > after(start, 59 * 60 * 1000).getTime())).toBe(true);
      expect(await runOutboxRound(after(start, 1))).toBe(0); // probes a server that is still down

      smtp.connections = 0;
      await smtp.start();
      expect(await runOutboxRound(after(start, 400))).toBe(0); // within the probe interval: the server is left alone
      expect(smtp.connections).toBe(0);
      expect(await runOutboxRound(after(start, 401))).toBe(2);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['apres-panne@example.be', 'info@immo-hainaut.be']);
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

  describe('the outbox migration', () => {
    it('keeps the jobs of a database made before jobs could carry their own payload, and sends them', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'outbox-migration-'));
      const url = `file:${path.join(folder, 'site.db')}`;
      const old = createClient({ url });
      for (const migration of migrations.slice(0, 2)) {
        for (const statement of migration.statements) await old.execute(statement);
      }
      await old.execute('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
      await old.execute("INSERT INTO schema_migrations VALUES ('0001-requests', '2026-01-01'), ('0002-owner-portal', '2026-01-01')");
      await old.execute(
        `INSERT INTO requests (id, form, lang, email, payload, created_at) VALUES ('r1', 'sign-newsletter', 'fr', 'ancien@example.be', '{"email":"ancien@example.be"}', '2026-01-01T00:00:00.000Z')`,
      );
      await old.execute(`INSERT INTO outbox (id, request_id, kind, status, attempts, next_attempt_at, last_error, created_at) VALUES
        ('j1', 'r1', 'visitor-mail', 'pending', 3, '2026-01-01T00:00:00.000Z', 'connect ECONNREFUSED', '2026-01-01T00:00:00.000Z'),
        ('j2', 'r1', 'agency-mail', 'delivered', 1, '2026-01-01T00:00:00.000Z', NULL, '2026-01-01T00:00:00.000Z')`);
      old.close();

      store = await openStore(url);
      setStore(store);
      expect(await store.db.selectFrom('outbox').select(['id', 'request_id', 'payload', 'kind', 'status', 'attempts', 'last_error', 'unreachable']).orderBy('id').execute()).toEqual([
        { id: 'j1', request_id: 'r1', payload: null, kind: 'visitor-mail', status: 'pending', attempts: 3, last_error: 'connect ECONNREFUSED', unreachable: 0 },
        { id: 'j2', request_id: 'r1', payload: null, kind: 'agency-mail', status: 'delivered', attempts: 1, last_error: null, unreachable: 0 },
      ]);
      expect(await deliverDueJobs()).toBe(1);
      expect(smtp.received.map((mail) => mail.to)).toEqual([['ancien@example.be']]);
      await closeStore(store);
      rmSync(folder, { recursive: true, force: true });
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
      const start = new Date();
      expect(await deliverDueJobs({ now: start })).toBe(0);
      expect(calls).toHaveLength(0);
      expect(await deliverDueJobs({ now: after(start, 50) })).toBe(1);
      expect(calls).toHaveLength(1);
      const [call] = calls;
      expect(call?.signature).toBe(signWebhook(call?.body ?? '', 'crm-secret'));
      const body = JSON.parse(call?.body ?? '{}') as { id: string; form: string; fields: Record<string, unknown> };
      expect(body).toMatchObject({ id: stored.status === 'stored' ? stored.id : '', form: 'demand-register', fields: { goal: 'sale' } });
      expect(call?.body).not.toContain('scrypt');
    });
  });
});
