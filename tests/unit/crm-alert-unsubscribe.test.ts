import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { altchaSolution } from './altcha-solution';
import { jsonBody, type Entries } from './hostile-payloads';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 38 item 5: a search alert registered on the site is one search profile in the CRM
 * (DemandRegister2) and one alert on the site, and an unsubscribe on either side ends both. On the
 * site: the alert's unsubscribe link (or its deletion) queues the CRM's UnsubscribeDemandPerson in
 * the outbox. In the CRM: the unsubscribe link of its own alert mail (encrypted ids) opens a page of
 * the site whose button ends the site's alert and unsubscribes the profile. Forged ids change nothing.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '100000';
delete process.env.SMTP_URL;
delete process.env.WEBHOOK_URL;
delete process.env.TRUST_PROXY_HOPS;

const { setStore, confirmAlertSubscription, enqueueJob } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { formKinds } = await import('@/lib/form-kinds/table');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { requestChannels } = await import('@/lib/outbox/channels');
const { getProperties } = await import('@/lib/catalogue');
const { tokenDigest } = await import('@/lib/security/link-token');
const { alertConfirmationToken, unsubscribeToken } = await import('@/lib/alerts/token');
const { unsubscribeAlertRequest } = await import('@/lib/alerts/link-routes');
const { crmLinkState, crmUnsubscribeRequest } = await import('@/lib/alerts/crm-link');

type Store = Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;

const origin = 'http://localhost:3100';
const headers = { origin, host: 'localhost:3100', 'x-forwarded-for': '198.51.100.7' };
let crm: OmnicasaDouble;

beforeAll(() => {
  // The embedded snapshot stays the catalogue; the double is the CRM the requests go to.
  getProperties('nl');
});
afterAll(() => {
  for (const name of ['OMNICASA_URL', 'OMNICASA_CUSTOMER_NAME', 'OMNICASA_CUSTOMER_PASSWORD', 'OMNICASA_LEAD_TIMEOUT_MS']) delete process.env[name];
});

const search = (email: string): Entries => [
  ['title', 'ms'],
  ['firstName', 'Marie'],
  ['lastName', 'Dubois'],
  ['email', email],
  ['phone', '0475 12 34 56'],
  ['goal', 'sale'],
  ['types', ['1']],
  ['zones', ['Mons|7000']],
  ['priceMax', '400000'],
  ['privacy', 'on'],
];

