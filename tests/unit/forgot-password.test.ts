import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Forgot-password (issue 12, item 5): the form does the same thing whatever the address (one job
 * in the outbox) and answers at once; the outbox finds out later whether the address is an
 * owner's, and only then makes the one-time link and sends it.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '198.51.100.7' }) }));

process.env.SITE_SECRET = 'unit-test-secret';

const { openStore, setStore } = await import('@/lib/db');
const { getOwners } = await import('@/lib/catalogue');
const { forgotPasswordAction } = await import('@/lib/auth/actions');
const { logIn, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { default: fr } = await import('@/messages/fr.json');

type Store = Awaited<ReturnType<typeof openStore>>;
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
      const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
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

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    pending.length = 0;
    smtp.received = [];
    smtp.dataDelays = [];
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
      expect((await logIn(owner.Email, 'a brand new password', '198.51.100.7')).ok).toBe(true);
      expect((await setPasswordWithToken(token, 'once more')).ok).toBe(false);
    });

    // The limiter lives in the process: each database's run asks for its own address.
    it('keeps the limit of five requests per client and address in a quarter of an hour', async () => {
      for (let attempt = 0; attempt < 7; attempt += 1) expect(await ask(`limit-${database.name}@example.be`, 'fr')).toEqual({ status: 'sent', message: fr.portal.passwordSent });
      expect(await store.db.selectFrom('outbox').select('id').execute()).toHaveLength(5);
    });
  });
});
