import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, freshPostgresUrl, testDatabases } from './test-stores';

/*
 * Issue 35, finding 3: a searcher's account is made only by the person who holds the address's
 * mail. The search-alert form takes no password; once the address confirmed its alert, the
 * confirmation page offers an account, whose set-password link is mailed to that address.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';

const { closeStore, openStore, setStore, setSearcherPassword, getSearcherPasswordHash } = await import('@/lib/db');
const { migrations } = await import('@/lib/db/migrations');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { formNames, formKinds } = await import('@/lib/form-kinds/table');
const { captchaCookie, newCaptcha, sealCaptcha } = await import('@/lib/forms/captcha');
const linkRoutes = await import('@/lib/alerts/link-routes');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { logIn, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { hashPassword } = await import('@/lib/security/password');
const { getProperties } = await import('@/lib/catalogue');

type Store = Awaited<ReturnType<typeof openStore>>;

const victimPassword = 'victim own secret';
const attackerPassword = 'attacker chose this';

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const origin = 'http://localhost:3100';
  const siteUrl = 'https://www.immo-hainaut.example';
  const headers = { origin, host: 'localhost:3100' };
  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));
  const listing = getProperties('fr', { goal: 'sale', availability: 'on-offer' })[0];
  if (!listing) throw new Error('the demo catalogue has no listing for sale');

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
  });

  /** A search alert as a script posts it, with password fields the form no longer has. */
  function searchAlert(email: string, extra: Record<string, string> = {}) {
    const token = newCaptcha('demand-register');
    const body = {
      lang: 'fr',
      captcha: token.answer,
      title: 'ms',
      firstName: 'Marie',
      lastName: 'Dubois',
      email,
      phone: '0475 12 34 56',
      privacy: true,
      goal: 'sale',
      types: [String(listing?.type.webId)],
      postcodes: '7000',
      frequency: 'immediately',
      ...extra,
    };
    return handleFormRequest(
      'demand-register',
      new Request(`${origin}/api/forms/demand-register/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', cookie: `${captchaCookie('demand-register')}=${sealCaptcha(token)}` },
        body: JSON.stringify(body),
      }),
    );
  }

  function follow(email: string, extra: Record<string, string> = {}) {
    const body = new URLSearchParams({ lang: 'fr', propertyId: String(listing?.id), email, privacy: 'on', fax: '', ...extra }).toString();
    return handleFormRequest(
      'follow-listing',
      new Request(`${origin}/api/forms/follow-listing/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body }),
    );
  }

  const linkPost = (endpoint: string, token: string, extraHeaders: Record<string, string> = {}) =>
    new Request(`${origin}${endpoint}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...extraHeaders },
      body: new URLSearchParams({ token, lang: 'fr' }).toString(),
    });

  async function flush(): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs();
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  /** The token of the last link of this kind mailed to the address. */
  function mailedToken(address: string, pattern: RegExp): string {
    const mail = mailsTo(address).findLast((candidate) => pattern.test(candidate.body));
    const token = mail ? pattern.exec(mail.body)?.[1] : undefined;
    if (!token)
      throw new Error(
        `no such link mailed to ${address}:\n${mailsTo(address)
          .map((candidate) => candidate.body)
          .join('\n---\n')}`,
      );
    return token;
  }
  const confirmationToken = (address: string) => mailedToken(address, /\?action=confirm&token=([A-Za-z0-9_-]+)/);
  const setPasswordToken = (address: string) => mailedToken(address, /\/\?token=([A-Za-z0-9_-]+)/);

  async function confirmAlert(address: string): Promise<string> {
    await flush();
    const token = confirmationToken(address);
    await linkRoutes.confirmAlertRequest(linkPost('/api/alerts/confirm/', token));
    await flush();
    return token;
  }

  /** Every row that could hold a password or its hash, as text. */
  async function storedText(): Promise<string> {
    const tables = ['requests', 'alert_subscriptions', 'searcher_accounts', 'outbox', 'owner_tokens', 'owner_sessions'] as const;
    const rows = await Promise.all(tables.map((table) => store.db.selectFrom(table).selectAll().execute()));
    return JSON.stringify(rows);
  }

  describe('searcher accounts', () => {
    it('cannot be taken in advance: an attacker who posts the victim’s address with a password of their own cannot sign in once the victim confirms', { timeout: 60_000 }, async () => {
      const victim = `victime-${database.name}@example.be`;
      expect((await searchAlert(victim, { password: attackerPassword, passwordConfirm: attackerPassword })).status).toBe(201);
      const token = await confirmAlert(victim);
      expect(await linkRoutes.alertLinkStates('confirm', token)).toBe('confirmed');

      expect(await logIn(victim, attackerPassword, '192.0.2.10')).toEqual({ ok: false, reason: 'failed' });
      expect(await getSearcherPasswordHash(store, victim)).toBeUndefined();

      // The victim, holding the confirmation link, is offered an account; the link to choose its
      // password goes to their own mailbox, never to whoever asks.
      expect(await linkRoutes.alertLinkAccountOffer('confirm', token)).toBe(true);
      smtp.received = [];
      const asked = await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', token));
      expect(asked.status).toBe(303);
      expect(asked.headers.get('location')).toBe(`/fr/alertes/?action=confirm&token=${token}&account=sent`);
      await flush();
      expect(smtp.received.map((mail) => mail.to)).toEqual([[victim]]);
      const created = await setPasswordWithToken(setPasswordToken(victim), victimPassword);
      expect(created).toMatchObject({ ok: true, realm: 'searcher', email: victim });
      expect(await logIn(victim, victimPassword, '192.0.2.11')).toMatchObject({ ok: true, realm: 'searcher' });
      expect(await logIn(victim, attackerPassword, '192.0.2.12')).toEqual({ ok: false, reason: 'failed' });
      // Once the address has its account, the page offers none and a further post mails nothing.
      expect(await linkRoutes.alertLinkAccountOffer('confirm', token)).toBe(false);
      smtp.received = [];
      await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', token));
      await flush();
      expect(smtp.received).toHaveLength(0);
    });

    it('are offered only to the holder of a confirmed link: a forged token, a pending link or another site’s post mails nothing', async () => {
      const address = 'attendre@example.be';
      await searchAlert(address);
      await flush();
      const token = confirmationToken(address);
      expect(await linkRoutes.alertLinkAccountOffer('confirm', token)).toBe(false);
      smtp.received = [];
      await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', token));
      await linkRoutes.confirmAlertRequest(linkPost('/api/alerts/confirm/', token));
      await flush();
      smtp.received = [];
      expect((await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', `${token.slice(0, -3)}AAA`))).status).toBe(303);
      expect((await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', token, { origin: 'https://evil.example' }))).status).toBe(403);
      await flush();
      expect(smtp.received).toHaveLength(0);
      expect(await store.db.selectFrom('owner_tokens').selectAll().execute()).toEqual([]);
    });

    it('mails at most three set-password links a day to an address, however often its page is posted', async () => {
      const address = `insiste-${database.name}@example.be`;
      await searchAlert(address);
      const token = await confirmAlert(address);
      smtp.received = [];
      for (let index = 0; index < 6; index++) await linkRoutes.requestAlertAccount(linkPost('/api/alerts/account/', token));
      await flush();
      expect(mailsTo(address)).toHaveLength(3);
      // Only the site's own link, no text of the visitor's.
      for (const mail of mailsTo(address)) expect(mail.body.match(/https?:\/\/[^\s"<>]+/g)?.every((link) => link.startsWith(siteUrl))).toBe(true);
    });

    it('keep an existing account’s password whatever a form posts for its address', { timeout: 60_000 }, async () => {
      const owner = 'titulaire@example.be';
      await setSearcherPassword(store, owner, await hashPassword(victimPassword));
      const before = await getSearcherPasswordHash(store, owner);
      await searchAlert(owner, { password: attackerPassword, passwordConfirm: attackerPassword });
      await follow(owner, { password: attackerPassword, passwordConfirm: attackerPassword });
      await flush();
      for (const mail of mailsTo(owner)) {
        const token = /\?action=confirm&token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
        await linkRoutes.confirmAlertRequest(linkPost('/api/alerts/confirm/', token));
      }
      await flush();
      expect(await store.db.selectFrom('alert_subscriptions').select('status').where('email', '=', owner).execute()).toEqual([{ status: 'active' }, { status: 'active' }]);
      expect(await getSearcherPasswordHash(store, owner)).toBe(before);
      expect(await logIn(owner, attackerPassword, '192.0.2.20')).toEqual({ ok: false, reason: 'failed' });
      expect(await logIn(owner, victimPassword, '192.0.2.21')).toMatchObject({ ok: true, realm: 'searcher' });
    });

    it('never come from a password posted to the search form anyway: it is stored nowhere', async () => {
      const address = 'ignore@example.be';
      const response = await searchAlert(address, { password: attackerPassword, passwordConfirm: attackerPassword });
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toBeNull();
      await confirmAlert(address);
      // The confirmation mail says nothing of an account: confirming makes none.
      expect(mailsTo(address)[0]?.body).not.toMatch(/compte|mot de passe/i);
      const stored = await storedText();
      expect(stored).not.toContain(attackerPassword);
      expect(stored).not.toMatch(/scrypt\$|passwordHash|passwordConfirm/);
      expect(await store.db.selectFrom('searcher_accounts').selectAll().execute()).toEqual([]);
    });
  });

  describe('the search form’s schema', () => {
    const valid = { title: 'mr', firstName: 'Luc', lastName: 'Peeters', email: 'luc@example.be', phone: '0475 11 11 11', privacy: true, goal: 'sale', types: ['1'], postcodes: '7000' };

    it('asks for no password', () => {
      expect(formKinds['demand-register'].schema.safeParse(valid).success).toBe(true);
      const posted = formKinds['demand-register'].schema.safeParse({ ...valid, password: 'x', passwordConfirm: 'y' });
      expect(posted.success && Object.keys(posted.data)).not.toContain('password');
    });

    it('of no form has a password field', () => {
      for (const form of formNames)
        expect(
          Object.keys(formKinds[form].schema.shape).filter((field) => /password/i.test(field)),
          form,
        ).toEqual([]);
    });
  });

  describe('a password posted before the deploy', () => {
    it('is dropped from the subscriptions still waiting, so that their confirmation makes no account', async () => {
      const before = migrations.slice(0, migrations.findIndex((migration) => migration.id === '0009-searcher-favourites') + 1);
      const statements = [
        'CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
        ...before.flatMap((migration) => [...migration.statements, `INSERT INTO schema_migrations VALUES ('${migration.id}', '2026-01-01')`]),
        `INSERT INTO requests (id, form, lang, email, payload, created_at) VALUES ('r1', 'demand-register', 'fr', 'avant@example.be', '{}', '2026-01-01T00:00:00.000Z')`,
        `INSERT INTO alert_subscriptions (id, request_id, kind, email, language, criteria, frequency, status, token_hash, expires_at, password_hash, created_at)
          VALUES ('s1', 'r1', 'search', 'avant@example.be', 'fr', '{}', 'daily', 'pending', 'hash-of-link', '2999-01-01T00:00:00.000Z', 'scrypt$attacker', '2026-01-01T00:00:00.000Z')`,
      ];
      let url: string;
      let folder: string | undefined;
      if (database.name === 'sqlite') {
        folder = mkdtempSync(path.join(tmpdir(), 'searcher-migration-'));
        url = `file:${path.join(folder, 'site.db')}`;
        const old = createClient({ url });
        for (const statement of statements) await old.execute(statement);
        old.close();
      } else {
        url = await freshPostgresUrl();
        const old = new pg.Client({ connectionString: url });
        await old.connect();
        for (const statement of statements) await old.query(statement);
        await old.end();
      }
      const upgraded = await openStore(url);
      try {
        expect(await upgraded.db.selectFrom('alert_subscriptions').select('password_hash').execute()).toEqual([{ password_hash: null }]);
      } finally {
        await closeStore(upgraded);
        if (folder) rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