describe.each(testDatabases)('on $name', (database) => {
  let store: Store;
  afterAll(closeOpenedStores);

  beforeEach(async () => {
    crm = await OmnicasaDouble.start();
    Object.assign(process.env, crm.env);
    process.env.OMNICASA_LEAD_TIMEOUT_MS = '400';
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
  });
  afterEach(async () => {
    setStore(undefined);
    await crm.close();
  });

  async function flush(now?: Date): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs({ now });
  }
  const subscriptions = () => store.db.selectFrom('alert_subscriptions').select(['id', 'request_id']).execute();
  const unsubscribeJobs = () => store.db.selectFrom('outbox').select(['status', 'payload', 'last_error']).where('kind', '=', 'crm-unsubscribe').execute();
  const unsubscribes = () => crm.calls.filter((call) => call.endpoint === 'UnsubscribeDemandPerson');

  /** A search alert posted, confirmed and sent to the CRM: its site subscription and its CRM profile. */
  async function registered(email: string, language = 'fr') {
    const definition = formKinds['demand-register'].definition;
    const entries: Entries = [['lang', language], ...(definition.captcha ? ([['altcha', await altchaSolution('demand-register')]] satisfies Entries) : []), ...search(email)];
    const response = await handleFormRequest(
      'demand-register',
      new Request(`${origin}/api/forms/demand-register/`, { method: 'POST', headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' }, body: jsonBody(entries) }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const requestId = ((await response.json()) as { id: string }).id;
    const subscription = await store.db.selectFrom('alert_subscriptions').select('id').where('request_id', '=', requestId).executeTakeFirstOrThrow();
    expect(await confirmAlertSubscription(store, tokenDigest(alertConfirmationToken(subscription.id)), ['agency-mail', ...requestChannels()])).toBeDefined();
    await flush();
    const [profile, ...more] = crm.demands(email);
    expect(more).toHaveLength(0);
    expect(profile?.Comment).toContain(`Site request ${requestId}`);
    return { subscriptionId: subscription.id, requestId, profile: profile! };
  }

  const unsubscribeOnSite = (subscriptionId: string) =>
    unsubscribeAlertRequest(
      new Request(`${origin}/api/alerts/unsubscribe/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: unsubscribeToken(subscriptionId), lang: 'fr' }).toString(),
      }),
    );
  const pressCrmButton = (fields: Record<string, string>, from = origin) =>
    crmUnsubscribeRequest(
      new Request(`${origin}/api/alerts/crm-unsubscribe/`, {
        method: 'POST',
        headers: { ...headers, origin: from, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ lang: 'fr', ...fields }).toString(),
      }),
    );

  describe('an unsubscribe on the site', () => {
    it('unsubscribes the search profile in the CRM once, through the outbox', async () => {
      const { subscriptionId, profile } = await registered('marie@example.be');
      expect(crm.calls.find((call) => call.endpoint === 'DemandRegister2')?.params.text('Password')).toMatch(/^[\w-]{24}$/);
      expect((await unsubscribeOnSite(subscriptionId)).status).toBe(303);
      expect(await subscriptions()).toHaveLength(0);
      await flush();
      expect(unsubscribes()).toHaveLength(1);
      expect(unsubscribes()[0]?.params.int('ID')).toBe(profile.PersonId);
      expect(unsubscribes()[0]?.params.int('DemandID')).toBe(profile.DemandID);
      expect(crm.demands('marie@example.be')[0]?.IsUnsubscribed).toBe(true);
      expect((await unsubscribeJobs()).map((job) => job.status)).toEqual(['delivered']);
      await flush(new Date(Date.now() + 86_400_000));
      expect(unsubscribes()).toHaveLength(1);
    });

    it('after a lost answer, looks again and finds the profile unsubscribed: no second call', async () => {
      const { subscriptionId } = await registered('lost@example.be');
      crm.setFault('UnsubscribeDemandPerson', { kind: 'storeThenTimeout' }, { times: 1 });
      await unsubscribeOnSite(subscriptionId);
      await flush();
      expect((await unsubscribeJobs()).map((job) => job.status)).toEqual(['pending']);
      await flush(new Date(Date.now() + 3_600_000));
      expect((await unsubscribeJobs()).map((job) => job.status)).toEqual(['delivered']);
      expect(unsubscribes().map((call) => call.fault)).toEqual(['storeThenTimeout']);
      expect(crm.calls.filter((call) => call.endpoint === 'GetDemandList')).toHaveLength(2);
      expect(crm.demands('lost@example.be').map((demand) => demand.IsUnsubscribed)).toEqual([true]);
    });

    it("whose demand login the CRM no longer takes is refused after three tries, shown to staff with the CRM's words", async () => {
      const { subscriptionId, requestId } = await registered('changed@example.be');
      // The person registered again elsewhere with a password of their own.
      expect((await fetch(crm.url('DemandRegister2', { Email: 'changed@example.be', Password: 'their own', Goal: 1 }))).ok).toBe(true);
      await unsubscribeOnSite(subscriptionId);
      for (const hours of [0, 1, 2, 3]) await flush(new Date(Date.now() + hours * 3_600_000));
      const [job] = await unsubscribeJobs();
      expect(job?.status).toBe('refused');
      expect(job?.last_error).toContain('Invalid Email or Password');
      expect(unsubscribes()).toHaveLength(0);
      // npm run leads -- --pending lists it with its request.
      const { deliveryByRequest } = await import('@/lib/leads/report');
      const delivery = deliveryByRequest(await store.db.selectFrom('outbox').selectAll().execute()).get(requestId);
      expect(delivery?.refused).toEqual([expect.stringMatching(/^crm-unsubscribe: Omnicasa GetDemandList: the CRM refused the call \(Code 600: Invalid Email or Password\)$/)]);
    });

    it("of a searcher's whole account unsubscribes its profiles too", async () => {
      await registered('account@example.be');
      const { deleteSearcherAccount } = await import('@/lib/db');
      await deleteSearcherAccount(store, 'account@example.be');
      await flush();
      expect(crm.demands('account@example.be').map((demand) => demand.IsUnsubscribed)).toEqual([true]);
    });

    it('of an alert whose profile is not in the CRM yet: the profile is never made', async () => {
      crm.setFault('DemandRegister2', { kind: 'http', status: 503 });
      const email = 'early@example.be';
      const definition = formKinds['demand-register'].definition;
      const entries: Entries = [['lang', 'nl'], ...(definition.captcha ? ([['altcha', await altchaSolution('demand-register')]] satisfies Entries) : []), ...search(email)];
      const response = await handleFormRequest(
        'demand-register',
        new Request(`${origin}/api/forms/demand-register/`, { method: 'POST', headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' }, body: jsonBody(entries) }),
      );
      const requestId = ((await response.json()) as { id: string }).id;
      const subscription = await store.db.selectFrom('alert_subscriptions').select('id').where('request_id', '=', requestId).executeTakeFirstOrThrow();
      await confirmAlertSubscription(store, tokenDigest(alertConfirmationToken(subscription.id)), ['agency-mail', ...requestChannels()]);
      await flush();
      expect(crm.demands(email)).toHaveLength(0);
      await unsubscribeOnSite(subscription.id);
      crm.clearFaults();
      await flush(new Date(Date.now() + 3_600_000));
      await flush(new Date(Date.now() + 7_200_000));
      // The request still reached the agent, as a contact: no search profile of anyone's.
      expect(crm.demands(email)).toHaveLength(0);
      expect(crm.writes('ContactOnMe').some((call) => call.params.text('Email') === email)).toBe(true);
      // Nothing to unsubscribe, so nothing queued: no refusal for staff to read.
      expect(await unsubscribeJobs()).toHaveLength(0);
      expect(unsubscribes()).toHaveLength(0);
    });
  });

  describe("the unsubscribe link of the CRM's own alert mail", () => {
    it("opens a page that changes nothing; its button ends the site's alert and unsubscribes the profile once", async () => {
      const { profile } = await registered('link@example.be');
      const link = crm.demandLink(profile.DemandID);
      expect(await crmLinkState(link.personIdCrypt, link.demandIdCrypt)).toBe('subscribed');
      expect(await subscriptions()).toHaveLength(1);
      expect(unsubscribes()).toHaveLength(0);

      const answer = await pressCrmButton({ person: link.personIdCrypt, demand: link.demandIdCrypt });
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('location') ?? '', origin);
      expect(location.pathname).toBe('/fr/alertes/');
      expect(Object.fromEntries(location.searchParams)).toEqual({ action: 'crm-unsubscribe', person: link.personIdCrypt, demand: link.demandIdCrypt, done: '1' });
      expect(await subscriptions()).toHaveLength(0);
      await flush();
      expect(unsubscribes().map((call) => [call.params.text('PersonIDEncrypt'), call.params.text('DemandIDEncrypt')])).toEqual([[link.personIdCrypt, link.demandIdCrypt]]);
      expect(crm.demands('link@example.be')[0]?.IsUnsubscribed).toBe(true);
      expect(await crmLinkState(link.personIdCrypt, link.demandIdCrypt)).toBe('unsubscribed');
      // One job: the site's own unsubscribe is not sent a second time.
      expect((await unsubscribeJobs()).map((job) => job.status)).toEqual(['delivered']);
    });

    it('finds the alert by its address and criteria when the profile lost the site request id', async () => {
      const { profile } = await registered('edited@example.be');
      crm.changeDemandComment(profile.DemandID, 'Typed again by the agent');
      const link = crm.demandLink(profile.DemandID);
      await pressCrmButton({ person: link.personIdCrypt, demand: link.demandIdCrypt });
      expect(await subscriptions()).toHaveLength(0);
    });

    it.each([
      ['forged ids', (link: { personIdCrypt: string; demandIdCrypt: string }) => ({ person: link.personIdCrypt, demand: `${link.demandIdCrypt.slice(0, -2)}xy` })],
      ['ids of another profile mixed', (link: { personIdCrypt: string; demandIdCrypt: string }) => ({ person: `${link.personIdCrypt}A`, demand: link.demandIdCrypt })],
      ['no ids', () => ({})],
    ])('with %s changes nothing and says the link does not work', async (_, fieldsOf) => {
      const { profile } = await registered('forged@example.be');
      const link = crm.demandLink(profile.DemandID);
      const fields: Record<string, string> = fieldsOf(link);
      const answer = await pressCrmButton(fields);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).not.toContain('done=1');
      expect(await crmLinkState(fields.person, fields.demand)).toBe('unknown');
      expect(await subscriptions()).toHaveLength(1);
      expect(await unsubscribeJobs()).toHaveLength(0);
      await flush();
      expect(unsubscribes()).toHaveLength(0);
      expect(crm.demands('forged@example.be')[0]?.IsUnsubscribed).toBe(false);
    });

    it('with the CRM down changes nothing and says to try again', async () => {
      const { profile } = await registered('down@example.be');
      const link = crm.demandLink(profile.DemandID);
      crm.setFault('GetDemandPerson', { kind: 'http', status: 503 });
      expect(await crmLinkState(link.personIdCrypt, link.demandIdCrypt)).toBe('unavailable');
      const answer = await pressCrmButton({ person: link.personIdCrypt, demand: link.demandIdCrypt });
      expect(answer.headers.get('location')).not.toContain('done=1');
      expect(await subscriptions()).toHaveLength(1);
      expect(await unsubscribeJobs()).toHaveLength(0);
    });

    it('from another site is refused', async () => {
      const { profile } = await registered('cross@example.be');
      const link = crm.demandLink(profile.DemandID);
      expect((await pressCrmButton({ person: link.personIdCrypt, demand: link.demandIdCrypt }, 'https://evil.example')).status).toBe(403);
      expect(await subscriptions()).toHaveLength(1);
    });
  });

  describe('an unsubscribe made in the CRM itself', () => {
    const smtp = useSmtpSink('https://www.immo-hainaut.example');

    it("ends the site's alert at its next mail, which is not sent; a subscribed profile's alert goes on", async () => {
      const ended = await registered('agent-ended@example.be');
      const kept = await registered('kept@example.be');
      crm.unsubscribeDemand(ended.profile.DemandID);
      smtp.received = [];
      await enqueueJob(store, 'alert-mail', { subscriptionId: ended.subscriptionId });
      await enqueueJob(store, 'alert-mail', { subscriptionId: kept.subscriptionId });
      await flush();
      expect((await subscriptions()).map((row) => row.id)).toEqual([kept.subscriptionId]);
      expect(smtp.received.filter((mail) => mail.to.includes('agent-ended@example.be'))).toHaveLength(0);
      // The CRM knew: it is not told again.
      expect(await unsubscribeJobs()).toHaveLength(0);
      expect(
        crm.calls
          .filter((call) => call.endpoint === 'GetDemandList')
          .map((call) => call.params.text('Email'))
          .sort(),
      ).toEqual(['agent-ended@example.be', 'kept@example.be']);
    });
  });
});
