import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 38 item 4: with Omnicasa configured, the owner portal reads the agency's agenda from the
 * CRM (the loopback double of tests/crm-double): the owner's listings, their calendar, viewings per
 * month and matching search profiles; the site's own visit counts stay. A CRM that fails or hangs
 * leaves the snapshot's figures and a note; answers are kept a few minutes per owner.
 */

process.env.SITE_SECRET = 'unit-test-secret';

const { getStore, setStore, recordVisit } = await import('@/lib/db');
const { getOwners, getProperties } = await import('@/lib/catalogue');
const { listingReport, ownerListings } = await import('@/lib/stats/portal-report');
const { brusselsDay } = await import('@/lib/db/retention');

const variables = ['OMNICASA_URL', 'OMNICASA_CUSTOMER_NAME', 'OMNICASA_CUSTOMER_PASSWORD', 'OMNICASA_PORTAL_TIMEOUT_MS'];

beforeAll(() => {
  // The site's catalogue is the embedded snapshot, loaded before OMNICASA_URL would make the CRM its
  // source; the double is seeded from the same snapshot, so its owners and IDs are the snapshot's.
  getProperties('nl');
});
afterAll(() => {
  for (const name of variables) delete process.env[name];
});

const [owner, other] = getOwners();
const ownerEmail = owner!.Email;
const theirs = other!.PropertyIDs[0]!;

describe.each(testDatabases)('on $name', (database) => {
  let crm: OmnicasaDouble;

  afterAll(closeOpenedStores);
  beforeEach(async () => {
    setStore(await database.open());
    crm = await OmnicasaDouble.start();
    Object.assign(process.env, crm.env);
    process.env.OMNICASA_PORTAL_TIMEOUT_MS = '500';
  });
  afterEach(async () => {
    vi.useRealTimers();
    await crm.close();
  });

  it("shows the owner the listings the CRM names theirs, and no one else's", async () => {
    // In the CRM, a listing of the other owner became this owner's.
    crm.setOwnerOf(theirs, ownerEmail);
    const mine = await ownerListings(owner!, 'fr');
    expect(mine.source).toBe('crm');
    expect(mine.listings.map((listing) => listing.property.id).sort()).toEqual([...owner!.PropertyIDs, theirs].sort());
    expect((await listingReport(owner!, theirs, 'fr'))?.property.id).toBe(theirs);

    const others = await ownerListings(other!, 'fr');
    expect(others.listings.map((listing) => listing.property.id)).not.toContain(theirs);
    expect(others.listings.map((listing) => listing.property.id).sort()).toEqual(other!.PropertyIDs.filter((id) => id !== theirs).sort());
    expect(await listingReport(other!, theirs, 'fr')).toBeUndefined();
    // Each owner is asked by their own e-mail.
    expect(crm.calls.filter((call) => call.endpoint === 'GetRelatedProperties').map((call) => call.params.text('Email'))).toEqual([ownerEmail, other!.Email]);
  });

  it("shows the CRM's calendar entries, visitors unnamed without their consent, with viewings per month and matching profiles", async () => {
    const id = owner!.PropertyIDs[0]!;
    crm.addCalendarEntry(id, { Date: '2026-11-28T14:00:00', Type: 'Visit', Subject: 'Visite avec M. Martin', Status: 'planned' });
    crm.addCalendarEntry(id, { Date: '2026-11-29T10:00:00', Type: 'Visit', Subject: 'Visite avec la famille Maes', Status: 'confirmed', VisitorConsent: true });
    crm.addCalendarEntry(id, { Date: '2026-11-30T09:00:00', Type: 'Notary meeting', Subject: 'Compromis chez Me Dubois', Status: 'postponed' });
    // A search profile in the CRM that the listing fits (the site holds no alert of its own).
    const register = await fetch(crm.url('DemandRegister2', { Email: 'searcher@example.be', Goal: 0, PriceMax: 50_000_000 }));
    expect(register.ok).toBe(true);

    await recordVisit(await getStore(), id, brusselsDay(), 'a-visitor-hash');
    const report = await listingReport(owner!, id, 'fr');
    expect(report?.source).toBe('crm');
    expect(report?.calendar.slice(0, 3)).toEqual([
      { date: '2026-11-30T09:00:00', kind: 'other', status: 'other', subject: undefined, fromSite: false },
      { date: '2026-11-29T10:00:00', kind: 'visit', status: 'confirmed', subject: 'Visite avec la famille Maes', fromSite: false },
      { date: '2026-11-28T14:00:00', kind: 'visit', status: 'planned', subject: undefined, fromSite: false },
    ]);
    expect(report?.viewingsByMonth?.[0]).toEqual({ month: '2026-11', count: 2 });
    expect(report?.matchingSearches).toBe(1);
    // The site's own counts stay the visits of the page.
    expect(report?.visits.today).toBe(1);
  });

  it.each([
    ['does not answer', { kind: 'timeout' as const }],
    ['refuses the call', { kind: 'error600' as const }],
  ])("shows the snapshot's figures and says so when the CRM %s", async (_, fault) => {
    crm.setOwnerOf(theirs, ownerEmail);
    crm.setFault('*', fault);
    const started = Date.now();
    const home = await ownerListings(owner!, 'nl');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(home.source).toBe('unavailable');
    expect(home.listings.map((listing) => listing.property.id)).toEqual(owner!.PropertyIDs);
    const report = await listingReport(owner!, owner!.PropertyIDs[0]!, 'nl');
    expect(report?.source).toBe('unavailable');
    expect(report?.calendar.map((entry) => entry.date)).toEqual(
      owner!.History[0]!.Calendar.map((entry) => entry.Date)
        .sort()
        .reverse(),
    );
    expect(report?.viewingsByMonth).toBeUndefined();
    expect(await listingReport(owner!, theirs, 'nl')).toBeUndefined();
  });

  it('asks the CRM once per owner within five minutes, and again after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
    const related = () => crm.calls.filter((call) => call.endpoint === 'GetRelatedProperties').length;
    await ownerListings(owner!, 'nl');
    await listingReport(owner!, owner!.PropertyIDs[0]!, 'nl');
    vi.setSystemTime(new Date('2026-12-01T09:04:00Z'));
    await ownerListings(owner!, 'fr');
    expect(related()).toBe(1);
    // A change in the CRM meanwhile shows once the kept answer is older than five minutes.
    crm.setOwnerOf(theirs, ownerEmail);
    expect((await ownerListings(owner!, 'nl')).listings.map((listing) => listing.property.id)).not.toContain(theirs);
    vi.setSystemTime(new Date('2026-12-01T09:05:01Z'));
    expect((await ownerListings(owner!, 'nl')).listings.map((listing) => listing.property.id)).toContain(theirs);
    expect(related()).toBe(2);
  });

  it('reads the snapshot as before when no CRM is configured', async () => {
    for (const name of variables) delete process.env[name];
    const home = await ownerListings(owner!, 'nl');
    expect(home.source).toBe('snapshot');
    expect(home.listings.map((listing) => listing.property.id)).toEqual(owner!.PropertyIDs);
    expect(crm.calls).toHaveLength(0);
  });
});
