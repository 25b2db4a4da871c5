import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getProperties, type ListingSummary } from '@/lib/catalogue';
import { setStore, type Store } from '@/lib/db';
import { countMatchingSearches } from '@/lib/alerts/matching';
import { planLines } from '@/lib/alerts/plan-text';
import { runAlerts } from '@/lib/alerts/run';
import { alertMail } from '@/lib/mail/alert-mail';
import de from '@/messages/de.json';
import fr from '@/messages/fr.json';
import { closeOpenedStores, testDatabases } from './test-stores';

// The unsubscribe link of a mail is signed with the site secret.
process.env.SITE_SECRET ??= 'unit-test-secret';

/*
 * The matcher over two snapshots of the demo catalogue: the second has a new listing that answers
 * a search, a price drop on a followed listing, a followed listing sold and one removed. Each
 * subscriber is told once, and a second run over the same snapshot tells nobody anything.
 */

let store: Store;

const all = (): ListingSummary[] => (['nl', 'fr', 'en', 'de'] as const).flatMap((language) => getProperties(language));
const onOfferSale = getProperties('nl', { goal: 'sale', availability: 'on-offer' }).filter((listing) => listing.price.kind === 'amount');
function nth(index: number): ListingSummary {
  const listing = onOfferSale[index];
  if (!listing) throw new Error('the demo catalogue has fewer than four listings for sale');
  return listing;
}
const [fresh, dropped, sold, removed] = [nth(0), nth(1), nth(2), nth(3)];

const firstSnapshot = () => all().filter((listing) => listing.id !== fresh.id);
function secondSnapshot(): ListingSummary[] {
  return all()
    .filter((listing) => listing.id !== removed.id)
    .map((listing) => {
      if (listing.id === dropped.id && listing.price.kind === 'amount') return { ...listing, price: { ...listing.price, amount: listing.price.amount - 10_000 }, lastChanged: '2026-11-20' };
      if (listing.id === sold.id) return { ...listing, state: 'sold' as const, availability: 'reference' as const, lastChanged: '2026-11-20' };
      return listing;
    });
}

async function subscribe(
  id: string,
  values: {
    kind: 'search' | 'follow';
    email: string;
    language: string;
    status?: 'pending' | 'active' | 'paused';
    criteria?: object;
    propertyId?: number;
    frequency?: 'immediately' | 'daily' | 'weekly';
  },
) {
  const at = '2026-11-01T00:00:00.000Z';
  await store.db
    .insertInto('requests')
    .values({ id: `request-${id}`, form: 'demand-register', lang: values.language, property_id: null, project_id: null, email: values.email, name: null, payload: '{}', source: null, created_at: at })
    .execute();
  await store.db
    .insertInto('alert_subscriptions')
    .values({
      id,
      request_id: `request-${id}`,
      kind: values.kind,
      email: values.email,
      language: values.language,
      criteria: values.criteria ? JSON.stringify(values.criteria) : null,
      property_id: values.propertyId ?? null,
      frequency: values.frequency ?? 'immediately',
      status: values.status ?? 'active',
      token_hash: `hash-${id}`,
      expires_at: at,
      password_hash: null,
      created_at: at,
      confirmed_at: values.status === 'pending' ? null : at,
      last_sent_at: null,
    })
    .execute();
}

const searchFor = (listing: ListingSummary) => ({ goal: listing.goal, types: [listing.type.webId], zips: [listing.town.zip] });

async function eventsOf(subscriptionId: string) {
  return store.db.selectFrom('alert_events').select(['property_id', 'event', 'job_id']).where('subscription_id', '=', subscriptionId).orderBy('key').execute();
}

