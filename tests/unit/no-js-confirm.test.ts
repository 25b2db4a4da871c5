import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { multipartBody, tinyPdf, urlencodedBody, type Entries } from './hostile-payloads';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 35 item 3: the no-JavaScript check (a picture, a spoken code) can be read by a program, so
 * a request that passed only that check reaches the agency (its mail, the CRM's webhook, the
 * leads) once someone who reads the address's mail used the link mailed to it. Through the form
 * handler, the database, the outbox, a real SMTP server and a webhook receiver on loopback.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '100000';
delete process.env.TRUST_PROXY_HOPS;
delete process.env.MAIL_TO;
const uploadDir = await mkdtemp(path.join(tmpdir(), 'no-js-confirm-'));
process.env.UPLOAD_DIR = uploadDir;
process.env.UPLOAD_STORE = 'folder';

/** The CRM's side: every webhook post it received. */
const hooks: string[] = [];
const hookServer: Server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    hooks.push(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(200).end();
  });
});

const { listRequests, pruneExpired, setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, sealCaptcha } = await import('@/lib/forms/captcha');
const { deliverDueJobs, immediateDelivery } = await import('@/lib/mail/outbox-worker');
const { offerImmediateDelivery } = await import('@/lib/outbox/deliver-soon');
// As on the server, whose outbox worker delivers a job queued by a request at once (lib/outbox/deliver-soon).
offerImmediateDelivery(immediateDelivery);
const { getAppointmentSlots, getProperties } = await import('@/lib/catalogue');
const { brusselsNow } = await import('@/lib/forms/slots');
const { getAgencyLanguage, getSite } = await import('@/lib/config');
const { translatorFor } = await import('@/lib/i18n/messages');

type Store = Awaited<ReturnType<(typeof testDatabases)[number]['open']>>;
type FormName = Parameters<typeof handleFormRequest>[0];

const origin = 'http://localhost:3100';
const siteUrl = 'https://www.immo-hainaut.example';
const answer = 'ABCDE';
const hourMs = 3_600_000;

const onOffer = (goal: 'sale' | 'rent') => getProperties('nl', { goal }).filter((property) => property.availability === 'on-offer');
const saleId = () => onOffer('sale')[0]?.id ?? 0;
/** A listing for rent with a viewing time still to come, and that time. */
function listingWithSlot(): { propertyId: number; slot: ReturnType<typeof getAppointmentSlots>[number] } {
  for (const property of [...onOffer('rent'), ...onOffer('sale')]) {
    const slot = getAppointmentSlots(property.id).find((candidate) => candidate.Start > brusselsNow() && candidate.Capacity - candidate.Booked >= 1);
    if (slot) return { propertyId: property.id, slot };
  }
  throw new Error('the snapshot has no viewing time to come');
}

const person = (email: string): Entries => [
  ['title', 'mr'],
  ['firstName', 'Jan'],
  ['lastName', 'Peeters'],
  ['email', email],
  ['phone', '0475 12 34 56'],
  ['privacy', 'on'],
];

let captchas = 0;
/**
 * A post as a browser without JavaScript makes it: form fields, the picture's answer and its
 * cookie, no Accept: JSON. `json`: the same answer sent by a script that asks for JSON.
 */
