import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOwners, type Owner } from '@/lib/catalogue';
import { consumeOwnerToken, createOwnerToken, createSession, pruneExpired, recordVisit, sessionEmail, setStore, visitCounts, type Store } from '@/lib/db';
import { closeOpenedStores, testDatabases } from './test-stores';

process.env.SITE_SECRET = 'unit-test-secret';
const { issuePasswordToken, logIn, lockoutFailures, ownerOfSession, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { isBot, summariseVisits, visitorHash } = await import('@/lib/stats/visits');
const { brusselsDay } = await import('@/lib/db/retention');
const { listingReport } = await import('@/lib/stats/portal-report');

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const [owner, other] = getOwners();

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
  });

  describe('owner accounts', () => {
    it('an invitation link sets the password once and opens a session', async () => {
      const issued = await issuePasswordToken(owner!.Email.toUpperCase(), 'invite');
      expect(issued?.owner.Email).toBe(owner!.Email);
      const first = await setPasswordWithToken(issued!.token, 'a good password');
      expect(first.ok).toBe(true);
      expect(await ownerOfSession(first.ok ? first.token : undefined)).toMatchObject({ Email: owner!.Email });
      expect(await setPasswordWithToken(issued!.token, 'another password')).toEqual({ ok: false, reason: 'invalid-link' });
      expect(await issuePasswordToken('nobody@example.be', 'reset')).toBeUndefined();
    });

    it('links and sessions expire', async () => {
      const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const token = await createOwnerToken(store, owner!.Email, 'reset', 60 * 60 * 1000, past);
      expect(await consumeOwnerToken(store, token)).toBeUndefined();
      const session = await createSession(store, owner!.Email, 60 * 60 * 1000, past);
      expect(await sessionEmail(store, session.token)).toBeUndefined();
      expect(await sessionEmail(store, 'forged')).toBeUndefined();
    });

    // Ten scrypt hashes and checks of 128 MiB each: slow on a busy machine, so the test gets room.
    it('gives one answer for a wrong password and an unknown address, then locks the account', { timeout: 120_000 }, async () => {
      const issued = await issuePasswordToken(owner!.Email, 'invite');
      await setPasswordWithToken(issued!.token, 'the right password');
      expect(await logIn('nobody@example.be', 'x', '192.0.2.1')).toEqual({ ok: false, reason: 'failed' });
      for (let attempt = 1; attempt < lockoutFailures; attempt += 1) {
        expect(await logIn(owner!.Email, `wrong ${attempt}`, '192.0.2.1')).toEqual({ ok: false, reason: 'failed' });
      }
      expect(await logIn(owner!.Email, 'wrong again', '192.0.2.1')).toEqual({ ok: false, reason: 'locked' });
      // Locked: even the right password waits for the end of the lockout.
      expect(await logIn(owner!.Email, 'the right password', '192.0.2.1')).toEqual({ ok: false, reason: 'locked' });
      const otherIssued = await issuePasswordToken(other!.Email, 'invite');
      await setPasswordWithToken(otherIssued!.token, 'their password');
      expect((await logIn(other!.Email, 'their password', '192.0.2.1')).ok).toBe(true);
    });
  });

  describe('visits', () => {
    it('count a visitor once per day and listing, without keeping who they were', async () => {
      const day = '2026-11-20';
      const hash = visitorHash(day, '203.0.113.5', 'Firefox', 4000001);
      expect(hash).not.toContain('203.0.113.5');
      expect(visitorHash('2026-11-21', '203.0.113.5', 'Firefox', 4000001)).not.toBe(hash);
      expect(await recordVisit(store, 4000001, day, hash)).toBe(true);
      expect(await recordVisit(store, 4000001, day, hash)).toBe(false);
      expect(await recordVisit(store, 4000001, day, visitorHash(day, '203.0.113.6', 'Firefox', 4000001))).toBe(true);
      expect(await visitCounts(store, [4000001])).toEqual([{ property_id: 4000001, day, count: 2 }]);
      // The next day, the housekeeping deletes the hashes of the day before; the counts stay.
      await recordVisit(store, 4000001, '2026-11-21', visitorHash('2026-11-21', '203.0.113.5', 'Firefox', 4000001));
      await pruneExpired(store, new Date('2026-11-21T12:00:00Z'));
      const left = await store.db.selectFrom('visitor_days').select('day').execute();
      expect(left.map((row) => row.day)).toEqual(['2026-11-21']);
      expect(await visitCounts(store, [4000001])).toEqual([
        { property_id: 4000001, day, count: 2 },
        { property_id: 4000001, day: '2026-11-21', count: 1 },
      ]);
    });

    it('leave bots out', () => {
      for (const agent of [null, 'Googlebot/2.1', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'curl/8.5.0', 'Mozilla/5.0 HeadlessChrome/120', 'facebookexternalhit/1.1']) expect(isBot(agent)).toBe(true);
      expect(isBot('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36')).toBe(false);
    });

    it('sum up today, the week from Monday, the month and the total, with 30 days for the chart', () => {
      const summary = summariseVisits(
        [
          { day: '2026-10-01', count: 7 },
          { day: '2026-11-02', count: 1 },
          { day: '2026-11-16', count: 2 },
          { day: '2026-11-20', count: 3 },
          { day: '2026-11-21', count: 4 },
        ],
        '2026-11-21',
      );
      expect(summary).toMatchObject({ today: 4, week: 9, month: 10, total: 17 });
      expect(summary.last30).toHaveLength(30);
      expect(summary.last30[0]).toEqual({ day: '2026-10-23', count: 0 });
      expect(summary.last30.at(-1)).toEqual({ day: '2026-11-21', count: 4 });
      expect(brusselsDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    });
  });

  describe('the portal report', () => {
    it('exists only for the owner of the listing and merges the CRM history with the site', async () => {
      expect(await listingReport(owner!, other!.PropertyIDs[0]!, 'fr')).toBeUndefined();
      const report = await listingReport(owner!, owner!.PropertyIDs[0]!, 'fr');
      expect(report?.property.id).toBe(owner!.PropertyIDs[0]);
      const history = owner!.History.find((entry) => entry.PropertyID === owner!.PropertyIDs[0]);
      expect(report?.communications).toHaveLength(history?.Communications.length ?? 0);
      expect(report?.onlineMedia).toHaveLength(history?.OnlineMedia.length ?? 0);
      expect(report?.manager?.email.toLowerCase()).toBe(report?.property.manager.email.toLowerCase());
    });
  });

  describe("the portal report with the site's own requests", () => {
    it('counts the requests and bookings made through the site, with their kind, date and status, but never who wrote or what', async () => {
      const { storeRequest } = await import('@/lib/db');
      const { getAppointmentSlots } = await import('@/lib/catalogue');
      const propertyId = owner!.PropertyIDs[0]!;
      const slot = getAppointmentSlots(propertyId)[1];
      await storeRequest(store, { form: 'contact-me', lang: 'nl', propertyId, email: 'a@example.be', name: 'An Visitor', payload: { remark: 'Is the roof new?' }, jobs: [] });
      await storeRequest(store, { form: 'send-to-friend', lang: 'nl', propertyId, email: 'c@example.be', name: 'Cas Sender', payload: { remark: 'Look, darling, our next home' }, jobs: [] });
      await storeRequest(store, { form: 'purchase-offer', lang: 'nl', propertyId, email: 'd@example.be', name: 'Dirk Bidder', payload: { amount: 250000 }, jobs: [] });
      if (slot) {
        await storeRequest(
          store,
          { form: 'contact-appointment', lang: 'nl', propertyId, email: 'b@example.be', name: 'Bo Visitor', payload: { slotId: slot.ID }, jobs: [] },
          { booking: { slotId: slot.ID, capacity: 99, bookedElsewhere: 0, perEmail: 1 } },
        );
      }
      const report = await listingReport(owner!, propertyId, 'nl');
      const fromSite = report?.communications.filter((item) => item.fromSite) ?? [];
      expect(fromSite.map((item) => item.kind)).toEqual(expect.arrayContaining(['contact-me', 'send-to-friend', 'purchase-offer']));
      for (const item of fromSite) expect(item).toMatchObject({ status: 'received', contact: undefined, subject: undefined, comment: undefined });
      if (slot) expect(report?.calendar.find((entry) => entry.fromSite)).toMatchObject({ date: slot.Start, kind: 'site-booking', subject: undefined, status: 'confirmed' });
      expect(report?.sources.find((source) => source.fromSite)?.count).toBe(slot ? 4 : 3);
      const shown = JSON.stringify(report);
      for (const secret of ['An Visitor', 'Is the roof new?', 'Cas Sender', 'darling', 'Dirk Bidder', 'Bo Visitor', '@example.be']) expect(shown).not.toContain(secret);
    });
  });

  describe("the site's own requests in the portal", () => {
    // The CRM writes Brussels clock times; the site stores UTC instants: the portal shows both on the Brussels clock.
    it.each([
      ['winter', '2026-01-15T09:30:00.000Z', '2026-01-15T10:30:00'],
      ['summer', '2026-07-15T09:30:00.000Z', '2026-07-15T11:30:00'],
    ])('are dated on the Brussels clock in %s', async (_season, instant, brussels) => {
      const { storeRequest } = await import('@/lib/db');
      const propertyId = owner!.PropertyIDs[0]!;
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
      try {
        await storeRequest(store, { form: 'contact-me', lang: 'nl', propertyId, email: 'a@example.be', name: 'An Visitor', payload: {}, jobs: [] });
      } finally {
        vi.useRealTimers();
      }
      const report = await listingReport(owner!, propertyId, 'nl');
      expect(report?.communications.filter((item) => item.fromSite).map((item) => item.date)).toContain(brussels);
    });
  });

  describe('the CRM history in the portal', () => {
    const propertyId = owner!.PropertyIDs[0]!;
    const withHistory = (calendar: Owner['History'][number]['Calendar'], communications: Owner['History'][number]['Communications']): Owner => ({
      ...owner!,
      History: [{ PropertyID: propertyId, Calendar: calendar, Communications: communications, OnlineMedia: [], Sources: [] }],
    });

    it('gives every CRM type and status a kind the portal translates, and unknown values a fallback', async () => {
      const report = await listingReport(
        withHistory(
          [
            { Date: '2026-03-01T10:00:00', Type: 'Open house', Subject: 'Journée portes ouvertes', Status: 'done' },
            { Date: '2026-03-02T10:00:00', Type: 'Valuation', Subject: 'Estimation du bien', Status: 'Confirmed' },
            { Date: '2026-03-03T10:00:00', Type: 'Drone flight', Subject: 'Vol de drone', Status: 'postponed' },
          ],
          [
            { Date: '2026-03-04T10:00:00', Type: 'E-mail', Contact: 'Sophie Lambert', Subject: 'Publication', Comment: '', Status: 'sent' },
            { Date: '2026-03-05T10:00:00', Type: 'Phone', Contact: 'Sophie Lambert', Subject: 'Retour', Comment: 'Bien', Status: 'received' },
            { Date: '2026-03-06T10:00:00', Type: 'Fax', Contact: 'Sophie Lambert', Subject: 'Plan', Comment: '', Status: 'done' },
          ],
        ),
        propertyId,
        'fr',
      );
      expect(report?.calendar.map((entry) => [entry.kind, entry.status])).toEqual([
        ['other', 'other'],
        ['valuation', 'confirmed'],
        ['openHouse', 'done'],
      ]);
      expect(report?.communications.map((item) => [item.kind, item.status])).toEqual([
        ['other', 'done'],
        ['phone', 'received'],
        ['email', 'sent'],
      ]);
    });

    it("withholds what may name a visitor unless the agency recorded the visitor's consent", async () => {
      const report = await listingReport(
        withHistory(
          [
            { Date: '2026-03-01T10:00:00', Type: 'Visit', Subject: 'Visite avec la famille Dubois', Status: 'done' },
            { Date: '2026-03-02T10:00:00', Type: 'Visit', Subject: 'Visite avec la famille Maes', Status: 'done', VisitorConsent: true },
            { Date: '2026-03-03T10:00:00', Type: 'Photo shoot', Subject: 'Séance photo et plan', Status: 'done' },
          ],
          [
            { Date: '2026-03-04T10:00:00', Type: 'E-mail', Contact: 'Sophie Lambert', Subject: 'Publication de votre annonce', Comment: 'En ligne', Status: 'sent' },
            { Date: '2026-03-05T10:00:00', Type: 'Phone', Contact: 'Karel Koper', Subject: 'Offre', Comment: 'Il offre 250 000 €', Status: 'received' },
            { Date: '2026-03-06T10:00:00', Type: 'Phone', Contact: 'Lies Koper', Subject: 'Offre', Comment: "Elle accepte d'être nommée", Status: 'received', VisitorConsent: true },
          ],
        ),
        propertyId,
        'fr',
      );
      expect(report?.calendar.map((entry) => entry.subject)).toEqual(['Séance photo et plan', 'Visite avec la famille Maes', undefined]);
      expect(report?.communications.map((item) => [item.contact, item.subject, item.comment])).toEqual([
        ['Lies Koper', 'Offre', "Elle accepte d'être nommée"],
        [undefined, undefined, undefined],
        ['Sophie Lambert', 'Publication de votre annonce', 'En ligne'],
      ]);
      expect(JSON.stringify(report)).not.toMatch(/Dubois|Karel|250 000/);
    });

    it('has a text for every kind and status in every language', async () => {
      const kinds = {
        calendarKinds: ['valuation', 'photoShoot', 'visit', 'openHouse', 'other'],
        communicationKinds: ['email', 'phone', 'letter', 'other'],
        statuses: ['planned', 'confirmed', 'done', 'cancelled', 'sent', 'received', 'other'],
      } as const;
      for (const language of ['nl', 'fr', 'en', 'de'] as const) {
        const { default: messages } = await import(`@/messages/${language}.json`);
        for (const [group, keys] of Object.entries(kinds)) for (const key of keys) expect(messages.portal[group]?.[key], `${language} portal.${group}.${key}`).toEqual(expect.any(String));
      }
    });
  });
});