describe.each(testDatabases)('alerts over two snapshots on $name', (database) => {
  afterAll(async () => {
    setStore(undefined);
    await closeOpenedStores();
  });

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
  });

  it('tells each confirmed subscriber of its changes once, and nothing on a second run', async () => {
    await subscribe('search-fr', { kind: 'search', email: 'a@example.com', language: 'fr', criteria: searchFor(fresh) });
    await subscribe('search-pending', { kind: 'search', email: 'b@example.com', language: 'nl', criteria: searchFor(fresh), status: 'pending' });
    await subscribe('search-paused', { kind: 'search', email: 'c@example.com', language: 'nl', criteria: searchFor(fresh), status: 'paused' });
    await subscribe('follow-drop', { kind: 'follow', email: 'd@example.com', language: 'en', propertyId: dropped.id });
    await subscribe('follow-sold', { kind: 'follow', email: 'd@example.com', language: 'nl', propertyId: sold.id });
    await subscribe('follow-removed', { kind: 'follow', email: 'e@example.com', language: 'fr', propertyId: removed.id, frequency: 'daily' });

    const baseline = await runAlerts(store, { listings: firstSnapshot(), now: new Date('2026-11-10T08:00:00Z') });
    expect(baseline.baseline).toBe(true);
    expect(baseline.events).toEqual([]);
    const quiet = await runAlerts(store, { listings: firstSnapshot(), now: new Date('2026-11-10T09:00:00Z') });
    expect(quiet.events).toEqual([]);

    const now = new Date('2026-11-21T08:00:00Z');
    const dry = await runAlerts(store, { listings: secondSnapshot(), now, dryRun: true });
    expect(await store.db.selectFrom('alert_events').select('key').execute()).toEqual([]);
    const run = await runAlerts(store, { listings: secondSnapshot(), now });
    expect(run.events.map((event) => event.key)).toEqual(dry.events.map((event) => event.key));
    expect(run.mails.map(({ subscriptionId, events, due }) => ({ subscriptionId, events, due }))).toEqual(dry.mails.map(({ subscriptionId, events, due }) => ({ subscriptionId, events, due })));

    expect(await eventsOf('search-fr')).toEqual([{ property_id: fresh.id, event: 'new', job_id: expect.any(String) }]);
    expect(await eventsOf('search-pending')).toEqual([]);
    expect(await eventsOf('search-paused')).toEqual([]);
    expect(await eventsOf('follow-drop')).toEqual([{ property_id: dropped.id, event: 'price', job_id: expect.any(String) }]);
    expect(await eventsOf('follow-sold')).toEqual([{ property_id: sold.id, event: 'status', job_id: expect.any(String) }]);
    // A daily digest is due at once the first time.
    expect(await eventsOf('follow-removed')).toEqual([{ property_id: removed.id, event: 'removed', job_id: expect.any(String) }]);
    const jobs = await store.db.selectFrom('outbox').select(['kind', 'payload']).execute();
    expect(jobs.map((job) => JSON.parse(job.payload ?? '{}').subscriptionId).sort()).toEqual(['follow-drop', 'follow-removed', 'follow-sold', 'search-fr']);
    expect(new Set(jobs.map((job) => job.kind))).toEqual(new Set(['alert-mail']));

    // The card is in the subscriber's language.
    const detail = await store.db.selectFrom('alert_events').select('detail').where('subscription_id', '=', 'search-fr').executeTakeFirstOrThrow();
    expect(JSON.parse(detail.detail).card.path).toMatch(/^\/fr\//);
    const price = await store.db.selectFrom('alert_events').select('detail').where('subscription_id', '=', 'follow-drop').executeTakeFirstOrThrow();
    expect(JSON.parse(price.detail)).toMatchObject({ from: dropped.price.kind === 'amount' ? dropped.price.amount : 0 });

    // The same snapshot again (a restart, a second deploy): nothing new, no mail.
    const again = await runAlerts(store, { listings: secondSnapshot(), now: new Date('2026-11-21T09:00:00Z') });
    expect(again.events).toEqual([]);
    expect(again.queued).toEqual([]);
    expect(await store.db.selectFrom('outbox').select('id').execute()).toHaveLength(4);
  });

  it('announces a listing to a search once, even when it leaves and comes back', async () => {
    await subscribe('search', { kind: 'search', email: 'a@example.com', language: 'nl', criteria: searchFor(fresh) });
    await runAlerts(store, { listings: firstSnapshot() });
    await runAlerts(store, { listings: all() });
    await runAlerts(store, { listings: firstSnapshot() });
    const back = await runAlerts(store, { listings: all() });
    expect(back.events).toEqual([]);
    expect(await eventsOf('search')).toHaveLength(1);
  });

  it('keeps a daily digest until it is due, then sends the events together', async () => {
    await subscribe('daily', { kind: 'search', email: 'a@example.com', language: 'nl', criteria: { goal: 'sale', types: [], zips: [] }, frequency: 'daily' });
    const without = (ids: number[]) => all().filter((listing) => !ids.includes(listing.id));
    await runAlerts(store, { listings: without([fresh.id, dropped.id]), now: new Date('2026-11-10T08:00:00Z') });
    const first = await runAlerts(store, { listings: without([dropped.id]), now: new Date('2026-11-10T09:00:00Z') });
    expect(first.queued).toHaveLength(1);
    const second = await runAlerts(store, { listings: all(), now: new Date('2026-11-10T12:00:00Z') });
    expect(second.queued).toEqual([]);
    expect(second.mails).toMatchObject([{ subscriptionId: 'daily', events: 1, due: false }]);
    const next = await runAlerts(store, { listings: all(), now: new Date('2026-11-11T09:00:00Z') });
    expect(next.queued).toHaveLength(1);
  });

  it('counts the active searches a listing answers for its owner, not the paused or unconfirmed ones', async () => {
    await subscribe('one', { kind: 'search', email: 'a@example.com', language: 'nl', criteria: searchFor(fresh) });
    await subscribe('two', { kind: 'search', email: 'b@example.com', language: 'fr', criteria: { goal: fresh.goal, types: [], zips: [] } });
    await subscribe('paused', { kind: 'search', email: 'c@example.com', language: 'nl', criteria: searchFor(fresh), status: 'paused' });
    await subscribe('pending', { kind: 'search', email: 'd@example.com', language: 'nl', criteria: searchFor(fresh), status: 'pending' });
    await subscribe('follow', { kind: 'follow', email: 'e@example.com', language: 'nl', propertyId: fresh.id });
    await subscribe('elsewhere', { kind: 'search', email: 'f@example.com', language: 'nl', criteria: { goal: fresh.goal, types: [], zips: ['9999'] } });
    expect(await countMatchingSearches(store, fresh)).toBe(2);
  });

  describe('an option taken, then given up', () => {
    const optioned = nth(4);
    // A listing that comes into the catalogue under option, in another town than the first.
    const arriving = onOfferSale.find((listing, index) => index > 4 && listing.town.zip !== optioned.town.zip && listing.type.webId !== optioned.type.webId);
    if (!arriving) throw new Error('the demo catalogue has too few listings for sale');
    const withStates = (states: Record<number, ListingSummary['state']>, without: number[] = []) =>
      all()
        .filter((listing) => !without.includes(listing.id))
        .map((listing) => {
          const state = states[listing.id];
          return state ? { ...listing, state, lastChanged: state === 'on-offer' ? '2026-11-22' : '2026-11-20' } : listing;
        });

    async function mailOf(subscriptionId: string, event?: string) {
      const subscription = await store.db.selectFrom('alert_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
      const rows = await store.db.selectFrom('alert_events').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at').execute();
      return alertMail(subscription, event === undefined ? rows : rows.filter((row) => row.detail.includes(`"to":"${event}"`)))?.mail;
    }

    it('tells its followers "under option" then "back on the market", and a search nothing until it is on offer again', async () => {
      await subscribe('follow-fr', { kind: 'follow', email: 'suiveur@example.be', language: 'fr', propertyId: optioned.id });
      await subscribe('follow-de', { kind: 'follow', email: 'folger@example.de', language: 'de', propertyId: optioned.id, frequency: 'daily' });
      await subscribe('search', { kind: 'search', email: 'zoeker@example.be', language: 'nl', criteria: searchFor(arriving) });

      await runAlerts(store, { listings: withStates({}, [arriving.id]), now: new Date('2026-11-19T08:00:00Z') });
      const dry = await runAlerts(store, { listings: withStates({ [optioned.id]: 'under-option', [arriving.id]: 'under-option' }), now: new Date('2026-11-20T08:00:00Z'), dryRun: true });
      // What `npm run alerts -- --dry-run` prints: each follower's line names the change.
      expect(planLines(dry, true).filter((line) => line.startsWith(`  status #${optioned.id} `) && line.endsWith(' on-offer -> under-option'))).toHaveLength(2);
      const taken = await runAlerts(store, { listings: withStates({ [optioned.id]: 'under-option', [arriving.id]: 'under-option' }), now: new Date('2026-11-20T08:00:00Z') });
      // The followers hear of the option; the search does not hear of a listing it cannot have.
      expect(taken.events.map(({ subscriptionId, event, propertyId, detail }) => ({ subscriptionId, event, propertyId, from: detail.from, to: detail.to }))).toEqual([
        { subscriptionId: 'follow-fr', event: 'status', propertyId: optioned.id, from: 'on-offer', to: 'under-option' },
        { subscriptionId: 'follow-de', event: 'status', propertyId: optioned.id, from: 'on-offer', to: 'under-option' },
      ]);
      const optionMail = await mailOf('follow-fr');
      expect(optionMail?.text).toContain(fr.alerts.events.option);
      expect(optionMail?.text).not.toContain(fr.alerts.events.back);
      expect((await mailOf('follow-de'))?.text).toContain(de.alerts.events.option);

      const given = await runAlerts(store, { listings: withStates({}), now: new Date('2026-11-20T20:00:00Z') });
      expect(given.events.map(({ subscriptionId, event, propertyId, detail }) => ({ subscriptionId, event, propertyId, to: detail.to }))).toEqual([
        { subscriptionId: 'follow-fr', event: 'status', propertyId: optioned.id, to: 'on-offer' },
        { subscriptionId: 'follow-de', event: 'status', propertyId: optioned.id, to: 'on-offer' },
        { subscriptionId: 'search', event: 'new', propertyId: arriving.id, to: undefined },
      ]);
      const backMail = await mailOf('follow-fr', 'on-offer');
      expect(backMail?.text).toContain(fr.alerts.events.back);
      expect(backMail?.text).not.toContain(fr.alerts.events.option);
      expect((await mailOf('search'))?.text).toContain(arriving.town.name);
      // One listing: the intro speaks of one (issue 39 item 16, an ICU plural).
      expect((await mailOf('search'))?.text).toContain('Een nieuw pand past bij uw zoekopdracht:');
      // The German follower's daily digest keeps "back on the market" for the next day.
      expect(given.mails.find((mail) => mail.subscriptionId === 'follow-de')).toMatchObject({ events: 1, due: false });
      expect((await mailOf('follow-de', 'on-offer'))?.text).toContain(de.alerts.events.back);
      const nextDay = await runAlerts(store, { listings: withStates({}), now: new Date('2026-11-21T09:00:00Z') });
      expect(nextDay.events).toEqual([]);
      expect(nextDay.queued).toHaveLength(1);

      // The same catalogue again: nothing more.
      expect((await runAlerts(store, { listings: withStates({}), now: new Date('2026-11-22T09:00:00Z') })).events).toEqual([]);
    });
  });
});
