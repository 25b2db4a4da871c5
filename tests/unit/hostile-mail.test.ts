import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, multipartBody, tinyPdf, tinyPng, type Entries } from './hostile-payloads';
import { altchaSolution } from './altcha-solution';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 35, findings 1 and 2 (and the address half of 4): the forms must not mail a stranger.
 * A hostile visitor types a victim's address into every form that mails the visitor, in every
 * spelling that reaches one mailbox, and writes a phishing text into the free fields. Through the
 * form handler, the database, the outbox and a real SMTP server on loopback.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '100000';
delete process.env.TRUST_PROXY_HOPS;
delete process.env.MAIL_TO;

const { setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { formKinds } = await import('@/lib/form-kinds/table');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { getProjects, getProperties } = await import('@/lib/catalogue');
const { getAgencyLanguage, getSite } = await import('@/lib/config');
const { translatorFor } = await import('@/lib/i18n/messages');

type Store = Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;

const origin = 'http://localhost:3100';
const siteUrl = 'https://www.immo-hainaut.example';

/** The ten forms that mail the visitor a copy (the testimonial's author since issue 39). */
const copyForms = [
  'contact-me',
  'request-documents',
  'contact-construction',
  'contact-demand',
  'site-contact',
  'purchase-offer',
  'rental-application',
  'contact-appointment',
  'job-application',
  'testimonial',
] as const;
type CopyForm = (typeof copyForms)[number];

/** One mailbox, spelled as a mail server delivers it to the same person. */
const victim = 'jan.peeters@gmail.com';
const victimSpellings = [
  'jan.peeters@gmail.com',
  'Jan.Peeters@Gmail.com',
  'janpeeters+1@gmail.com',
  'j.a.n.peeters@googlemail.com',
  'JANPEETERS+promo@GMAIL.COM',
  'jan.peeters+x@googlemail.com',
  '  jan.peeters@gmail.com ',
];
const isVictim = (address: string) => /^j\.?a\.?n\.?p\.?e\.?e\.?t\.?e\.?r\.?s(\+[^@]*)?@(gmail|googlemail)\.com$/i.test(address.trim());

const phishing = 'Uw rekening is geblokkeerd. Bevestig op https://evil.example/login';

const days = (count: number) => new Date(Date.now() + count * 86_400_000).toISOString().slice(0, 10);
const onOffer = (goal: 'sale' | 'rent') => getProperties('fr', { goal }).filter((property) => property.availability === 'on-offer');
const saleId = () => onOffer('sale')[0]?.id ?? 0;
const rentId = () => onOffer('rent')[0]?.id ?? 0;

function person(email: string, name = { firstName: 'Jan', lastName: 'Peeters' }): Entries {
  return [
    ['title', 'mr'],
    ['firstName', name.firstName],
    ['lastName', name.lastName],
    ['email', email],
    ['phone', '0475 12 34 56'],
  ];
}

function entriesOf(form: CopyForm, email: string): Entries {
  const privacy: Entries = [['privacy', 'on']];
  switch (form) {
    case 'contact-me':
      return [['propertyId', String(saleId())], ...person(email), ['remark', 'Est-il encore disponible ?'], ['contactDevice', 'email'], ...privacy];
    case 'request-documents':
      return [['propertyId', String(saleId())], ...person(email), ...privacy];
    case 'contact-construction':
      return [['projectId', String(getProjects('fr')[0]?.id ?? 1)], ...person(email), ...privacy];
    case 'contact-demand':
      return [...person(email), ['propertyType', '1'], ['street', 'Grand-Place'], ['houseNumber', '1'], ['zip', '7000'], ['city', 'Mons'], ...privacy];
    case 'site-contact':
      return [...person(email), ['city', 'Mons'], ...privacy];
    case 'purchase-offer':
      return [
        ['propertyId', String(saleId())],
        ...person(email),
        ['amount', '250000'],
        ['amountInWords', 'deux cent cinquante mille euros'],
        ['startDate', days(30)],
        ['endDate', days(44)],
        ['place', 'Mons'],
        ['signDate', days(30)],
        ...privacy,
      ];
    case 'rental-application':
      return [['propertyId', String(rentId())], ...person(email), ['adults', '2'], ['kids', '1'], ['moveDate', days(30)], ['income1', '2.500'], ...privacy];
    case 'contact-appointment':
      return [['propertyId', String(rentId())], ...person(email), ['contactSlots', ['13-16']], ['remark', 'Bonjour'], ...privacy];
    case 'job-application':
      return [...person(email), ['remark', 'Candidature spontanée'], ...privacy];
    case 'testimonial':
      return [['name', 'Jan Peeters'], ['comment', 'Une agence attentive, merci.'], ['email', email], ...privacy];
  }
}

/** A search alert for a house near Mons. */
const search = (email: string): Entries => [
  ...person(email),
  ['goal', 'sale'],
  ['types', ['1']],
  ['zones', ['Mons|7000']],
  ['priceMax', '300000'],
  ['password', 'correct horse'],
  ['passwordConfirm', 'correct horse'],
  ['privacy', 'on'],
];

/**
 * A post as the form's page makes it with JavaScript, with a solved proof of work the server
 * accepts once (a post without JavaScript waits for a mailed link: no-js-confirm.test.ts).
 */
async function post(form: string, entries: Entries, client = '198.51.100.1'): Promise<Response> {
  const definition = formKinds[form as CopyForm].definition;
  const all: Entries = [['lang', 'nl'], ...(definition.captcha ? ([['altcha', await altchaSolution(form)]] satisfies Entries) : []), ...entries];
  const headers: Record<string, string> = { origin, host: 'localhost:3100', accept: 'application/json', 'x-forwarded-for': client };
  const upload = definition.upload;
  const request = upload
    ? new Request(`${origin}/api/forms/${form}/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=mailtest' },
        body: multipartBody(
          all,
          [
            upload.accept === 'image'
              ? { field: upload.field, fileName: 'photo.png', contentType: 'image/png', bytes: tinyPng }
              : { field: upload.field, fileName: 'cv.pdf', contentType: 'application/pdf', bytes: tinyPdf },
          ],
          { boundary: 'mailtest' },
        ),
      })
    : new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: jsonBody(all) });
  return handleFormRequest(form as CopyForm, request);
}

/** Every address in a text (a mail's decoded body: its text and HTML parts). */
const urlsIn = (body: string) => [...body.matchAll(/https?:\/\/[^\s"'<>)]+/gi)].map((match) => match[0]);

/** The confirmation link's token in a mail to the visitor. */
const tokenIn = (body: string) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** What the button of a request link's page posts (the visitor using the link). */
async function pressConfirm(token: string): Promise<Response> {
  const { confirmRequestPost } = await import('@/lib/forms/request-confirm-route');
  return confirmRequestPost(
    new Request(`${origin}/api/requests/confirm/`, {
      method: 'POST',
      headers: { origin, host: 'localhost:3100', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, lang: 'nl' }).toString(),
    }),
  );
}

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
  });

  async function flush(now?: Date): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs({ now });
  }

  const agency = () => getSite().siteInfo.email;
  const toVictim = () => smtp.received.filter((mail) => mail.to.some(isVictim));
  const toAgency = () => smtp.received.filter((mail) => mail.to.includes(agency()));
  const outboxOf = async (kind: 'visitor-mail' | 'alert-confirm') => store.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();

  describe("the visitor's copy", () => {
    it('goes at most once a day to one mailbox, however it is spelled and whichever of the ten forms is used', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 30; index += 1) {
        const form = copyForms[index % copyForms.length] ?? 'contact-me';
        const response = await post(form, entriesOf(form, victimSpellings[index % victimSpellings.length] ?? victim));
        statuses.push(response.status);
      }
      // request-documents is once per address and listing (409 for the exact repeats); everything else is stored.
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      const stored = await store.db.selectFrom('requests').select('id').execute();
      // The documents of a mailbox that never used a link of ours wait for one (the documents mail below).
      const waiting = await store.db.selectFrom('request_confirmations').select('request_id').where('status', '=', 'pending').execute();
      expect(waiting.length).toBeGreaterThan(0);
      await flush();
      expect((await outboxOf('visitor-mail')).length, 'visitor-mail jobs queued').toBe(1);
      expect(toVictim().length, 'mails delivered to the victim').toBe(1);
      // Every other stored request reaches the agency, and the mails without a copy say so.
      expect(toAgency()).toHaveLength(stored.length - waiting.length);
      const noted = toAgency().filter((mail) => mail.body.includes(translatorFor(getAgencyLanguage(), 'mail')('notSentCopyRecent')));
      expect(noted).toHaveLength(stored.length - waiting.length - 1);
    });

    it("carries none of the visitor's text and no link but the site's own", async () => {
      const entries = entriesOf('contact-me', victim).map(([key, value]): [string, Entries[number][1]] =>
        key === 'remark' || key === 'firstName' || key === 'lastName' ? [key, phishing] : [key, value],
      );
      expect((await post('contact-me', entries)).status).toBe(201);
      await flush();
      const [copy, ...more] = toVictim();
      expect(more).toHaveLength(0);
      const body = copy?.body ?? '';
      expect(body).toContain('contact');
      expect(body).not.toContain('geblokkeerd');
      expect(body).not.toContain('evil.example');
      expect(copy?.raw ?? '').not.toContain('geblokkeerd');
      const foreign = urlsIn(body).filter((url) => !url.startsWith(`${siteUrl}/`));
      expect(foreign, 'links outside the site').toEqual([]);
      // The agency still reads every word the visitor sent.
      expect(toAgency()[0]?.body).toContain(phishing);
    });

    it("of a testimonial carries none of its author's words, name or website, and no link but the site's own", async () => {
      const entries: Entries = [
        ['name', phishing],
        ['about', phishing],
        ['website', 'https://evil.example/login'],
        ['comment', phishing],
        ['email', victim],
        ['privacy', 'on'],
      ];
      expect((await post('testimonial', entries)).status).toBe(201);
      await flush();
      const [copy, ...more] = toVictim();
      expect(more).toHaveLength(0);
      const body = copy?.body ?? '';
      expect(body).toContain(translatorFor('nl', 'thankYou')('forms.testimonial'));
      expect(copy?.raw ?? '').not.toContain('geblokkeerd');
      expect(copy?.raw ?? '').not.toContain('evil.example');
      expect(
        urlsIn(body).filter((url) => !url.startsWith(`${siteUrl}/`)),
        'links outside the site',
      ).toEqual([]);
      expect(toAgency()[0]?.body).toContain(phishing);
    });

    it('goes again the next day', async () => {
      expect((await post('contact-me', entriesOf('contact-me', victim))).status).toBe(201);
      await flush();
      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .execute();
      expect((await post('site-contact', entriesOf('site-contact', 'Jan.Peeters+2@gmail.com'))).status).toBe(201);
      await flush();
      expect(toVictim()).toHaveLength(2);
    });
  });

  describe('the documents mail', () => {
    const documents = (propertyId: number, email = victim): Entries => [['propertyId', String(propertyId)], ...person(email), ['privacy', 'on']];
    // The French line's no-break space before ':' may reach the mail as a plain one.
    const says = (body: string, key: 'notSentDocumentsRecent' | 'notSentDocumentsRefused') => body.replace(/\s+/g, ' ').includes(translatorFor(getAgencyLanguage(), 'mail')(key).replace(/\s+/g, ' '));
    const documentRows = () => store.db.selectFrom('document_requests').selectAll().execute();
    const listings = () => onOffer('sale').concat(onOffer('rent')).slice(0, 5);

    it('waits for the link of a mailbox that never used one: the victim gets that link only, the agency nothing yet', async () => {
      expect((await post('request-documents', documents(saleId(), 'Jan.Peeters+docs@gmail.com'))).status).toBe(201);
      await flush();
      const [link, ...more] = toVictim();
      expect(more).toHaveLength(0);
      expect(tokenIn(link?.body ?? ''), 'a confirmation link').toBeDefined();
      expect(link?.body).not.toContain('/api/documents/');
      expect(await outboxOf('visitor-mail')).toHaveLength(0);
      expect(toAgency()).toHaveLength(0);
      expect(await documentRows()).toHaveLength(0);
    });

    it('goes once the mailbox used the link, and then at once, at most three a day; the fourth listing is left to the agency', async () => {
      const [first, ...others] = listings();
      expect(others.length).toBeGreaterThanOrEqual(3);
      expect((await post('request-documents', documents(first?.id ?? 0))).status).toBe(201);
      await flush();
      expect((await pressConfirm(tokenIn(toVictim()[0]?.body ?? '') ?? '')).status).toBe(303);
      await flush();
      expect(toVictim(), 'the link, then the documents').toHaveLength(2);
      for (const listing of others.slice(0, 3)) expect((await post('request-documents', documents(listing.id))).status).toBe(201);
      await flush();
      expect((await outboxOf('visitor-mail')).length, 'documents mails queued').toBe(3);
      expect(toVictim()).toHaveLength(4);
      const noted = toAgency().filter((mail) => says(mail.body, 'notSentDocumentsRecent'));
      expect(noted, 'agency mails saying the documents were not sent').toHaveLength(1);
      expect((await documentRows()).map((row) => row.property_id).sort()).toEqual([first, ...others.slice(0, 2)].map((listing) => listing?.id).sort());
      // The visitor may ask again once the day is over.
      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .execute();
      expect((await post('request-documents', documents(others[2]?.id ?? 0))).status).toBe(201);
      expect((await post('request-documents', documents(first?.id ?? 0))).status, 'the same listing within the links life').toBe(409);
    });

    it('never goes to a mailbox that refused mail: the agency is told, no document request is written', async () => {
      const { addressKey } = await import('@/lib/security/address-key');
      await store.db
        .insertInto('mail_refusals')
        .values({ address_key: addressKey(victim), refused_at: new Date().toISOString() })
        .execute();
      expect((await post('request-documents', documents(saleId(), 'JanPeeters+x@googlemail.com'))).status).toBe(201);
      await flush();
      expect(await outboxOf('visitor-mail')).toHaveLength(0);
      expect(toVictim()).toHaveLength(0);
      expect(toAgency().filter((mail) => says(mail.body, 'notSentDocumentsRefused'))).toHaveLength(1);
      expect(await documentRows()).toHaveLength(0);
    });
  });

  describe('a mailbox that never used a link of ours', () => {
    const documents = (propertyId: number, email: string): Entries => [['propertyId', String(propertyId)], ...person(email), ['privacy', 'on']];
    const listings = () => onOffer('sale').concat(onOffer('rent')).slice(0, 3);
    it('gets one mail a day from all the forms together; what waits goes on the next days, nothing is lost', async () => {
      const posts: [string, Entries, string][] = [
        ['contact-me', entriesOf('contact-me', victim), '198.51.100.1'],
        [
          'sign-newsletter',
          [
            ['email', 'Jan.Peeters+news@gmail.com'],
            ['privacy', 'on'],
          ],
          '198.51.100.2',
        ],
        ['demand-register', search('janpeeters@googlemail.com'), '198.51.100.3'],
        [
          'follow-listing',
          [
            ['propertyId', String(saleId())],
            ['email', 'JAN.PEETERS@gmail.com'],
            ['privacy', 'on'],
          ],
          '198.51.100.4',
        ],
        ...listings()
          .slice(0, 3)
          .map((listing, index): [string, Entries, string] => ['request-documents', documents(listing.id, `jan.peeters+d${index}@gmail.com`), `198.51.100.${5 + index}`]),
      ];
      for (const [form, entries, client] of posts) expect((await post(form, entries, client)).status, form).toBe(201);
      // A friend's mail would be a second mail today: its sender is told the friend had enough.
      const toFriend: Entries = [
        ['propertyId', String(saleId())],
        ['firstName', 'Marie'],
        ['lastName', 'Dubois'],
        ['email', 'marie@example.be'],
        ['friendEmail', 'Jan.Peeters+f@gmail.com'],
        ['privacy', 'on'],
      ];
      expect((await post('send-to-friend', toFriend, '198.51.100.9')).status).toBe(429);
      await flush();
      expect(toVictim().length, 'mails the first day').toBe(1);
      // The newsletter's, the alerts' and the documents' links follow, one a day.
      const perDay: number[] = [];
      for (let day = 1; day <= 4; day += 1) {
        const before = toVictim().length;
        await flush(new Date(Date.now() + day * 86_400_000 + 60_000));
        perDay.push(toVictim().length - before);
      }
      expect(perDay).toEqual([1, 1, 1, 0]);
    });

    it.each(['sign-newsletter', 'follow-listing'] as const)("becomes its owner's once it used a link of ours (%s): the documents then go at once", async (form) => {
      const entries: Entries =
        form === 'sign-newsletter'
          ? [
              ['email', victim],
              ['privacy', 'on'],
            ]
          : [
              ['propertyId', String(rentId())],
              ['email', victim],
              ['privacy', 'on'],
            ];
      expect((await post(form, entries)).status).toBe(201);
      await flush();
      const token = /[?&]token=([\w-]+)/.exec(toVictim()[0]?.body ?? '')?.[1] ?? '';
      const { confirmAlertSubscription, confirmNewsletterSignup } = await import('@/lib/db');
      const { tokenDigest } = await import('@/lib/security/link-token');
      if (form === 'sign-newsletter') expect((await confirmNewsletterSignup(store, tokenDigest(token), [])).status).toBe('confirmed');
      else expect(await confirmAlertSubscription(store, tokenDigest(token), [])).toBeDefined();
      expect((await post('request-documents', documents(saleId(), 'Jan.Peeters+docs@gmail.com'))).status).toBe(201);
      await flush();
      expect(await outboxOf('visitor-mail'), 'the documents mail, without a link first').toHaveLength(1);
      expect(toVictim()).toHaveLength(2);
    });
  });

  describe('the confirmations of follows and search alerts', () => {
    it('are one mail a day for one mailbox: 20 follows of 20 listings and 5 search alerts', async () => {
      const listings = onOffer('sale').concat(onOffer('rent')).slice(0, 20);
      expect(listings).toHaveLength(20);
      for (const [index, listing] of listings.entries()) {
        const response = await post('follow-listing', [
          ['propertyId', String(listing.id)],
          ['email', victimSpellings[index % victimSpellings.length] ?? victim],
          ['privacy', 'on'],
        ]);
        expect(response.status).toBe(201);
      }
      for (let index = 0; index < 5; index += 1) expect((await post('demand-register', search(victimSpellings[index] ?? victim))).status).toBe(201);
      await flush();
      expect(toVictim().length, 'confirmation mails that day').toBe(1);
      // Every subscription is kept, waiting for its address.
      expect(await store.db.selectFrom('alert_subscriptions').select('id').where('status', '=', 'pending').execute()).toHaveLength(25);

      // The next day one more mail goes, whose link confirms all that still wait.
      await flush(new Date(Date.now() + 25 * 3_600_000));
      expect(toVictim()).toHaveLength(2);
      const { confirmAlertSubscription } = await import('@/lib/db');
      const { tokenDigest } = await import('@/lib/security/link-token');
      const token = /[?&]token=([\w-]+)/.exec(toVictim()[1]?.body.match(/https:\/\/\S+action=confirm\S*/)?.[0] ?? '')?.[1] ?? '';
      expect(token).not.toBe('');
      await confirmAlertSubscription(store, tokenDigest(token), []);
      expect(await store.db.selectFrom('alert_subscriptions').select('id').where('status', '=', 'pending').execute()).toHaveLength(0);
    });

    it('sends nothing from a delayed job once its subscriptions were confirmed by an earlier link', async () => {
      expect(
        (
          await post('follow-listing', [
            ['propertyId', String(saleId())],
            ['email', victim],
            ['privacy', 'on'],
          ])
        ).status,
      ).toBe(201);
      expect(
        (
          await post('follow-listing', [
            ['propertyId', String(rentId())],
            ['email', 'janpeeters+b@gmail.com'],
            ['privacy', 'on'],
          ])
        ).status,
      ).toBe(201);
      await flush();
      expect(toVictim()).toHaveLength(1);
      const { confirmAlertSubscription } = await import('@/lib/db');
      const { tokenDigest } = await import('@/lib/security/link-token');
      const token = /[?&]token=([\w-]+)/.exec(toVictim()[0]?.body.match(/https:\/\/\S+action=confirm\S*/)?.[0] ?? '')?.[1] ?? '';
      await confirmAlertSubscription(store, tokenDigest(token), []);
      await flush(new Date(Date.now() + 25 * 3_600_000));
      expect(toVictim()).toHaveLength(1);
      expect((await outboxOf('alert-confirm')).map((job) => job.status)).toEqual(['delivered', 'delivered']);
    });

    describe('a link confirms only what its mail counted', () => {
      // A mailbox of its own, so that the mails to it are told apart from the victim's above.
      const mailbox = 'v@x.be';
      const toMailbox = () => smtp.received.filter((mail) => mail.to.includes(mailbox));
      const linkOf = (mail: { body: string } | undefined) => /[?&]token=([\w-]+)/.exec(mail?.body.match(/https:\/\/\S+action=confirm\S*/)?.[0] ?? '')?.[1] ?? '';
      const statusOf = async (form: string) =>
        (
          await store.db
            .selectFrom('alert_subscriptions')
            .innerJoin('requests', 'requests.id', 'alert_subscriptions.request_id')
            .select('alert_subscriptions.status')
            .where('requests.form', '=', form)
            .executeTakeFirst()
        )?.status;
      const agencyJobs = async () =>
        (
          await store.db
            .selectFrom('outbox')
            .innerJoin('requests', 'requests.id', 'outbox.request_id')
            .select('outbox.kind')
            .where('requests.form', '=', 'demand-register')
            .where('outbox.kind', '!=', 'alert-confirm')
            .execute()
        )
          .map((job) => job.kind)
          .sort();
      // Only Date: the SMTP sink and the sends keep their real timers. Each step of the story has its own minute.
      const start = Date.now();
      const at = (minutes: number) => vi.setSystemTime(start + minutes * 60_000);
      beforeEach(() => {
        vi.useFakeTimers({ toFake: ['Date'] });
      });
      afterEach(() => {
        vi.useRealTimers();
      });

      it('leaves pending a follow posted after the link was mailed, which gets its own link the next day', async () => {
        const { confirmAlertSubscription } = await import('@/lib/db');
        const { tokenDigest } = await import('@/lib/security/link-token');
        at(0);
        expect((await post('demand-register', search(mailbox))).status).toBe(201);
        at(1);
        await flush();
        expect(toMailbox()).toHaveLength(1);
        // A stranger follows a listing for the same address after the mail went out.
        at(2);
        expect(
          (
            await post('follow-listing', [
              ['propertyId', String(saleId())],
              ['email', mailbox],
              ['privacy', 'on'],
            ])
          ).status,
        ).toBe(201);
        at(3);
        await flush();
        expect(toMailbox(), 'no second link within the day').toHaveLength(1);
        expect(await confirmAlertSubscription(store, tokenDigest(linkOf(toMailbox()[0])), ['agency-mail', 'webhook'])).toBeDefined();
        expect(await statusOf('demand-register')).toBe('active');
        expect(await statusOf('follow-listing'), 'the follow the mail never mentioned').toBe('pending');
        expect(await agencyJobs()).toEqual(['agency-mail', 'webhook']);

        // The day after, the follow's own link goes (counting no other), and confirms the follow alone.
        at(60 * 25);
        await flush();
        expect(toMailbox()).toHaveLength(2);
        const second = linkOf(toMailbox()[1]);
        expect(second).not.toBe(linkOf(toMailbox()[0]));
        expect(await confirmAlertSubscription(store, tokenDigest(second), ['agency-mail', 'webhook'])).toBeDefined();
        expect(await statusOf('follow-listing')).toBe('active');
        expect(await agencyJobs(), "the search's deliveries are queued once").toEqual(['agency-mail', 'webhook']);
      });

      it('confirms a follow posted before the link was mailed (the mail counted it)', async () => {
        const { confirmAlertSubscription } = await import('@/lib/db');
        const { tokenDigest } = await import('@/lib/security/link-token');
        at(0);
        expect((await post('demand-register', search(mailbox))).status).toBe(201);
        at(1);
        expect(
          (
            await post('follow-listing', [
              ['propertyId', String(saleId())],
              ['email', mailbox],
              ['privacy', 'on'],
            ])
          ).status,
        ).toBe(201);
        at(2);
        await flush();
        expect(toMailbox()).toHaveLength(1);
        expect(await confirmAlertSubscription(store, tokenDigest(linkOf(toMailbox()[0])), ['agency-mail', 'webhook'])).toBeDefined();
        expect(await statusOf('demand-register')).toBe('active');
        expect(await statusOf('follow-listing')).toBe('active');
        expect(await agencyJobs()).toEqual(['agency-mail', 'webhook']);
      });
    });
  });

  describe('the refusal link', () => {
    it('in every mail to a visitor; once used, the address gets nothing more from any form', async () => {
      expect((await post('contact-me', entriesOf('contact-me', victim))).status).toBe(201);
      await flush();
      const link = /https:\/\/www\.immo-hainaut\.example\/api\/mail\/refuse\/\?[^\s"<>]+/.exec(toVictim()[0]?.body ?? '')?.[0];
      expect(link, 'a refusal link in the copy').toBeDefined();
      const { refusalGet, refusalPost } = await import('@/lib/mail/refusal-route');
      const url = (link ?? '').replace(/&#38;/g, '&').replace(siteUrl, origin);
      // Opening the link (a mail scanner does) only shows the button.
      const page = await refusalGet(new Request(url));
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<form method="post"[^>]*>[\s\S]*<button/);
      expect(await store.db.selectFrom('mail_refusals').selectAll().execute()).toHaveLength(0);
      const token = new URL(url).searchParams.get('token') ?? '';
      const done = await refusalPost(
        new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, lang: 'nl' }).toString() }),
      );
      expect(done.status).toBe(200);
      expect(await store.db.selectFrom('mail_refusals').selectAll().execute()).toHaveLength(1);
      // A forged token records nothing.
      const forged = await refusalPost(
        new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: `${token.slice(0, -2)}xx`, lang: 'nl' }).toString() }),
      );
      expect(forged.status).toBe(400);

      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .execute();
      smtp.received = [];
      expect((await post('site-contact', entriesOf('site-contact', 'JanPeeters+again@gmail.com'))).status).toBe(201);
      expect(
        (
          await post('sign-newsletter', [
            ['email', victim],
            ['privacy', 'on'],
          ])
        ).status,
      ).toBe(201);
      expect(
        (
          await post('follow-listing', [
            ['propertyId', String(saleId())],
            ['email', victim],
            ['privacy', 'on'],
          ])
        ).status,
      ).toBe(201);
      expect((await post('demand-register', search(victim))).status).toBe(201);
      expect(
        (
          await post('send-to-friend', [
            ['propertyId', String(saleId())],
            ['firstName', 'A'],
            ['lastName', 'B'],
            ['email', 'a@example.be'],
            ['friendEmail', 'jan.peeters+friend@gmail.com'],
            ['privacy', 'on'],
          ])
        ).status,
      ).toBe(201);
      await flush();
      expect(toVictim()).toHaveLength(0);
      // The agency still hears of the contact and of the send-to-friend, each saying why the visitor got nothing.
      expect(toAgency().length).toBeGreaterThanOrEqual(2);
      const t = translatorFor(getAgencyLanguage(), 'mail');
      expect(toAgency().map((mail) => mail.body.includes(t('notSentCopyRefused')) || mail.body.includes(t('notSentFriendRefused')))).toEqual(toAgency().map(() => true));
    });
  });

  describe('send-to-friend', () => {
    const friend = (friendEmail: string, email = 'marie@example.be'): Entries => [
      ['propertyId', String(saleId())],
      ['firstName', 'Marie'],
      ['lastName', 'Dubois'],
      ['email', email],
      ['friendEmail', friendEmail],
      ['privacy', 'on'],
    ];

    it('counts friend+1 … friend+5 as one recipient: one a day to a friend who never used a link of ours', async () => {
      const statuses = [];
      for (let index = 1; index <= 5; index += 1) statuses.push((await post('send-to-friend', friend(`Paul.Friend+${index}@example.be`, `sender${index}@example.be`), `198.51.100.${index}`)).status);
      expect(statuses).toEqual([201, 429, 429, 429, 429]);
    });

    it('three a day to a friend whose mailbox is their own (it used a link of ours)', async () => {
      const { addressKey } = await import('@/lib/security/address-key');
      // As confirmPendingRequests, confirmAlertSubscription and confirmNewsletterSignup record it.
      await store.db
        .insertInto('confirmed_mailboxes')
        .values({ address_key: addressKey('paul.friend@example.be'), confirmed_at: new Date().toISOString() })
        .execute();
      const statuses = [];
      for (let index = 1; index <= 5; index += 1) statuses.push((await post('send-to-friend', friend(`Paul.Friend+${index}@example.be`, `sender${index}@example.be`), `198.51.100.${index}`)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    });

    it('counts per sending client, not per typed sender address: the 11th from one client is refused', async () => {
      const statuses = [];
      for (let index = 0; index < 11; index += 1) statuses.push((await post('send-to-friend', friend(`friend${index}@example.be`, `sender${index}@example.be`), '203.0.113.9')).status);
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      expect((await post('send-to-friend', friend('friend11@example.be', 'sender11@example.be'), '203.0.113.10')).status).toBe(201);
    });

    it("carries no text of the sender's: no name, no note", async () => {
      const entries: Entries = [
        ...friend('paul@example.be').map(([key, value]): [string, Entries[number][1]] => (key === 'firstName' ? [key, 'Uw rekening is geblokkeerd'] : [key, value])),
        ['remark', 'Bel ons meteen op 0900 123 456'],
      ];
      expect((await post('send-to-friend', entries)).status).toBe(201);
      await flush();
      const mail = smtp.received.find((candidate) => candidate.to.includes('paul@example.be'));
      expect(mail?.body).toBeDefined();
      expect(mail?.raw).not.toContain('geblokkeerd');
      expect(mail?.body).not.toContain('0900 123 456');
      expect(mail?.raw).not.toMatch(/^Reply-To: marie@example\.be/im);
      expect(urlsIn(mail?.body ?? '').filter((url) => !url.startsWith(`${siteUrl}/`))).toEqual([]);
    });
  });
});