function plainPost(form: FormName, entries: Entries, options: { cv?: boolean; json?: boolean } = {}): Promise<Response> {
  captchas += 1;
  const cookie = `${captchaCookie(form)}=${sealCaptcha({ id: `nojs-${captchas}-${Date.now()}`, answer, code: '123456', form, expires: Date.now() + 600_000 })}`;
  const all: Entries = [['lang', 'nl'], ['captcha', answer], ...entries];
  const headers: Record<string, string> = { origin, host: 'localhost:3100', cookie, referer: `${origin}/nl/contact/`, ...(options.json ? { accept: 'application/json' } : {}) };
  const request = options.cv
    ? new Request(`${origin}/api/forms/${form}/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=nojs' },
        body: multipartBody(all, [{ field: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', bytes: tinyPdf }], { boundary: 'nojs' }),
      })
    : new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: urlencodedBody(all) });
  return handleFormRequest(form, request);
}

/** The confirmation link's token in a mail to the visitor. */
const tokenIn = (body: string) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** What the page's button posts (a plain form of the link's page). */
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

beforeAll(async () => {
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  const address = hookServer.address();
  process.env.WEBHOOK_URL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});
afterAll(async () => {
  delete process.env.WEBHOOK_URL;
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  await rm(uploadDir, { recursive: true, force: true });
});

describe.each(testDatabases)('a post without JavaScript, on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
    hooks.length = 0;
  });

  async function flush(now?: Date): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs({ now });
  }

  const agency = () => getSite().siteInfo.email;
  const toAgency = () => smtp.received.filter((mail) => mail.to.includes(agency()));
  const toVisitor = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('reaches neither the agency, nor the webhook, nor the leads before its address confirms; the link then delivers it once', async () => {
    const response = await plainPost('contact-me', [['propertyId', String(saleId())], ...person('jan@example.be'), ['remark', 'Nog vrij?'], ['contactDevice', 'email']]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/nl/bedankt/contact-me/bevestig-per-mail/?listing=${saleId()}`);
    await flush();
    expect(toAgency(), "the agency's mailbox before confirmation").toHaveLength(0);
    expect(hooks, 'webhook posts before confirmation').toHaveLength(0);
    expect(await listRequests(store), 'leads before confirmation').toHaveLength(0);
    // The request is kept (nothing the server accepted is lost), and its address got one plain mail.
    expect(await store.db.selectFrom('requests').select('id').execute()).toHaveLength(1);
    const [mail, ...more] = toVisitor('jan@example.be');
    expect(more).toHaveLength(0);
    expect(mail?.body).not.toContain('Nog vrij?');
    const token = tokenIn(mail?.body ?? '');
    expect(token, 'a confirmation link in the mail').toBeDefined();
    if (!token) return;
    expect(mail?.body).toContain(`${siteUrl}/nl/aanvraag-bevestigen/?token=${token}`);

    // Opening the link's page changes nothing (mail scanners open links).
    const { requestLinkView } = await import('@/lib/forms/request-confirm-route');
    expect((await requestLinkView(token, 'nl')).state).toBe('pending');
    await flush();
    expect(toAgency()).toHaveLength(0);

    const confirmed = await pressConfirm(token);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/nl/aanvraag-bevestigen/?token=${token}`);
    await flush();
    expect(toAgency()).toHaveLength(1);
    expect(toAgency()[0]?.body).toContain('Nog vrij?');
    expect(hooks).toHaveLength(1);
    expect(await listRequests(store)).toHaveLength(1);
    expect((await requestLinkView(token, 'nl')).state).toBe('confirmed');

    // A second use of the link (a double click, a scanner replaying the post) delivers nothing more.
    await pressConfirm(token);
    await flush();
    expect(toAgency()).toHaveLength(1);
    expect(hooks).toHaveLength(1);
    // No copy after the confirmation: the link's mail was the one mail of the day.
    expect(toVisitor('jan@example.be')).toHaveLength(1);
  });

  it('is held as well when a script sends the picture answer asking for JSON', async () => {
    const response = await plainPost('site-contact', [...person('script@example.be'), ['city', 'Mons']], { json: true });
    expect(response.status).toBe(201);
    await flush();
    expect(toAgency()).toHaveLength(0);
    expect(hooks).toHaveLength(0);
  });

  it('sends one mail a day to a mailbox; a later post waits for the next day, whose link confirms both', async () => {
    const start = new Date();
    expect((await plainPost('contact-me', [['propertyId', String(saleId())], ...person('Jan.Peeters@gmail.com')])).status).toBe(303);
    await flush(start);
    expect((await plainPost('site-contact', [...person('janpeeters+2@googlemail.com'), ['city', 'Mons']])).status).toBe(303);
    expect(
      (await plainPost('contact-demand', [...person('jan.peeters@gmail.com'), ['propertyType', '1'], ['street', 'Grote Markt'], ['houseNumber', '1'], ['zip', '7000'], ['city', 'Bergen']])).status,
    ).toBe(303);
    await flush(new Date(start.getTime() + hourMs));
    const victim = () => smtp.received.filter((mail) => mail.to.some((address) => /peeters/i.test(address)));
    expect(victim(), 'mails to the mailbox the first day').toHaveLength(1);

    // The first link confirms what its mail counted: not the two posted after it went out.
    const first = tokenIn(victim()[0]?.body ?? '') ?? '';
    await pressConfirm(first);
    await flush(new Date(start.getTime() + 2 * hourMs));
    expect(toAgency()).toHaveLength(1);

    // A day later one mail carries the link of the two that wait.
    await flush(new Date(start.getTime() + 25 * hourMs));
    expect(victim()).toHaveLength(2);
    expect(victim()[1]?.body).toContain('die deze link ook bevestigt: 1.');
    await pressConfirm(tokenIn(victim()[1]?.body ?? '') ?? '');
    await flush(new Date(start.getTime() + 26 * hourMs));
    expect(toAgency()).toHaveLength(3);
    expect(victim()).toHaveLength(2);
  });

  it('is gone with its upload once its link expired unconfirmed', async () => {
    expect((await plainPost('site-contact', [...person('cv@example.be'), ['city', 'Mons']], { cv: true })).status).toBe(303);
    await flush();
    expect(await store.db.selectFrom('uploads').select('path').execute()).toHaveLength(1);
    expect(await readdir(uploadDir)).toHaveLength(1);
    const token = tokenIn(toVisitor('cv@example.be')[0]?.body ?? '') ?? '';

    // Within its life the request stays.
    await pruneExpired(store, new Date(Date.now() + 6 * 24 * hourMs));
    expect(await store.db.selectFrom('requests').select('id').execute()).toHaveLength(1);

    const counts = await pruneExpired(store, new Date(Date.now() + 8 * 24 * hourMs));
    expect(counts.unconfirmedRequests).toBe(1);
    expect(await store.db.selectFrom('requests').select('id').execute()).toHaveLength(0);
    expect(await store.db.selectFrom('uploads').select('id').execute()).toHaveLength(0);
    expect(await store.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
    expect(await readdir(uploadDir), 'the CV on disk').toHaveLength(0);
    // Its link now leads nowhere, and confirms nothing.
    await pressConfirm(token);
    await flush();
    expect(toAgency()).toHaveLength(0);
  });

  it('books its viewing time when confirmed, or goes on without it when the time was taken meanwhile', async () => {
    const { propertyId, slot } = listingWithSlot();
    const visit = (email: string) => plainPost('contact-appointment', [['propertyId', String(propertyId)], ['slotId', String(slot.ID)], ...person(email), ['contactSlots', '13-16']]);
    const bookings = async () => (await store.db.selectFrom('bookings').select('request_id').where('slot_id', '=', slot.ID).execute()).length;
    expect((await visit('late@example.be')).status).toBe(303);
    await flush();
    // An unconfirmed post holds no place.
    expect(await bookings()).toBe(0);
    const late = tokenIn(toVisitor('late@example.be')[0]?.body ?? '') ?? '';

    // Others fill the slot (with JavaScript, straight away) before the first visitor confirms.
    const places = slot.Capacity - slot.Booked;
    for (let index = 0; index < places; index += 1) {
      await store.db
        .insertInto('bookings')
        .values({ id: `other-${index}`, slot_id: slot.ID, property_id: propertyId, request_id: `other-${index}`, status: 'confirmed', created_at: new Date().toISOString() })
        .execute();
    }
    await pressConfirm(late);
    await flush();
    expect(await bookings()).toBe(places);
    expect(toAgency()).toHaveLength(1);
    expect(toAgency()[0]?.body).toContain(translatorFor(getAgencyLanguage(), 'mail')('notSentSlotGone'));
    const { requestLinkView } = await import('@/lib/forms/request-confirm-route');
    const view = await requestLinkView(late, 'nl');
    expect(view.state).toBe('confirmed');
    expect(view.slotGone?.path).toContain(String(propertyId));

    // With a place left, the confirmation books it.
    await store.db.deleteFrom('bookings').where('request_id', '=', 'other-0').execute();
    expect((await visit('early@example.be')).status).toBe(303);
    await flush();
    await pressConfirm(tokenIn(toVisitor('early@example.be')[0]?.body ?? '') ?? '');
    await flush();
    expect(await bookings()).toBe(places);
    expect((await requestLinkView(tokenIn(toVisitor('early@example.be')[0]?.body ?? ''), 'nl')).slotGone).toBeUndefined();
  });
});
