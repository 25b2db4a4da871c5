import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OmnicasaDouble, type CallRecord } from '../crm-double/omnicasa-double';
import { altchaSolution } from './altcha-solution';
import { jsonBody, multipartBody, tinyPdf, type Entries } from './hostile-payloads';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 38, items 1, 2 and 6: what the site collects lands in the CRM. Each form posted as a
 * browser does, through the form handler, the database and the outbox, to the loopback Omnicasa
 * of tests/crm-double: one call of the right kind with the right fields per request, once, and
 * faults that lose nothing and send nothing twice. No SMTP is configured: only the CRM's jobs run.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '100000';
delete process.env.SMTP_URL;
delete process.env.WEBHOOK_URL;
delete process.env.TRUST_PROXY_HOPS;

const { setStore } = await import('@/lib/db');
const { confirmAlertSubscription, confirmNewsletterSignup } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { formKinds } = await import('@/lib/form-kinds/table');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { requestChannels } = await import('@/lib/outbox/channels');
const { deliveryByRequest, leadLines } = await import('@/lib/leads/report');
const { getProjects, getProperties, getAppointmentSlots } = await import('@/lib/catalogue');
const { addressKey } = await import('@/lib/security/address-key');
const { tokenDigest } = await import('@/lib/security/link-token');
const { alertConfirmationToken } = await import('@/lib/alerts/token');
const { confirmationToken } = await import('@/lib/newsletter/token');

type Store = Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;
type FormName = keyof typeof formKinds;

const origin = 'http://localhost:3100';
let crm: OmnicasaDouble;

beforeAll(() => {
  // The site reads its embedded snapshot, loaded before OMNICASA_URL would make the CRM its source;
  // the double is seeded from the same snapshot, so the IDs and viewing times are the CRM's.
  getProperties('nl');
});
afterAll(() => {
  for (const name of ['OMNICASA_URL', 'OMNICASA_CUSTOMER_NAME', 'OMNICASA_CUSTOMER_PASSWORD', 'OMNICASA_LEAD_TIMEOUT_MS']) delete process.env[name];
});

function connect(): void {
  process.env.OMNICASA_URL = crm.baseUrl;
  process.env.OMNICASA_CUSTOMER_NAME = crm.customerName;
  process.env.OMNICASA_CUSTOMER_PASSWORD = crm.customerPassword;
  // A lost answer is told from a slow one by this bound: short here, so the test does not wait 20 s.
  process.env.OMNICASA_LEAD_TIMEOUT_MS = '400';
}

const onOffer = (goal: 'sale' | 'rent') => getProperties('nl', { goal }).filter((property) => property.availability === 'on-offer');
const saleId = () => onOffer('sale')[0]?.id ?? 0;
const rentId = () => onOffer('rent')[0]?.id ?? 0;
const days = (count: number) => new Date(Date.now() + count * 86_400_000).toISOString().slice(0, 10);
const slotOf = (propertyId: number) => getAppointmentSlots(propertyId).find((slot) => slot.Start > new Date().toISOString() && slot.Booked < slot.Capacity);
const visitListing = () =>
  onOffer('rent')
    .concat(onOffer('sale'))
    .find((listing) => slotOf(listing.id) !== undefined);

const person = (email: string): Entries => [
  ['title', 'ms'],
  ['firstName', 'Marie'],
  ['lastName', 'Dubois'],
  ['email', email],
  ['phone', '0475 12 34 56'],
];
const privacy: Entries = [['privacy', 'on']];

