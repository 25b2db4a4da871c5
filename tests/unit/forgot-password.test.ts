import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';
import type { Store } from '@/lib/db';

/*
 * Forgot-password (issue 12, item 5): the form does the same thing whatever the address (one job
 * in the outbox) and answers at once; the outbox finds out later whether the address is an
 * owner's, and only then makes the one-time link and sends it.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));
// The limits live in the process: each test posts from clients of its own.
const client = vi.hoisted(() => ({ address: '198.51.100.7', next: 0 }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': client.address }) }));

process.env.SITE_SECRET = 'unit-test-secret';

const { setStore } = await import('@/lib/db');
const { getOwners } = await import('@/lib/catalogue');
const { forgotPasswordAction } = await import('@/lib/auth/actions');
const { immediateDelivery } = await import('@/lib/mail/outbox-worker');
const { offerImmediateDelivery } = await import('@/lib/outbox/deliver-soon');
// As on the server, whose outbox worker delivers a job queued by a request at once (lib/outbox/deliver-soon).
offerImmediateDelivery(immediateDelivery);
const { logIn, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { default: fr } = await import('@/messages/fr.json');

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const owner = getOwners().find((candidate) => candidate.Language === 'fr')!;
  const tables = ['requests', 'outbox', 'owner_tokens', 'owner_accounts', 'owner_sessions', 'login_failures', 'captcha_uses'] as const;

  const ask = (email: string, lang = 'nl') => {
    const data = new FormData();
    data.set('email', email);
    return forgotPasswordAction(lang, { status: 'idle' }, data);
  };

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      counts[table] = Number(row?.count ?? 0);
    }
    return counts;
  }

  /** What one call of the form changed in the database, and how long its answer took. */
  async function measure(email: string) {
    const before = await rowCounts();
    const started = performance.now();
    const answer = await ask(email);
    const ms = performance.now() - started;
    const after = await rowCounts();
    const delta = Object.fromEntries(tables.map((table) => [table, (after[table] ?? 0) - (before[table] ?? 0)]));
    return { answer, ms, delta };
  }

  const runAfterTasks = async () => {
    const tasks = pending.splice(0);
    await Promise.all(tasks.map((task) => task()));
  };

  const smtp = useSmtpSink('https://www.immo-hainaut.be', () => setStore(undefined));

  const newClient = () => {
    client.next += 1;
    client.address = `198.51.${Math.floor(client.next / 250)}.${client.next % 250}`;
    return client.address;
  };

  // And in an hour of its own, so that an address's limit (the owner's) starts afresh in each.
  let hours = 0;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    hours += 1;
    vi.setSystemTime(Date.parse(database.name === 'sqlite' ? '2030-01-01T00:00:00Z' : '2030-02-01T00:00:00Z') + hours * 60 * 60 * 1000);
    store = await database.open();
    setStore(store);
    newClient();
    pending.length = 0;
    smtp.received = [];
    smtp.dataDelays = [];
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('forgot-password', () => {
    it('answers an owner and an unknown address alike, after the same database work, without waiting for a slow mail server', async () => {
      smtp.dataDelays = [1500, 1500, 1500];
      await measure('warm-up@example.be');
      await runAfterTasks();

      const known = await measure(owner.Email);
      const unknown = await measure('nobody-here@example.be');
      expect(unknown.answer).toEqual(known.answer);
      expect(known.answer).toMatchObject({ status: 'sent' });
      // One job queued each time, nothing else: no token exists before the outbox sends the mail.
      expect(known.delta).toEqual(unknown.delta);
      expect(known.delta).toEqual({ requests: 0, outbox: 1, owner_tokens: 0, owner_accounts: 0, owner_sessions: 0, login_failures: 0, captcha_uses: 0 });
      const jobs = await store.db.selectFrom('outbox').select(['kind', 'payload', 'request_id']).where('payload', 'not like', '%warm-up%').execute();
      expect(jobs.map((job) => [job.kind, job.request_id, JSON.parse(job.payload ?? '{}')])).toEqual(
        expect.arrayContaining([
          ['owner-reset', null, { email: owner.Email, language: 'nl' }],
          ['owner-reset', null, { email: 'nobody-here@example.be', language: 'nl' }],
        ]),
      );
      expect(jobs).toHaveLength(2);
      // Loose on purpose: the point is that neither waits for SMTP (the old form took 226 ms against 32).
      expect(known.ms).toBeLessThan(50);
      expect(unknown.ms).toBeLessThan(50);
    });

    // Scrypt hashes of 128 MiB and the outbox's sends: room on a busy machine.
    it('mails the owner one working link in their language, and nothing to an address that is no owner', { timeout: 120_000 }, async () => {
      await ask(owner.Email);
      await ask('nobody-here@example.be');
      await runAfterTasks();

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual([owner.Email]);
      expect(mail!.raw).toMatch(/^Subject: .*mot de passe/im);
      expect(mail!.body).toContain(`Bonjour ${owner.FirstName} ${owner.LastName},`);
      expect(mail!.body).toContain('votre mot de passe reste inchangé');
      const link = /https:\/\/www\.immo-hainaut\.be\/fr\/[^\s"<]+\?token=([\w-]+)/.exec(mail!.body);
      expect(link).not.toBeNull();
      const token = link![1]!;

      // Both jobs are finished; the database never held the token itself, only its hash.
      expect(await store.db.selectFrom('outbox').select('status').execute()).toEqual([{ status: 'delivered' }, { status: 'delivered' }]);
      const tokens = await store.db.selectFrom('owner_tokens').selectAll().execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({ email: owner.Email.toLowerCase(), purpose: 'reset', token_hash: createHash('sha256').update(token).digest('hex') });
      const outboxText = JSON.stringify(await store.db.selectFrom('outbox').selectAll().execute());
      expect(outboxText).not.toContain(token);

      const chosen = await setPasswordWithToken(token, 'a brand new password');
      expect(chosen.ok).toBe(true);
      expect((await logIn(owner.Email, 'a brand new password', client.address)).ok).toBe(true);
      expect((await setPasswordWithToken(token, 'once more')).ok).toBe(false);
    });

    const outboxJobs = async () => (await store.db.selectFrom('outbox').select('id').execute()).length;
    const sent = { status: 'sent', message: fr.portal.passwordSent };

    // Issue 35: one client queued 300 reset jobs in 19 s, each to another address.
    it('queues at most five jobs an hour for one client, whatever the addresses, answering every post alike', async () => {
      for (let attempt = 0; attempt < 300; attempt += 1) expect(await ask(`victim-${attempt}-${database.name}@example.be`, 'fr')).toEqual(sent);
      expect(await outboxJobs()).toBe(5);
      // Another client still gets its link.
      newClient();
      await ask(owner.Email, 'fr');
      expect(await outboxJobs()).toBe(6);
    });

    it('queues at most three jobs an hour for one address, however written and from however many clients', async () => {
      const [local, domain] = `reset-target-${database.name}@gmail.com`.split('@');
      const spellings = [`${local}@${domain}`, `${local!.toUpperCase()}@GMAIL.COM`, `${local}+a@${domain}`, `${local!.replace('-', '.-')}@googlemail.com`, ` ${local}+b@${domain} `];
      for (const spelling of [...spellings, ...spellings]) {
        newClient();
        expect(await ask(spelling, 'fr')).toEqual(sent);
      }
      expect(await outboxJobs()).toBe(3);
    });

    it('counts the hour on the clock: the client may ask again in the next one', async () => {
      vi.setSystemTime(Date.parse('2031-01-07T10:00:00Z'));
      for (let attempt = 0; attempt < 6; attempt += 1) await ask(`hourly-${attempt}-${database.name}@example.be`);
      expect(await outboxJobs()).toBe(5);
      vi.setSystemTime(Date.parse('2031-01-07T10:59:59Z'));
      await ask(`hourly-late-${database.name}@example.be`);
      expect(await outboxJobs()).toBe(5);
      vi.setSystemTime(Date.parse('2031-01-07T11:00:00Z'));
      await ask(`hourly-next-${database.name}@example.be`);
      expect(await outboxJobs()).toBe(6);
    });
  });
});
