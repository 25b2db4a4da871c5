import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '@/lib/db';
import { altchaSolution } from './altcha-solution';

/*
 * The route handler is one pipeline for every form: what differs between forms is read from the
 * form's definition (lib/forms/definitions.ts). Each test changes one entry of a definition and
 * shows that the answer follows it, so that a handler that went back to testing form names fails.
 */

vi.mock('next/server', () => ({ after: () => undefined }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';
delete process.env.SMTP_URL;

const { setStore, listRequests } = await import('@/lib/db');
const { closeOpenedStores, runSql, testDatabases } = await import('./test-stores');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { formKinds } = await import('@/lib/form-kinds/table');
const { getAppointmentSlots, getProperties } = await import('@/lib/catalogue');
const { brusselsNow } = await import('@/lib/forms/slots');
const { default: fr } = await import('@/messages/fr.json');

type FormName = Parameters<typeof handleFormRequest>[0];
type FormDefinition = (typeof formKinds)[FormName]['definition'];

let store: Store;
const origin = 'http://localhost:3100';
const visitor = { title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: 'marie.dubois@example.be', phone: '0475 12 34 56', privacy: true };

const saved = new Map<FormName, FormDefinition>();
/** This form's definition says otherwise until the end of the test. */
function define(form: FormName, change: Partial<FormDefinition>) {
  if (!saved.has(form)) saved.set(form, formKinds[form].definition);
  formKinds[form] = { ...formKinds[form], definition: { ...formKinds[form].definition, ...change } };
}

/**
 * A JSON post; `captcha: true` adds the solved proof of work of a browser with JavaScript (a post
 * passed by the picture's answer waits for a mailed link instead: no-js-confirm.test.ts).
 */
async function send(form: FormName, fields: Record<string, unknown>, options: { captcha?: boolean } = {}) {
  const withCaptcha = options.captcha ?? true;
  return handleFormRequest(
    form,
    new Request(`${origin}/api/forms/${form}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, host: 'localhost:3100' },
      body: JSON.stringify({ lang: 'fr', ...(withCaptcha ? { altcha: await altchaSolution(form) } : {}), ...fields }),
    }),
  );
}

const answerOf = async (response: Response) => (await response.json()) as { ok: boolean; error?: string; fieldErrors?: Record<string, { code: string }> };
const bookings = async () => store.db.selectFrom('bookings').selectAll().execute();
const jobKinds = async () => (await store.db.selectFrom('outbox').select('kind').execute()).map((job) => job.kind).sort();

function listingOf(goal: 'sale' | 'rent'): number {
  const listing = getProperties('fr', { goal, availability: 'on-offer' })[0];
  if (!listing) throw new Error(`no ${goal} listing on offer`);
  return listing.id;
}

function slotOf(when: 'past' | 'future') {
  const now = brusselsNow();
  for (const property of getProperties('fr', { availability: 'on-offer' })) {
    const slot = getAppointmentSlots(property.id).find((candidate) => (when === 'past' ? candidate.Start < now : candidate.Start > now && candidate.Capacity > candidate.Booked));
    if (slot) return slot;
  }
  throw new Error(`the snapshot has no ${when} slot of a listing on offer`);
}

describe.each(testDatabases)('on $name', (database) => {
  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
  });

  afterEach(() => {
    for (const [form, definition] of saved) formKinds[form] = { ...formKinds[form], definition };
    saved.clear();
  });

  afterAll(async () => {
    setStore(undefined);
    await closeOpenedStores();
  });

  describe('the captcha named by the definition', () => {
    it('is not asked of a form whose definition has none', async () => {
      expect(formKinds['sign-newsletter'].definition.captcha).toBe(false);
      expect((await send('sign-newsletter', { email: 'lecteur@example.be', privacy: true }, { captcha: false })).status).toBe(201);
      define('contact-me', { captcha: false });
      expect((await send('contact-me', { ...visitor, propertyId: listingOf('sale') }, { captcha: false })).status).toBe(201);
    });

    it('is asked of a form whose definition has one', async () => {
      const refused = await send('contact-me', { ...visitor, propertyId: listingOf('sale') }, { captcha: false });
      expect(refused.status).toBe(422);
      expect(Object.keys((await answerOf(refused)).fieldErrors ?? {})).toEqual(['captcha']);
      define('sign-newsletter', { captcha: true });
      const newsletter = await send('sign-newsletter', { email: 'lecteur@example.be', privacy: true }, { captcha: false });
      expect(newsletter.status).toBe(422);
      expect(Object.keys((await answerOf(newsletter)).fieldErrors ?? {})).toEqual(['captcha']);
      expect(await listRequests(store)).toHaveLength(0);
    });
  });

  describe('the slot booking named by the definition', () => {
    it('refuses a viewing time that has passed, and books one that is to come', async () => {
      const past = slotOf('past');
      const refused = await send('contact-appointment', { ...visitor, propertyId: past.PropertyID, slotId: past.ID });
      expect(refused.status).toBe(422);
      expect((await answerOf(refused)).fieldErrors?.slotId?.code).toBe('slotUnavailable');
      const future = slotOf('future');
      expect((await send('contact-appointment', { ...visitor, propertyId: future.PropertyID, slotId: future.ID })).status).toBe(201);
      expect((await bookings()).map((booking) => booking.slot_id)).toEqual([future.ID]);
    });

    it('is not made by a form whose definition books none, whatever the post says', async () => {
      define('contact-appointment', { booksSlot: false });
      const past = slotOf('past');
      expect((await send('contact-appointment', { ...visitor, propertyId: past.PropertyID, slotId: past.ID })).status).toBe(201);
      const future = slotOf('future');
      expect((await send('contact-appointment', { ...visitor, email: 'paul@example.be', propertyId: future.PropertyID, slotId: future.ID })).status).toBe(201);
      expect(await bookings()).toHaveLength(0);
    });
  });

  describe('what the definition says the request is about', () => {
    it('refuses a listing of another goal than the definition names', async () => {
      define('contact-me', { goal: 'rent' });
      const refused = await send('contact-me', { ...visitor, propertyId: listingOf('sale') });
      expect(refused.status).toBe(422);
      expect((await answerOf(refused)).error).toBe('propertyUnavailable');
      expect((await send('contact-me', { ...visitor, propertyId: listingOf('rent') })).status).toBe(201);
    });

    it('needs no listing when the definition says the request is about the agency', async () => {
      expect((await send('contact-me', { ...visitor, propertyId: 4999999 })).status).toBe(422);
      define('contact-me', { about: 'agency' });
      expect((await send('contact-me', { ...visitor, propertyId: 4999999 })).status).toBe(201);
      expect((await listRequests(store))[0]?.property_id).toBeNull();
    });
  });

  describe('the guards and transforms named by the definition', () => {
    it('sends the documents of a listing once per address only where the definition says so', async () => {
      const propertyId = listingOf('sale');
      expect((await send('contact-me', { ...visitor, propertyId })).status).toBe(201);
      expect((await send('contact-me', { ...visitor, propertyId })).status).toBe(201);
      define('contact-me', { sendsDocuments: true });
      await runSql(store, 'DELETE FROM outbox');
      await runSql(store, 'DELETE FROM requests');
      expect((await send('contact-me', { ...visitor, propertyId })).status).toBe(201);
      const again = await send('contact-me', { ...visitor, propertyId });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(fr.forms.status.documentsAlreadyRequested);
    });

    it('mails the visitor only where the definition says so', async () => {
      define('contact-me', { visitorMail: false });
      expect((await send('contact-me', { ...visitor, propertyId: listingOf('sale') })).status).toBe(201);
      expect(await jobKinds()).toEqual(['agency-mail']);
    });
  });
});
