import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { consumeOwnerToken, createOwnerToken, createSession, enqueueJob, pruneExpired, sessionEmail, storeRequest, type Store } from '@/lib/db';
import { captchaTtlMs } from '@/lib/db/retention';
import { closeOpenedStores, runSql, testDatabases } from './test-stores';

/*
 * The hourly housekeeping (issue 12, item 9): for every table, a row just past its boundary is
 * deleted and a row just inside it stays and still works.
 */

process.env.SITE_SECRET = 'unit-test-secret';

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  // 13:00 in Brussels on 21 November.
  const now = new Date('2026-11-21T12:00:00Z');
  const shifted = (ms: number) => new Date(now.getTime() + ms);
  const iso = (ms: number) => shifted(ms).toISOString();
  const second = 1000;
  const hour = 60 * 60 * second;
  const day = 24 * hour;

  beforeEach(async () => {
    store = await database.open();
  });

  const column = async (text: string) => (await runSql(store, text)).map((row) => String(Object.values(row)[0]));

  describe('pruneExpired', () => {
    it('deletes used captchas once their token has expired, and keeps the ones that could still be presented', async () => {
      await store.db
        .insertInto('captcha_uses')
        .values([
          { id: 'expired', used_at: iso(-captchaTtlMs - second) },
          { id: 'live', used_at: iso(-captchaTtlMs + second) },
        ])
        .execute();
      expect(await pruneExpired(store, now)).toMatchObject({ captchaUses: 1 });
      expect(await column('SELECT id FROM captcha_uses')).toEqual(['live']);
    });

    it('deletes expired sessions and spent or expired links; the others still work', async () => {
      const ended = await createSession(store, 'a@example.be', hour, shifted(-hour - second));
      const open = await createSession(store, 'b@example.be', hour, shifted(-hour + second));
      const expiredLink = await createOwnerToken(store, 'a@example.be', 'reset', hour, shifted(-hour - second));
      const spentLink = await createOwnerToken(store, 'b@example.be', 'invite', 7 * day, shifted(-day));
      await store.db
        .updateTable('owner_tokens')
        .set({ used_at: iso(-hour) })
        .where('email', '=', 'b@example.be')
        .execute();
      const liveLink = await createOwnerToken(store, 'c@example.be', 'reset', hour, shifted(-hour + second));

      expect(await pruneExpired(store, now)).toMatchObject({ ownerSessions: 1, ownerTokens: 2 });
      expect(await column('SELECT email FROM owner_sessions')).toEqual(['b@example.be']);
      expect(await column('SELECT email FROM owner_tokens')).toEqual(['c@example.be']);
      expect(await sessionEmail(store, open.token, now)).toBe('b@example.be');
      expect(await sessionEmail(store, ended.token, now)).toBeUndefined();
      // Through what the set-password page does with a link: spend it, and learn whose it is.
      for (const link of [expiredLink, spentLink]) expect(await consumeOwnerToken(store, link, now)).toBeUndefined();
      expect(await consumeOwnerToken(store, liveLink, now)).toBe('c@example.be');
    });

    it("deletes the mail rules' records older than two days, and never a refusal", async () => {
      for (const [id, at] of [
        ['old', iso(-2 * day - second)],
        ['recent', iso(-2 * day + second)],
        ['ahead', iso(day)],
      ]) {
        await sql`INSERT INTO mail_sends (id, address_key, kind, sent_at) VALUES (${id}, 'a@example.be', 'confirmation', ${at})`.execute(store.db);
      }
      await sql`INSERT INTO mail_refusals (address_key, refused_at) VALUES ('a@example.be', ${iso(-400 * day)})`.execute(store.db);
      expect(await pruneExpired(store, now)).toMatchObject({ mailSends: 1 });
      expect(await column('SELECT id FROM mail_sends ORDER BY id')).toEqual(['ahead', 'recent']);
      expect(await column('SELECT address_key FROM mail_refusals')).toEqual(['a@example.be']);
    });

    it('deletes login failures older than a day', async () => {
      for (const at of [iso(-day - second), iso(-day + second), iso(-hour)]) {
        await sql`INSERT INTO login_failures (email, failed_at) VALUES ('a@example.be', ${at})`.execute(store.db);
      }
      expect(await pruneExpired(store, now)).toMatchObject({ loginFailures: 1 });
      expect(await column('SELECT failed_at FROM login_failures ORDER BY failed_at')).toEqual([iso(-day + second), iso(-hour)]);
    });

    it("deletes the visitor hashes of the days before today in Brussels, and keeps today's and the counts", async () => {
      await store.db
        .insertInto('visitor_days')
        .values([
          { day: '2026-11-20', property_id: 4000001, visitor_hash: 'yesterday' },
          { day: '2026-11-21', property_id: 4000001, visitor_hash: 'today' },
        ])
        .execute();
      await store.db.insertInto('visit_counts').values({ property_id: 4000001, day: '2026-11-20', count: 1 }).execute();
      // 23:30 UTC on the 20th is already the 21st in Brussels.
      expect(await pruneExpired(store, new Date('2026-11-20T23:30:00Z'))).toMatchObject({ visitorDays: 1 });
      expect(await column('SELECT visitor_hash FROM visitor_days')).toEqual(['today']);
      expect(await column('SELECT count FROM visit_counts')).toEqual(['1']);
      expect(await pruneExpired(store, new Date('2026-11-21T22:30:00Z'))).toMatchObject({ visitorDays: 0 });
    });

    it('deletes jobs with their own payload 30 days after delivery; pending jobs and request jobs stay', async () => {
      const job = async (email: string, deliveredAgo?: number) => {
        const id = await enqueueJob(store, 'owner-reset', { email, language: 'nl' }, shifted(-40 * day));
        if (deliveredAgo !== undefined)
          await store.db
            .updateTable('outbox')
            .set({ status: 'delivered', delivered_at: iso(-deliveredAgo) })
            .where('id', '=', id)
            .execute();
      };
      await job('old@example.be', 30 * day + second);
      await job('recent@example.be', 30 * day - second);
      await job('waiting@example.be');
      await storeRequest(store, { form: 'contact', lang: 'nl', email: 'lead@example.be', payload: { email: 'lead@example.be' }, jobs: ['agency-mail'] });
      await store.db
        .updateTable('outbox')
        .set({ status: 'delivered', delivered_at: iso(-90 * day) })
        .where('request_id', 'is not', null)
        .execute();

      expect(await pruneExpired(store, now)).toMatchObject({ deliveredPayloadJobs: 1 });
      const left = await store.db.selectFrom('outbox').select(['kind', 'payload']).execute();
      expect(left.map((row) => (row.payload ? (JSON.parse(row.payload) as { email: string }).email : row.kind)).sort()).toEqual(['agency-mail', 'recent@example.be', 'waiting@example.be']);
    });

    it('deletes a newsletter sign-up nobody confirmed before its link expired, with its request and jobs; confirmed ones stay', async () => {
      const signup = async (id: string, expires: number, confirmed: boolean) => {
        await sql`INSERT INTO requests (id, form, lang, email, payload, created_at) VALUES (${id}, 'sign-newsletter', 'nl', ${`${id}@example.be`}, '{}', ${iso(-8 * day)})`.execute(store.db);
        await sql`INSERT INTO outbox (id, request_id, kind, status, attempts, next_attempt_at, created_at) VALUES (${`job-${id}`}, ${id}, 'newsletter-confirm', 'delivered', 1, ${iso(-8 * day)}, ${iso(-8 * day)})`.execute(
          store.db,
        );
        await sql`INSERT INTO newsletter_signups (request_id, email, token_hash, expires_at, confirmed_at, created_at)
          VALUES (${id}, ${`${id}@example.be`}, ${`hash-${id}`}, ${iso(expires)}, ${confirmed ? iso(-7 * day) : null}, ${iso(-8 * day)})`.execute(store.db);
      };
      await signup('expired', -second, false);
      await signup('pending', second, false);
      await signup('confirmed', -day, true);
      expect(await pruneExpired(store, now)).toMatchObject({ unconfirmedSignups: 1 });
      expect(await column('SELECT request_id FROM newsletter_signups ORDER BY request_id')).toEqual(['confirmed', 'pending']);
      expect(await column('SELECT id FROM requests ORDER BY id')).toEqual(['confirmed', 'pending']);
      expect(await column('SELECT request_id FROM outbox ORDER BY request_id')).toEqual(['confirmed', 'pending']);
    });

    it('changes nothing on a second run', async () => {
      await createSession(store, 'a@example.be', hour, shifted(-2 * hour));
      await pruneExpired(store, now);
      expect(Object.values(await pruneExpired(store, now)).every((count) => count === 0)).toBe(true);
    });
  });
});