/** Every form of the site, as a visitor fills it, and the call it must make. */
function formsAndCalls(email: (form: string) => string): { form: FormName; entries: Entries; endpoint: string; about?: { ObjectID?: number; ProjectIDs?: string } }[] {
  const visit = visitListing();
  const project = getProjects('nl')[0]?.id ?? 1;
  return [
    {
      form: 'contact-me',
      entries: [['propertyId', String(saleId())], ...person(email('contact-me')), ['remark', 'Est-il encore disponible ?'], ['contactDevice', 'email'], ...privacy],
      endpoint: 'ContactOnMe',
      about: { ObjectID: saleId() },
    },
    { form: 'request-documents', entries: [['propertyId', String(saleId())], ...person(email('request-documents')), ...privacy], endpoint: 'ContactOnMe', about: { ObjectID: saleId() } },
    {
      form: 'contact-appointment',
      entries: [['propertyId', String(visit?.id ?? 0)], ...person(email('contact-appointment')), ['slotId', String(slotOf(visit?.id ?? 0)?.ID ?? 0)], ['contactSlots', ['13-16']], ...privacy],
      endpoint: 'ContactOnMe',
      about: { ObjectID: visit?.id ?? 0 },
    },
    {
      form: 'send-to-friend',
      entries: [['propertyId', String(saleId())], ...person(email('send-to-friend')), ['friendEmail', `friend-${email('send-to-friend')}`], ...privacy],
      endpoint: 'ContactOnMe',
      about: { ObjectID: saleId() },
    },
    {
      form: 'purchase-offer',
      entries: [
        ['propertyId', String(saleId())],
        ...person(email('purchase-offer')),
        ['amount', '250000'],
        ['amountInWords', 'deux cent cinquante mille'],
        ['startDate', days(30)],
        ['endDate', days(44)],
        ['place', 'Mons'],
        ['signDate', days(30)],
        ...privacy,
      ],
      endpoint: 'ContactOnMe',
      about: { ObjectID: saleId() },
    },
    {
      form: 'rental-application',
      entries: [['propertyId', String(rentId())], ...person(email('rental-application')), ['adults', '2'], ['kids', '0'], ['moveDate', days(30)], ['income1', '2.500'], ...privacy],
      endpoint: 'ContactOnMe',
      about: { ObjectID: rentId() },
    },
    {
      form: 'contact-construction',
      entries: [['projectId', String(project)], ...person(email('contact-construction')), ...privacy],
      endpoint: 'ContactOnMeProject',
      about: { ProjectIDs: String(project) },
    },
    {
      form: 'contact-demand',
      entries: [...person(email('contact-demand')), ['propertyType', '1'], ['street', 'Grand-Place'], ['houseNumber', '1'], ['zip', '7000'], ['city', 'Mons'], ...privacy],
      endpoint: 'ContactOnMe',
    },
    { form: 'site-contact', entries: [...person(email('site-contact')), ['city', 'Mons'], ['remark', 'Bonjour'], ...privacy], endpoint: 'ContactOnMe' },
    { form: 'testimonial', entries: [['name', 'Marie Dubois'], ['email', email('testimonial')], ['comment', 'Une agence attentive, merci.'], ...privacy], endpoint: 'ContactOnMe' },
    { form: 'job-application', entries: [...person(email('job-application')), ['remark', 'Candidature spontanée'], ...privacy], endpoint: 'ContactOnMe' },
  ];
}

