import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { altchaSolution } from './altcha-solution';
import { closeOpenedStores, testDatabases } from './test-stores';
import type { Store } from '@/lib/db';

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';
delete process.env.SMTP_URL;

const { closeStore, setStore, listRequests } = await import('@/lib/db');
const { runSql } = await import('./test-stores');
const { formRoute, handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, newCaptcha, sealCaptcha } = await import('@/lib/forms/captcha');
const { readDraft } = await import('@/lib/forms/draft');
const { getAppointmentSlots } = await import('@/lib/catalogue');
const { brusselsNow } = await import('@/lib/forms/slots');
const { default: fr } = await import('@/messages/fr.json');

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;

  const origin = 'http://localhost:3100';

  const minimalPdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

  function captchaFor(form: string) {
    const token = newCaptcha(form);
    return { answer: token.answer, cookie: `${captchaCookie(form)}=${sealCaptcha(token)}` };
  }

  function post(form: string, body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
    return new Request(`${origin}/api/forms/${form}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, host: 'localhost:3100', ...init.headers },
      body: init.raw ?? JSON.stringify(body),
    });
  }

  const visitor = {
    title: 'ms',
    firstName: 'Marie',
    lastName: 'Dubois',
    email: 'marie.dubois@example.be',
    phone: '0475 12 34 56',
    privacy: true,
  };

  /** A post of a browser with JavaScript: its solved proof of work (a post without waits for a mailed link: no-js-confirm.test.ts). */
  async function send(form: Parameters<typeof handleFormRequest>[0], fields: Record<string, unknown>, headers: Record<string, string> = {}) {
    return handleFormRequest(form, post(form, { altcha: await altchaSolution(form), lang: 'fr', ...fields }, { headers }));
  }

  /** The cookies an answer sets, as the browser would send them back. */
  function cookieJar(response: Response): (name: string) => string | undefined {
    const jar = new Map(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]?.split('=') ?? [])
        .map(([name = '', value = '']) => [name, value]),
    );
    return (name) => jar.get(name) || undefined;
  }

  /** The draft a plain post's answer carries, read as the page it redirects to reads it. */
  function draftOf(response: Response) {
    const id = /[?&]draft=([\w-]+)/.exec(response.headers.get('location') ?? '')?.[1];
    return readDraft(cookieJar(response), id);
  }

  /** Every request row the database holds, newsletter sign-ups waiting for confirmation included. */
  const count = async () =>
    Number(
      (
        await store.db
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll<number>().as('rows'))
          .executeTakeFirst()
      )?.rows ?? 0,
    );
  const jobsOf = async (requestId: string) => store.db.selectFrom('outbox').selectAll().where('request_id', '=', requestId).execute();

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
  });

  afterAll(() => setStore(undefined));

  describe('a valid request', () => {
    it('is stored with its delivery jobs and answers with the localized thank-you page', async () => {
      const response = await send('contact-me', { ...visitor, propertyId: 4000001, remark: 'Est-il encore disponible ?' });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { ok: boolean; id: string; redirect: string };
      expect(body).toMatchObject({ ok: true, redirect: '/fr/merci/contact-me/?listing=4000001' });
      const [stored] = await listRequests(store);
      expect(stored).toMatchObject({ form: 'contact-me', lang: 'fr', property_id: 4000001, email: 'marie.dubois@example.be', name: 'Marie Dubois' });
      expect(JSON.parse(stored?.payload ?? '{}')).toMatchObject({ remark: 'Est-il encore disponible ?', phone: '0475 12 34 56' });
      expect((await jobsOf(body.id)).map((job) => job.kind).sort()).toEqual(['agency-mail', 'visitor-mail']);
      expect(pending).toHaveLength(1);
    });

    it('from a plain HTML form gets a 303 to the thank-you page', async () => {
      const request = new Request(`${origin}/api/forms/sign-newsletter/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100' },
        body: new URLSearchParams({ lang: 'nl', email: 'lezer@example.be', privacy: 'on', fax: '' }).toString(),
      });
      const response = await handleFormRequest('sign-newsletter', request);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/nl/bedankt/sign-newsletter/');
      // A draft left by an earlier failure on the page it came from is cleared.
      expect(response.headers.getSetCookie()[0]).toMatch(/^form-draft=; Path=\/[^;]*; Max-Age=0;/);
      expect(await count()).toBe(1);
    });

    it('keeps no password posted with a search alert: the form has none (issue 35)', async () => {
      const response = await send('demand-register', {
        ...visitor,
        goal: 'sale',
        types: ['1', '3'],
        zones: ['Mons|7000'],
        priceMin: '150000',
        priceMax: '300.000',
        password: 'correct horse',
        passwordConfirm: 'correct horse',
      });
      expect(response.status).toBe(201);
      // A search alert is no lead until its address confirms it (lib/alerts): the row itself is read.
      expect(await listRequests(store)).toHaveLength(0);
      const stored = await store.db.selectFrom('requests').selectAll().where('form', '=', 'demand-register').executeTakeFirst();
      expect(stored?.payload).not.toContain('correct horse');
      expect(JSON.parse(stored?.payload ?? '{}')).toMatchObject({ priceMax: 300000 });
      expect(stored?.payload).not.toMatch(/password/i);
    });
  });

  describe('bad input changes nothing', () => {
    it('answers 422 with every field error in the visitor language', async () => {
      const response = await send('contact-me', { propertyId: 4000001, email: 'not-an-address', privacy: false });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { fieldErrors: Record<string, { code: string; message: string }> };
      expect(body.fieldErrors.firstName?.message).toBe('Prénom non saisi.');
      expect(body.fieldErrors.lastName?.message).toBe('Nom non saisi.');
      expect(body.fieldErrors.email?.message).toBe('Adresse e-mail invalide.');
      expect(body.fieldErrors.phone?.message).toBe('Téléphone non saisi.');
      expect(body.fieldErrors.title?.message).toBe('Civilité non sélectionnée.');
      expect(body.fieldErrors.privacy?.code).toBe('privacyRequired');
      expect(await count()).toBe(0);
    });

    it('sends a plain HTML form back to its page with what was typed and the errors, in a draft only that page reads', async () => {
      const request = new Request(`${origin}/api/forms/sign-newsletter/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', referer: `${origin}/en/contact/` },
        body: 'lang=en&email=nope',
      });
      const response = await handleFormRequest('sign-newsletter', request);
      expect(response.status).toBe(303);
      const location = response.headers.get('location') ?? '';
      expect(location).toMatch(/^\/en\/contact\/\?draft=[\w-]{16}#form-status$/);
      // Nothing personal in the URL; the cookie is sealed, scoped to the page, short-lived.
      expect(location).not.toContain('nope');
      const cookies = response.headers.getSetCookie();
      expect(cookies[0]).toMatch(/^form-draft=[\w-]+; Path=\/en\/contact\/; Max-Age=900; HttpOnly; SameSite=Lax$/);
      expect(cookies.join()).not.toContain('nope');
      expect(draftOf(response)).toMatchObject({ form: 'sign-newsletter', status: 'validation', values: { email: 'nope' }, errors: { email: 'emailInvalid', privacy: 'privacyRequired' } });
      // Another draft id (an older link, a guess) opens nothing.
      expect(readDraft(cookieJar(response), 'AAAAAAAAAAAAAAAA')).toBeUndefined();
      expect(await count()).toBe(0);
    });

    it('keeps no password, file or captcha answer in a draft', async () => {
      const captcha = captchaFor('demand-register');
      const body = new URLSearchParams({
        lang: 'nl',
        title: 'ms',
        firstName: 'Marie',
        lastName: '',
        email: 'marie@example.be',
        goal: 'sale',
        types: '1',
        password: 'correct horse',
        passwordConfirm: 'correct horse',
        captcha: captcha.answer,
        privacy: 'on',
      });
      const response = await handleFormRequest(
        'demand-register',
        new Request(`${origin}/api/forms/demand-register/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', referer: `${origin}/nl/ik-zoek/`, cookie: captcha.cookie },
          body,
        }),
      );
      const draft = draftOf(response);
      expect(draft?.values).toMatchObject({ title: 'ms', firstName: 'Marie', email: 'marie@example.be', goal: 'sale', types: '1', privacy: 'on' });
      expect(Object.keys(draft?.values ?? {})).not.toEqual(expect.arrayContaining(['password']));
      expect(JSON.stringify(draft)).not.toContain('correct horse');
      expect(JSON.stringify(draft)).not.toContain(captcha.answer);
      expect(draft?.errors).toMatchObject({ lastName: 'lastNameRequired', zones: 'zoneRequired' });
    });

    it('without a Referer, sends the form of a listing back to the listing', async () => {
      const response = await handleFormRequest(
        'contact-me',
        new Request(`${origin}/api/forms/contact-me/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100' },
          body: 'lang=fr&propertyId=4000001&firstName=Marie',
        }),
      );
      const { href } = await import('@/lib/pages');
      expect(response.headers.get('location')).toMatch(new RegExp(`^${href({ page: 'property', id: 4000001 }, 'fr')}\\?draft=`));
      expect(draftOf(response)).toMatchObject({ form: 'contact-me', about: 4000001, values: { firstName: 'Marie' } });
    });

    it('refuses a wrong, a missing, a reused and a forged captcha', async () => {
      const wrong = captchaFor('site-contact');
      const fields = { ...visitor, city: 'Mons', lang: 'en' };
      const attempt = (answer: string, cookie?: string) => handleFormRequest('site-contact', post('site-contact', { ...fields, captcha: answer }, { headers: cookie ? { cookie } : {} }));
      const response = await attempt(wrong.answer === 'AAAAA' ? 'CCCCC' : 'AAAAA', wrong.cookie);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { fieldErrors: Record<string, { message: string }> }).fieldErrors.captcha?.message).toBe('The entered characters are not valid.');
      // The token was spent by the wrong attempt: the right answer no longer passes with it.
      expect((await attempt(wrong.answer, wrong.cookie)).status).toBe(422);
      expect((await attempt('ABCDE')).status).toBe(422);
      expect((await attempt('ABCDE', `${captchaCookie('site-contact')}=forged-token`)).status).toBe(422);
      const other = captchaFor('contact-me');
      expect((await attempt(other.answer, other.cookie.replace(captchaCookie('contact-me'), captchaCookie('site-contact')))).status).toBe(422);
      const good = captchaFor('site-contact');
      expect((await attempt(good.answer.toLowerCase(), good.cookie)).status).toBe(201);
      expect((await attempt(good.answer, good.cookie)).status).toBe(422);
      expect(await count()).toBe(1);
    });

    it('refuses a cross-origin post with 403', async () => {
      const response = await send('contact-me', { ...visitor, propertyId: 4000001 }, { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      const fetchSite = await handleFormRequest('contact-me', post('contact-me', { ...visitor, propertyId: 4000001 }, { headers: { origin: '', 'sec-fetch-site': 'cross-site' } }));
      expect(fetchSite.status).toBe(403);
      expect(await count()).toBe(0);
    });

    it('refuses an oversized body with 413 and malformed JSON with 400', async () => {
      const big = await send('contact-me', { ...visitor, propertyId: 4000001, remark: 'x'.repeat(70 * 1024) });
      expect(big.status).toBe(413);
      const malformed = await handleFormRequest('contact-me', post('contact-me', null, { raw: '{"firstName": ' }));
      expect(malformed.status).toBe(400);
      const list = await handleFormRequest('contact-me', post('contact-me', null, { raw: '[1,2]' }));
      expect(list.status).toBe(400);
      expect(await count()).toBe(0);
    });

    it('answers a body that has not arrived within its deadline with 408 and a localized message, and keeps nothing', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        let cancelled = false;
        // The head of a post, then nothing more: a client holding the request open.
        const trickle = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode('{"lang": "fr", "firstName": "Ma')),
          pull: () => new Promise<void>(() => undefined),
          cancel: () => {
            cancelled = true;
          },
        });
        const init: RequestInit & { duplex: 'half' } = {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, host: 'localhost:3100', referer: `${origin}/fr/` },
          body: trickle,
          duplex: 'half',
        };
        let answer: Response | undefined;
        void handleFormRequest('contact-me', new Request(`${origin}/api/forms/contact-me/`, init)).then((response) => (answer = response));
        await vi.advanceTimersByTimeAsync(20_000 - 1);
        expect(answer).toBeUndefined();
        await vi.advanceTimersByTimeAsync(1);
        expect(answer?.status).toBe(408);
        expect(await answer?.json()).toMatchObject({ ok: false, message: fr.forms.status.bodyTimeout });
        expect(cancelled).toBe(true);
      } finally {
        vi.useRealTimers();
      }
      expect(await count()).toBe(0);
    });

    it('thanks a bot that filled the honeypot and keeps nothing', async () => {
      const response = await send('contact-me', { ...visitor, propertyId: 4000001, fax: 'http://spam.example' });
      expect(response.status).toBe(200);
      expect(await count()).toBe(0);
    });

    it('refuses requests about an unknown, sold or wrong-goal listing', async () => {
      expect((await send('contact-me', { ...visitor, propertyId: 4999999 })).status).toBe(422);
      expect((await send('purchase-offer', offerFor(await findListing('rent')))).status).toBe(422);
      expect((await send('purchase-offer', offerFor(await findListing('sale')))).status).toBe(201);
      await runSql(store, 'DELETE FROM outbox');
      await runSql(store, 'DELETE FROM requests');
      expect(await count()).toBe(0);
    });

    it('limits the requests of one client per form', async () => {
      process.env.FORM_RATE_LIMIT = '3';
      resetRateLimiter();
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      const statuses = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await send('sign-newsletter', { email: `reader${index}@example.be`, privacy: true }, headers)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Another client is not affected.
      expect((await send('sign-newsletter', { email: 'other@example.be', privacy: true }, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(201);
      process.env.FORM_RATE_LIMIT = '1000';
      resetRateLimiter();
    });
  });

  async function findListing(goal: 'sale' | 'rent'): Promise<number> {
    const { getProperties } = await import('@/lib/catalogue');
    const listing = getProperties('fr', { goal }).find((property) => property.availability === 'on-offer');
    if (!listing) throw new Error(`no available ${goal} listing`);
    return listing.id;
  }

  /** A day some weeks ahead, as a date input sends it: the forms refuse days that have passed. */
  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  function offerFor(propertyId: number) {
    return { ...visitor, propertyId, amount: '250000', amountInWords: 'deux cent cinquante mille euros', startDate: daysAhead(30), endDate: daysAhead(44), place: 'Mons', signDate: daysAhead(30) };
  }

  describe('appointments', () => {
    const futureSlot = () => {
      const now = brusselsNow();
      for (const propertyId of [4000001, 4000002, 4000006, 4000011, 4000014, 4000020, 4000035, 4000038, 4000043, 4000050]) {
        const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.Start > now && candidate.Capacity - candidate.Booked >= 2);
        if (slot) return slot;
      }
      throw new Error('the snapshot has no future slot with two places left');
    };

    it('confirms exactly the places left when 20 visitors book one slot at once', async () => {
      const slot = futureSlot();
      const places = slot.Capacity - slot.Booked;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => send('contact-appointment', { ...visitor, email: `visitor${index}@example.be`, propertyId: slot.PropertyID, slotId: String(slot.ID) })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(places);
      expect(statuses.filter((status) => status === 409)).toHaveLength(20 - places);
      const full = responses.find((response) => response.status === 409);
      expect(((await full?.json()) as { message: string }).message).toBe('Les rendez-vous sont complets.');
      const bookings = await store.db.selectFrom('bookings').selectAll().where('slot_id', '=', slot.ID).execute();
      expect(bookings).toHaveLength(places);
      expect(bookings.every((booking) => booking.status === 'confirmed')).toBe(true);
      expect(await count()).toBe(places);
    });

    it('lands on a thank-you page that names the listing and the booked time (issue 39 item 15)', async () => {
      const slot = futureSlot();
      const response = await send('contact-appointment', { ...visitor, propertyId: slot.PropertyID, slotId: String(slot.ID) });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { redirect: string }).redirect).toBe(`/fr/merci/contact-appointment/?listing=${slot.PropertyID}&slot=${slot.ID}`);
    });

    it('refuses a slot of another listing or in the past', async () => {
      const slot = futureSlot();
      expect((await send('contact-appointment', { ...visitor, propertyId: slot.PropertyID === 4000001 ? 4000002 : 4000001, slotId: slot.ID })).status).toBe(422);
      const past = getAppointmentSlots(4000001).find((candidate) => candidate.Start < brusselsNow());
      if (past) expect((await send('contact-appointment', { ...visitor, propertyId: 4000001, slotId: past.ID })).status).toBe(422);
      expect(await count()).toBe(0);
    });

    it('lets one e-mail address hold one place of a slot, whatever its letter case', async () => {
      const slot = futureSlot();
      const fields = { ...visitor, propertyId: slot.PropertyID, slotId: String(slot.ID) };
      expect((await send('contact-appointment', fields)).status).toBe(201);
      const again = await send('contact-appointment', { ...fields, email: 'Marie.Dubois@Example.be' });
      expect(again.status).toBe(409);
      const body = (await again.json()) as { message: string; fieldErrors: Record<string, { message: string }> };
      expect(body.message).toBe(fr.forms.status.slotAlreadyBooked);
      expect(body.fieldErrors.slotId?.message).toBe(fr.forms.errors.slotAlreadyBooked);
      // Someone else still gets a place.
      expect((await send('contact-appointment', { ...fields, email: 'paul@example.be' })).status).toBe(201);
      expect(await store.db.selectFrom('bookings').selectAll().where('slot_id', '=', slot.ID).execute()).toHaveLength(2);
    });

    it('books one place when one address sends the same booking five times at once (the database decides)', async () => {
      const slot = futureSlot();
      const responses = await Promise.all(Array.from({ length: 5 }, () => send('contact-appointment', { ...visitor, propertyId: slot.PropertyID, slotId: String(slot.ID) })));
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await store.db.selectFrom('bookings').selectAll().where('slot_id', '=', slot.ID).execute()).toHaveLength(1);
      expect(await count()).toBe(1);
    });

    it('accepts a visit request without a slot', async () => {
      expect((await send('contact-appointment', { ...visitor, propertyId: await findListing('rent'), contactSlots: ['13-16'] })).status).toBe(201);
    });
  });

  describe('a database that cannot store the request', () => {
    const plainContact = (captcha: { answer: string; cookie: string }) =>
      new Request(`${origin}/api/forms/site-contact/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100', referer: `${origin}/fr/contact/`, cookie: captcha.cookie },
        body: new URLSearchParams({
          lang: 'fr',
          title: 'ms',
          firstName: 'Marie',
          lastName: 'Dubois',
          email: 'marie.dubois@example.be',
          phone: '0475 12 34 56',
          city: 'Mons',
          remark: 'Rappelez-moi',
          privacy: 'on',
          captcha: captcha.answer,
        }),
      });

    it('sends a plain post back to its form, filled in, saying that nothing was stored or sent', async () => {
      // The write of the request fails inside its transaction (a lost table stands for a broken disk).
      await runSql(store, 'DROP TABLE outbox');
      const response = await handleFormRequest('site-contact', plainContact(captchaFor('site-contact')));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/fr\/contact\/\?draft=/);
      expect(draftOf(response)).toMatchObject({ status: 'apiError', values: { firstName: 'Marie', remark: 'Rappelez-moi', city: 'Mons' } });
      expect(await count()).toBe(0);
      expect(fr.forms.status.notStored).toMatch(/rien n'a été envoyé/);
    });

    it('does so too when the database cannot be reached at all, and tells a script with a 500', async () => {
      await closeStore(store);
      const plain = await handleFormRequest('site-contact', plainContact(captchaFor('site-contact')));
      expect(plain.status).toBe(303);
      expect(draftOf(plain)).toMatchObject({ status: 'apiError', values: { lastName: 'Dubois' } });
      const json = await send('site-contact', { ...visitor, city: 'Mons' });
      expect(json.status).toBe(500);
      expect(await json.json()).toMatchObject({ ok: false, error: 'apiError' });
    });
  });

  describe('the contact form (spec §3)', () => {
    it('takes a CV, and does without one', async () => {
      const uploadDir = mkdtempSync(path.join(tmpdir(), 'cv-'));
      const runUploads = process.env.UPLOAD_DIR;
      process.env.UPLOAD_DIR = uploadDir;
      try {
        const captcha = captchaFor('site-contact');
        const body = new FormData();
        for (const [name, value] of Object.entries({
          lang: 'en',
          title: 'mr',
          firstName: 'Paul',
          lastName: 'Martin',
          email: 'paul@example.be',
          phone: '0475 12 34 56',
          city: 'Mons',
          privacy: 'on',
          captcha: captcha.answer,
        }))
          body.set(name, value);
        body.set('cv', new File([minimalPdf], 'cv.pdf', { type: 'application/pdf' }));
        const response = await handleFormRequest(
          'site-contact',
          new Request(`${origin}/api/forms/site-contact/`, { method: 'POST', headers: { origin, host: 'localhost:3100', accept: 'application/json', cookie: captcha.cookie }, body }),
        );
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: string };
        expect(await store.db.selectFrom('uploads').select(['field', 'mime']).where('request_id', '=', id).execute()).toEqual([{ field: 'cv', mime: 'application/pdf' }]);
        expect((await send('site-contact', { ...visitor, city: 'Mons' })).status).toBe(201);
      } finally {
        process.env.UPLOAD_DIR = runUploads;
        rmSync(uploadDir, { recursive: true, force: true });
      }
    });
  });

  describe('documents', () => {
    it('are requested once per e-mail and listing', async () => {
      const fields = { ...visitor, propertyId: 4000001 };
      expect((await send('request-documents', fields)).status).toBe(201);
      const again = await send('request-documents', { ...fields, email: 'MARIE.DUBOIS@example.be' });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(fr.forms.status.documentsAlreadyRequested);
      expect((await send('request-documents', { ...fields, propertyId: 4000008 })).status).toBe(201);
      expect(await count()).toBe(2);
    });
  });

  describe('an exported copy of the site posting here (ALLOWED_ORIGINS)', () => {
    const copy = 'https://static.example.be';
    const route = formRoute('contact-me');
    beforeEach(() => {
      process.env.ALLOWED_ORIGINS = `${copy}, https://other.example.be`;
    });
    afterAll(() => {
      delete process.env.ALLOWED_ORIGINS;
    });

    it('answers the preflight of an allowed origin only', async () => {
      const preflight = (origin: string) => route.OPTIONS(new Request(`${origin}/api/forms/contact-me/`, { method: 'OPTIONS', headers: { origin } }));
      const allowed = await preflight(copy);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(copy);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('content-type');
      expect((await preflight('https://evil.example')).status).toBe(403);
    });

    it('stores a JSON request and lets the copy read the answer', async () => {
      const captcha = captchaFor('contact-me');
      const response = await route.POST(post('contact-me', { ...visitor, propertyId: 4000001, captcha: captcha.answer, lang: 'fr' }, { headers: { origin: copy, cookie: captcha.cookie } }));
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe(copy);
      // Passed by the picture's answer, it waits for the link mailed to the visitor: the copy's page says so.
      expect(((await response.json()) as { redirect: string }).redirect).toBe(`${copy}/fr/merci/contact-me/confirmer-par-mail/?listing=4000001`);
      expect(await count()).toBe(1);
    });

    it('sends a plain post back to the copy’s thank-you page, and still refuses other sites', async () => {
      const newsletter = formRoute('sign-newsletter');
      const plain = (origin: string) =>
        newsletter.POST(
          new Request(`${origin}/api/forms/sign-newsletter/`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3100' },
            body: new URLSearchParams({ lang: 'nl', email: 'lezer@example.be', privacy: 'on', fax: '' }).toString(),
          }),
        );
      const response = await plain(copy);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${copy}/nl/bedankt/sign-newsletter/`);
      const evil = await plain('https://evil.example');
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      expect(await count()).toBe(1);
    });
  });
});
