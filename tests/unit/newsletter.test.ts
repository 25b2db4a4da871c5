import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Newsletter double opt-in, end to end through the form handler, the database, the outbox and a
 * real SMTP server on loopback: a sign-up mails the address a link (once a day at most), opening
 * the link changes nothing, its button confirms, and only then does the agency hear of it.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';

const { closeStore, openStore, setStore, listRequests } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { confirmNewsletterRequest } = await import('@/lib/newsletter/confirm-route');
const { confirmationLinkEmail, confirmationLinkState } = await import('@/lib/newsletter/link-state');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { resolvePath } = await import('@/lib/pages');
const { migrations } = await import('@/lib/db/migrations');
const { default: fr } = await import('@/messages/fr.json');

type Store = Awaited<ReturnType<typeof openStore>>;
describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const origin = 'http://localhost:3100';
  const siteUrl = 'https://www.immo-hainaut.example';
  const agency = 'info@immo-hainaut.be';

  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
  });

  afterEach(() => {
    delete process.env.WEBHOOK_URL;
  });

  function signUp(email: string, lang = 'fr', init: { plain?: boolean; headers?: Record<string, string> } = {}) {
    const body = init.plain ? new URLSearchParams({ email, privacy: 'on', lang, fax: '' }).toString() : JSON.stringify({ email, privacy: true, lang });
    const contentType = init.plain ? 'application/x-www-form-urlencoded' : 'application/json';
    return handleFormRequest(
      'sign-newsletter',
      new Request(`${origin}/api/forms/sign-newsletter/`, { method: 'POST', headers: { 'content-type': contentType, origin, host: 'localhost:3100', ...init.headers }, body }),
    );
  }

  function confirm(token: string, lang = 'fr', headers: Record<string, string> = {}) {
    return confirmNewsletterRequest(
      new Request(`${origin}/api/newsletter/confirm/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', ...headers },
        body: new URLSearchParams({ token, lang }).toString(),
      }),
    );
  }

  /** What the server does after answering (the mocked `after`), then whatever else is due. */
  async function flush(): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs();
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  /** The confirmation link of a mail, as the visitor's mail program shows it. */
  function linkOf(body: string, lang = 'fr'): URL {
    const slug = { fr: 'confirmer-newsletter', en: 'confirm-newsletter', nl: 'nieuwsbrief-bevestigen', de: 'newsletter-bestaetigen' }[lang];
    const match = new RegExp(`${siteUrl.replace(/[.]/g, '\\.')}/${lang}/${slug}/\\?token=[A-Za-z0-9_-]{43}`).exec(body);
    if (!match) throw new Error(`no confirmation link in:\n${body}`);
    return new URL(match[0]);
  }
  const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

  const requestRows = async () => store.db.selectFrom('requests').selectAll().execute();
  const jobKinds = async () => (await store.db.selectFrom('outbox').select('kind').orderBy('kind').execute()).map((job) => job.kind);
  const newsletterLeads = async () => (await listRequests(store)).filter((request) => request.form === 'sign-newsletter');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

  describe('signing up for the newsletter', () => {
    it('mails the address a confirmation link in its language, and tells the agency nothing yet', async () => {
      const response = await signUp('lecteur@example.be');
      expect(response.status).toBe(201);
      expect(((await response.json()) as { redirect: string }).redirect).toBe('/fr/merci/sign-newsletter/');
      await flush();

      const [mail, ...others] = mailsTo('lecteur@example.be');
      expect(others).toHaveLength(0);
      expect(mail?.body).toContain(fr.mail.newsletterLink);
      expect(mail?.body).toContain(fr.mail.newsletterIgnore);
      const link = linkOf(mail?.body ?? '');
      expect(mailsTo(agency)).toHaveLength(0);
      expect(smtp.received).toHaveLength(1);

      // The link is a page of the site in the visitor's language, and it leads to a button.
      expect(resolvePath(link.pathname, link.search)).toEqual({ language: 'fr', route: { page: 'newsletter-confirm', token: tokenOf(link) } });
      expect(await confirmationLinkState(tokenOf(link))).toBe('pending');
      // The page names the address its link confirms; a token nobody was given names none.
      expect(await confirmationLinkEmail(tokenOf(link))).toBe('lecteur@example.be');
      expect(await confirmationLinkEmail(randomBytes(32).toString('base64url'))).toBeUndefined();
      // Only a hash of the token is stored, and the sign-up is no lead until confirmed.
      const [signup] = await store.db.selectFrom('newsletter_signups').selectAll().execute();
      expect(signup).toMatchObject({ email: 'lecteur@example.be', confirmed_at: null });
      expect(signup?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await store.db.selectFrom('newsletter_signups').selectAll().execute())).not.toContain(tokenOf(link));
      expect(await requestRows()).toHaveLength(1);
      expect(await newsletterLeads()).toHaveLength(0);
    });

    it('sends one mail for 30 sign-ups of one address within a day, and answers each the same', async () => {
      const sequential = [];
      for (let index = 0; index < 15; index += 1) sequential.push(await signUp(index % 2 ? 'cible@example.be' : 'CIBLE@Example.be'));
      const parallel = await Promise.all(Array.from({ length: 15 }, () => signUp('cible@example.be', 'fr', { plain: true })));
      await flush();

      expect(sequential.map((response) => response.status)).toEqual(Array(15).fill(201));
      const redirects = await Promise.all(sequential.map(async (response) => ((await response.json()) as { redirect: string }).redirect));
      expect(new Set(redirects)).toEqual(new Set(['/fr/merci/sign-newsletter/']));
      expect(parallel.map((response) => `${response.status} ${response.headers.get('location')}`)).toEqual(Array(15).fill('303 /fr/merci/sign-newsletter/'));
      expect(mailsTo('cible@example.be')).toHaveLength(1);
      expect(smtp.received).toHaveLength(1);
      expect(await requestRows()).toHaveLength(1);
    });

    it('may send one more link a day later; an address that confirmed gets no more', async () => {
      await signUp('lent@example.be', 'en');
      await flush();
      await store.db
        .updateTable('newsletter_signups')
        .set({ created_at: hoursAgo(25) })
        .execute();
      // The day's rule counts the mailbox too (lib/security/address-key): its clock goes back with it.
      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: hoursAgo(25) })
        .execute();
      await signUp('lent@example.be', 'en');
      await signUp('lent@example.be', 'en');
      await flush();
      const mails = mailsTo('lent@example.be');
      expect(mails).toHaveLength(2);
      const [first, second] = mails.map((mail) => tokenOf(linkOf(mail.body, 'en')));
      expect(first).not.toBe(second);

      // Either link confirms; the other then finds the address subscribed and queues nothing more.
      expect((await confirm(second ?? '', 'en')).status).toBe(303);
      expect((await confirm(first ?? '', 'en')).status).toBe(303);
      await flush();
      expect(mailsTo(agency)).toHaveLength(1);
      expect(await confirmationLinkState(first)).toBe('confirmed');

      await store.db
        .updateTable('newsletter_signups')
        .set({ created_at: hoursAgo(48) })
        .execute();
      const again = await signUp('lent@example.be', 'en');
      expect(again.status).toBe(201);
      await flush();
      expect(mailsTo('lent@example.be')).toHaveLength(2);
      expect(await newsletterLeads()).toHaveLength(1);
    });

    it('waits for SMTP like every request: stored at once with its confirmation job', async () => {
      const smtpUrl = process.env.SMTP_URL;
      delete process.env.SMTP_URL;
      try {
        expect((await signUp('patient@example.be')).status).toBe(201);
        await flush();
        expect(smtp.received).toHaveLength(0);
        expect(await jobKinds()).toEqual(['newsletter-confirm']);
      } finally {
        process.env.SMTP_URL = smtpUrl;
      }
      await deliverDueJobs();
      expect(mailsTo('patient@example.be')).toHaveLength(1);
    });
  });

  describe('the confirmation link', () => {
    async function signedUpLink(email: string, lang = 'fr'): Promise<string> {
      await signUp(email, lang);
      await flush();
      const mail = mailsTo(email).at(-1);
      return tokenOf(linkOf(mail?.body ?? '', lang));
    }

    it('changes nothing when opened; its button confirms, the agency is mailed once, and staff see the lead', async () => {
      const token = await signedUpLink('marie@example.be');
      // A mail scanner opening the link, any number of times.
      for (let index = 0; index < 3; index += 1) expect(await confirmationLinkState(token)).toBe('pending');
      expect(mailsTo(agency)).toHaveLength(0);

      const response = await confirm(token);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/fr/confirmer-newsletter/?token=${token}`);
      expect(await confirmationLinkState(token)).toBe('confirmed');
      await flush();
      const [agencyMail, ...more] = mailsTo(agency);
      expect(more).toHaveLength(0);
      expect(agencyMail?.body).toContain('marie@example.be');
      const leads = await newsletterLeads();
      expect(leads.map((lead) => lead.email)).toEqual(['marie@example.be']);

      // Pressing the button again, or five times at once, sends the agency nothing more.
      await Promise.all(Array.from({ length: 5 }, () => confirm(token)));
      await flush();
      expect(mailsTo(agency)).toHaveLength(1);
      expect(await jobKinds()).toEqual(['agency-mail', 'newsletter-confirm']);
    });

    it('queues the CRM webhook on confirmation, not on sign-up', async () => {
      process.env.WEBHOOK_URL = 'http://127.0.0.1:9/hook';
      await signUp('crm@example.be');
      expect(await jobKinds()).toEqual(['newsletter-confirm']);
      const requestId = (await store.db.selectFrom('requests').select('id').executeTakeFirstOrThrow()).id;
      // The link the outbox would mail (no SMTP round trip needed here).
      const { confirmationToken } = await import('@/lib/newsletter/token');
      expect((await confirm(confirmationToken(requestId))).status).toBe(303);
      expect(await jobKinds()).toEqual(['agency-mail', 'newsletter-confirm', 'webhook']);
    });

    it('says an expired or unknown link is invalid and confirms nothing', async () => {
      const token = await signedUpLink('tard@example.be');
      await store.db
        .updateTable('newsletter_signups')
        .set({ expires_at: hoursAgo(1) })
        .execute();
      expect(await confirmationLinkState(token)).toBe('expired');
      expect((await confirm(token)).status).toBe(303);
      expect(await confirmationLinkState(token)).toBe('expired');

      const unknown = randomBytes(32).toString('base64url');
      expect(await confirmationLinkState(unknown)).toBe('unknown');
      expect((await confirm(unknown)).headers.get('location')).toBe(`/fr/confirmer-newsletter/?token=${unknown}`);
      const garbage = await confirm('<script>', 'en');
      expect(garbage.headers.get('location')).toBe('/en/confirm-newsletter/');
      expect(await confirmationLinkState(undefined)).toBe('unknown');

      await flush();
      expect(mailsTo(agency)).toHaveLength(0);
      expect(await newsletterLeads()).toHaveLength(0);
    });

    it('cannot be confirmed from another site', async () => {
      const token = await signedUpLink('cible2@example.be', 'en');
      const response = await confirm(token, 'en', { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      expect(await confirmationLinkState(token)).toBe('pending');
    });
  });

  describe('sign-ups stored before double opt-in', () => {
    it('stay subscribed and listed for staff, and are sent no confirmation', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'newsletter-migration-'));
      const url = `file:${path.join(folder, 'site.db')}`;
      const old = createClient({ url });
      const before = migrations.slice(
        0,
        migrations.findIndex((migration) => migration.id === '0004-newsletter'),
      );
      await old.execute('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
      for (const migration of before) {
        for (const statement of migration.statements) await old.execute(statement);
        await old.execute({ sql: 'INSERT INTO schema_migrations VALUES (?, ?)', args: [migration.id, '2026-01-01'] });
      }
      await old.execute(
        `INSERT INTO requests (id, form, lang, email, payload, created_at) VALUES ('r1', 'sign-newsletter', 'fr', 'Ancien@example.be', '{"email":"Ancien@example.be"}', '2026-01-01T00:00:00.000Z')`,
      );
      old.close();

      store = await openStore(url);
      setStore(store);
      try {
        expect((await newsletterLeads()).map((lead) => lead.id)).toEqual(['r1']);
        expect((await signUp('ancien@example.be')).status).toBe(201);
        await flush();
        expect(smtp.received).toHaveLength(0);
      } finally {
        await closeStore(store);
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