async function post(form: FormName, language: string, entries: Entries, client = '198.51.100.7'): Promise<Response> {
  const definition = formKinds[form].definition;
  const all: Entries = [['lang', language], ...(definition.captcha ? ([['altcha', await altchaSolution(form)]] satisfies Entries) : []), ...entries];
  const headers = { origin, host: 'localhost:3100', accept: 'application/json', 'x-forwarded-for': client };
  // The job application's CV is required: its post is multipart, as the browser's.
  const request =
    form === 'job-application'
      ? new Request(`${origin}/api/forms/${form}/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=crmtest' },
          body: multipartBody(all, [{ field: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', bytes: tinyPdf }], { boundary: 'crmtest' }),
        })
      : new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: jsonBody(all) });
  return handleFormRequest(form, request);
}

const contentOf = (call: CallRecord | undefined) => String(call?.params.get('Content') ?? call?.params.get('Comment') ?? '');
const requestIdIn = (call: CallRecord | undefined) => /Site request ([0-9a-f-]{36})/.exec(contentOf(call))?.[1];

describe.each(testDatabases)('on $name', (database) => {
  let store: Store;
  afterAll(closeOpenedStores);

  // A CRM of its own per test: the viewing times one books or fills are free again in the next.
  beforeEach(async () => {
    crm = await OmnicasaDouble.start();
    connect();
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
  const crmJobs = () => store.db.selectFrom('outbox').selectAll().where('kind', '=', 'crm-lead').execute();
  /** A mailbox that used a link of ours before: its documents go at once (issue 35). */
  const ownersMailbox = (email: string) =>
    store.db
      .insertInto('confirmed_mailboxes')
      .values({ address_key: addressKey(email), confirmed_at: new Date().toISOString() })
      .execute();

  describe.each(['nl', 'fr', 'en'] as const)('in %s', (language) => {
    const languageId = { nl: 1, fr: 2, en: 3 }[language];

    it('each form makes exactly one call of its kind, with its fields and the site request id', async () => {
      const email = (form: string) => `${form}-${language}@example.be`;
      const cases = formsAndCalls(email);
      await ownersMailbox(email('request-documents'));
      const ids = new Map<string, string>();
      for (const { form, entries } of cases) {
        const response = await post(form, language, entries);
        expect(response.status, form).toBe(201);
        ids.set(form, ((await response.json()) as { id: string }).id);
      }
      await flush();
      const writes = crm.writes();
      expect(writes.map((call) => call.endpoint).sort()).toEqual(cases.map((entry) => entry.endpoint).sort());
      for (const { form, endpoint, about } of cases) {
        const calls = writes.filter((call) => requestIdIn(call) === ids.get(form));
        expect(calls, `${form}: one call`).toHaveLength(1);
        const [call] = calls;
        expect(call?.endpoint, form).toBe(endpoint);
        expect(call?.success, form).toBe(true);
        expect(call?.params.get('Email'), form).toBe(email(form));
        expect(call?.params.int('SourceId'), `${form}: the site as the lead source`).toBe(5);
        expect(call?.params.int('LanguageIdFromParameter'), `${form}: the visitor's language`).toBe(languageId);
        if (about?.ObjectID !== undefined) expect(call?.params.int('ObjectID'), form).toBe(about.ObjectID);
        if (about?.ProjectIDs !== undefined) expect(String(call?.params.get('ProjectIDs')), form).toBe(about.ProjectIDs);
        if (!about) expect(call?.params.get('ObjectID'), `${form}: about the agency, no listing`).toBeUndefined();
      }
      const [visit] = writes.filter((call) => requestIdIn(call) === ids.get('contact-appointment'));
      expect(visit?.params.int('AppointmentID'), 'the booked viewing time').toBeGreaterThan(0);
      const [valuation] = writes.filter((call) => requestIdIn(call) === ids.get('contact-demand'));
      expect(contentOf(valuation)).toContain('Grand-Place');
      expect(writes.find((call) => requestIdIn(call) === ids.get('contact-me'))?.params.get('Name')).toBe('Dubois');
      expect((await crmJobs()).map((job) => job.status)).toEqual(cases.map(() => 'delivered'));
      // Nothing more on the next rounds.
      await flush(new Date(Date.now() + 86_400_000));
      expect(crm.writes()).toHaveLength(cases.length);
    });

    it('a search alert becomes one search profile once confirmed, its criteria field by field; a newsletter sign-up one contact with mailings', async () => {
      const searchEmail = `search-${language}@example.be`;
      const search: Entries = [
        ...person(searchEmail),
        ['goal', 'rent'],
        ['types', ['1']],
        ['zones', ['Mons|7000']],
        ['postcodes', ['7011']],
        ['priceMin', '600'],
        ['priceMax', '1200'],
        ['minRooms', '2'],
        ['minBathrooms', '1'],
        ['minParkings', '1'],
        ...privacy,
      ];
      const alert = await post('demand-register', language, search);
      expect(alert.status).toBe(201);
      const newsletter = await post('sign-newsletter', language, [['email', `news-${language}@example.be`], ...privacy], '198.51.100.8');
      expect(newsletter.status).toBe(201);
      await flush();
      expect(crm.writes(), 'nothing before the addresses confirm').toHaveLength(0);

      const alertRequest = ((await alert.json()) as { id: string }).id;
      const subscription = await store.db.selectFrom('alert_subscriptions').select('id').where('request_id', '=', alertRequest).executeTakeFirstOrThrow();
      expect(await confirmAlertSubscription(store, tokenDigest(alertConfirmationToken(subscription.id)), ['agency-mail', ...requestChannels()])).toBeDefined();
      const newsletterRequest = ((await newsletter.json()) as { id: string }).id;
      expect((await confirmNewsletterSignup(store, tokenDigest(confirmationToken(newsletterRequest)), ['agency-mail', ...requestChannels()])).status).toBe('confirmed');
      await flush();

      const [profile, ...moreProfiles] = crm.writes('DemandRegister2');
      expect(moreProfiles).toHaveLength(0);
      expect(requestIdIn(profile)).toBe(alertRequest);
      expect({
        Goal: profile?.params.int('Goal'),
        Zips: String(profile?.params.get('Zips')).split(',').sort(),
        PriceMin: profile?.params.get('PriceMin'),
        PriceMax: profile?.params.get('PriceMax'),
        MinRooms: profile?.params.get('MinRooms'),
        MinBathRooms: profile?.params.get('MinBathRooms'),
        MinParkings: profile?.params.get('MinParkings'),
        Email: profile?.params.get('Email'),
        LanguageIdFromParameter: profile?.params.int('LanguageIdFromParameter'),
      }).toEqual({ Goal: 1, Zips: ['7000', '7011'], PriceMin: 600, PriceMax: 1200, MinRooms: 2, MinBathRooms: 1, MinParkings: 1, Email: searchEmail, LanguageIdFromParameter: languageId });
      const [signup, ...moreSignups] = crm.writes('ContactOnMe');
      expect(moreSignups).toHaveLength(0);
      expect(requestIdIn(signup)).toBe(newsletterRequest);
      expect(signup?.params.get('IsReceivedEmail')).toBe(true);
    });
  });

  describe("the viewing times of the CRM's agenda", () => {
    const visitor = (email: string, propertyId: number, slotId: number): Entries => [
      ['propertyId', String(propertyId)],
      ...person(email),
      ['slotId', String(slotId)],
      ['contactSlots', ['13-16']],
      ...privacy,
    ];
    const bookingsStored = () => store.db.selectFrom('bookings').select('id').execute();

    it.each(['nl', 'fr', 'en'] as const)('one the agency filled meanwhile is told to the visitor with the next free ones, in %s; nothing is stored', async (language) => {
      const listing = visitListing();
      const slot = slotOf(listing?.id ?? 0);
      crm.fillSlot(slot?.ID ?? 0);
      const response = await post('contact-appointment', language, visitor(`taken-${language}@example.be`, listing?.id ?? 0, slot?.ID ?? 0));
      const body = (await response.json()) as { error: string; message: string };
      const { translatorFor } = await import('@/lib/i18n/messages');
      const free = getAppointmentSlots(listing?.id ?? 0).filter((candidate) => candidate.ID !== slot?.ID && candidate.Start > new Date().toISOString() && candidate.Booked < candidate.Capacity);
      if (free.length > 0) {
        expect(response.status).toBe(409);
        expect(body.error).toBe('slotTakenInAgenda');
        expect(body.message.startsWith(translatorFor(language, 'forms')('status.slotTakenInAgenda', { times: '' }).split('{')[0]?.slice(0, 20) ?? '')).toBe(true);
        expect(body.message).toContain(free[0]?.Start.slice(11, 16));
      } else {
        expect(response.status).toBe(409);
        expect(body.error).toBe('appointmentsFull');
      }
      expect(await store.db.selectFrom('requests').select('id').execute()).toHaveLength(0);
      expect(await bookingsStored()).toHaveLength(0);
      expect(crm.writes()).toHaveLength(0);
    });

    it('one filled after the site booked it: the request reaches the CRM without the appointment, saying so to the agent', async () => {
      const listing = visitListing();
      const slot = slotOf(listing?.id ?? 0);
      const response = await post('contact-appointment', 'fr', visitor('late@example.be', listing?.id ?? 0, slot?.ID ?? 0));
      expect(response.status).toBe(201);
      crm.fillSlot(slot?.ID ?? 0);
      await flush();
      const calls = crm.writes('ContactOnMe');
      expect(calls.map((call) => [call.params.int('AppointmentID') ?? null, call.success])).toEqual([
        [slot?.ID, false],
        [null, true],
      ]);
      const { translatorFor } = await import('@/lib/i18n/messages');
      expect(contentOf(calls[1])).toContain(translatorFor('fr', 'mail')('crmSlotTaken', { time: '' }).split(',')[0]);
      expect((await crmJobs())[0]?.status).toBe('delivered');
    });

    it('a place the site booked and the CRM was told of is counted once, not by both', async () => {
      // A viewing time with two places or more left in the CRM's agenda.
      const pick = onOffer('rent')
        .concat(onOffer('sale'))
        .flatMap((listing) => getAppointmentSlots(listing.id))
        .find((candidate) => candidate.Start > new Date().toISOString() && candidate.Capacity - candidate.Booked >= 2);
      expect(pick, 'a slot with two free places in the snapshot').toBeDefined();
      const places = (pick?.Capacity ?? 0) - (pick?.Booked ?? 0);
      const statuses: number[] = [];
      for (let index = 0; index < places + 1; index += 1) {
        statuses.push((await post('contact-appointment', 'nl', visitor(`place-${index}@example.be`, pick?.PropertyID ?? 0, pick?.ID ?? 0), `198.51.100.${60 + index}`)).status);
        // Each booking reaches the CRM before the next visitor comes.
        await flush();
      }
      expect(statuses).toEqual([...Array<number>(places).fill(201), 409]);
      expect(crm.writes('ContactOnMe').filter((call) => call.success && call.params.int('AppointmentID') === pick?.ID)).toHaveLength(places);
    });
  });

  describe('faults lose nothing and send nothing twice', () => {
    const contact = async (email = 'fault@example.be') => {
      const response = await post('contact-me', 'fr', [['propertyId', String(saleId())], ...person(email), ['remark', 'Bonjour'], ...privacy]);
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    it('a lost answer after the CRM stored the request: retried once, with the same request id for staff to spot', async () => {
      crm.setFault('ContactOnMe', { kind: 'storeThenTimeout' }, { times: 1 });
      const id = await contact();
      await flush();
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await flush(later(90));
      const calls = crm.writes('ContactOnMe');
      expect(calls.map((call) => call.success)).toEqual([true, true]);
      expect(calls.map(requestIdIn)).toEqual([id, id]);
      expect((await crmJobs())[0]?.status).toBe('delivered');
      await flush(later(24 * 60));
      expect(crm.writes('ContactOnMe')).toHaveLength(2);
    });

    it('a write whose connection closes with no answer is not asked again at once (the CRM may have stored it): the outbox sends it later, once', async () => {
      crm.setFault('ContactOnMe', { kind: 'dropped' }, { times: 1 });
      const id = await contact();
      await flush();
      expect(crm.writes('ContactOnMe').map((call) => call.fault)).toEqual(['dropped']);
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await flush(later(90));
      expect(crm.writes('ContactOnMe').map(requestIdIn)).toEqual([id, id]);
      expect((await crmJobs())[0]?.status).toBe('delivered');
    });

    it('a CRM that answers 503 or cannot be reached: the request waits and goes once it is back', async () => {
      crm.setFault('ContactOnMe', { kind: 'http', status: 503 }, { times: 2 });
      const id = await contact();
      await flush();
      await flush(later(90));
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 2 });
      // An hour without any CRM at all.
      process.env.OMNICASA_URL = 'http://127.0.0.1:9/1.12/OmnicasaService.svc/';
      await flush(later(180));
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 3 });
      expect((await crmJobs())[0]?.last_error).toContain('could not be reached');
      connect();
      await flush(later(24 * 60));
      expect(
        crm
          .writes('ContactOnMe')
          .filter((call) => call.success)
          .map(requestIdIn),
      ).toEqual([id]);
      expect((await crmJobs())[0]?.status).toBe('delivered');
    });

    it('a CRM that hangs holds one send place for one call, not one per request waiting', async () => {
      for (let index = 0; index < 5; index += 1) await contact(`hang-${index}@example.be`);
      crm.setFault('ContactOnMe', { kind: 'timeout' });
      await flush();
      expect(crm.writes('ContactOnMe'), 'one call timed out; the others wait for its next attempt').toHaveLength(1);
      expect((await crmJobs()).map((job) => job.attempts).sort()).toEqual([0, 0, 0, 0, 1]);
      crm.clearFaults();
      await flush(later(90));
      expect(crm.writes('ContactOnMe').filter((call) => call.success)).toHaveLength(5);
      expect((await crmJobs()).every((job) => job.status === 'delivered')).toBe(true);
    });

    it('a field the CRM refuses: asked three times at the backoff, then not again, and staff read why', async () => {
      crm.setFault('ContactOnMe', { kind: 'refuseField', field: 'PhoneNumber' });
      const id = await contact();
      await flush();
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 1 });
      for (const minutes of [60, 180, 24 * 60, 48 * 60]) await flush(later(minutes));
      expect(crm.writes('ContactOnMe')).toHaveLength(3);
      const [job] = await crmJobs();
      expect(job?.status).toBe('refused');
      expect(job?.last_error).toContain('PhoneNumber');
      const jobs = await store.db.selectFrom('outbox').select(['request_id', 'status', 'kind', 'last_error']).execute();
      const rows = await store.db.selectFrom('requests').selectAll().where('id', '=', id).execute();
      expect(leadLines(rows, deliveryByRequest(jobs))[0]).toContain('refused crm-lead: Omnicasa ContactOnMe: the CRM refused the call (Code 500: The value of PhoneNumber is not valid)');
    });

    it("Success:false with the API's bare 'Error' once is asked again; refused credentials are the agency's to fix, and the request waits", async () => {
      crm.setFault('ContactOnMe', { kind: 'error600' }, { times: 1 });
      await contact('bare-error@example.be');
      await flush();
      expect((await crmJobs())[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await flush(later(60));
      expect((await crmJobs())[0]?.status).toBe('delivered');

      crm.setFault('*', { kind: 'wrongCredentials' });
      await contact('credentials@example.be');
      await flush();
      const waiting = (await crmJobs()).find((job) => job.status === 'pending');
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting?.last_error).toContain('customer name or password');
      for (const minutes of [90, 180, 300]) await flush(later(minutes));
      expect((await crmJobs()).map((job) => job.status).sort(), 'still waiting, not refused').toEqual(['delivered', 'pending']);
      crm.clearFaults();
      await flush(later(24 * 60));
      expect((await crmJobs()).map((job) => job.status)).toEqual(['delivered', 'delivered']);
      expect(crm.writes('ContactOnMe').filter((call) => call.success)).toHaveLength(2);
    });

    it('without an Omnicasa account no CRM job is queued', async () => {
      delete process.env.OMNICASA_URL;
      await contact('no-crm@example.be');
      expect(await crmJobs()).toHaveLength(0);
      process.env.OMNICASA_URL = crm.baseUrl;
      process.env.OMNICASA_LEADS = 'off';
      try {
        await contact('leads-off@example.be');
        expect(await crmJobs()).toHaveLength(0);
      } finally {
        delete process.env.OMNICASA_LEADS;
      }
    });
  });
});
