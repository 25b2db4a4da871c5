import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './warm-page';
import { getAppointmentSlots, getProperties } from '@/lib/catalogue';
import { brusselsNow } from '@/lib/forms/slots';
import { mailsTo, startMailSink, stopMailSink, waitForMails } from './mailbox';
import { altchaFieldFor, captchaAnswerOf, messages, queryCount, requestsFor, uniqueEmail } from './forms-helpers';

/*
 * The request API through the real server: what a forged, oversized or cross-site request gets,
 * what 20 simultaneous bookings of one slot get, and what happens to e-mail while SMTP is down.
 */

const visitor = { title: 'mr', firstName: 'Luc', lastName: 'Martin', phone: '065 12 34 56', privacy: true };

async function captcha(request: APIRequestContext, form: string) {
  const response = await request.get(`/api/captcha/${form}/`);
  expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
  return captchaAnswerOf(response.headers()['set-cookie']);
}

async function postJson(request: APIRequestContext, form: string, data: unknown, headers: Record<string, string> = {}) {
  return request.post(`/api/forms/${form}/`, { data: data as Record<string, unknown>, headers: { 'content-type': 'application/json', ...headers } });
}

// "Changed nothing" is checked on the rows of the request's own address: the other worker stores
// requests at the same time, so a count of the whole table races with it.
test.describe('bad requests get a 4xx and change nothing', () => {
  test('invalid fields: 422 with localized field errors', async ({ request }) => {
    const { cookie, answer } = await captcha(request, 'contact-me');
    const response = await postJson(request, 'contact-me', { lang: 'fr', propertyId: 4000001, email: 'x', captcha: answer }, { cookie });
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { fieldErrors: Record<string, { message: string }> };
    expect(body.fieldErrors.email?.message).toBe(messages.fr.forms.errors.emailInvalid);
    expect(body.fieldErrors.firstName?.message).toBe(messages.fr.forms.errors.firstNameRequired);
    expect(await requestsFor('x')).toHaveLength(0);
  });

  test('forged: malformed JSON, unknown listing, forged captcha, unexpected multipart', async ({ request }) => {
    const email = uniqueEmail('forged');
    expect((await request.post('/api/forms/contact-me/', { data: '{"email": ', headers: { 'content-type': 'application/json' } })).status()).toBe(400);
    const { cookie, answer } = await captcha(request, 'contact-me');
    expect((await postJson(request, 'contact-me', { ...visitor, email, lang: 'en', propertyId: 123, captcha: answer }, { cookie })).status()).toBe(422);
    expect((await postJson(request, 'contact-me', { ...visitor, email, lang: 'en', propertyId: 4000001, captcha: 'ABCDE' }, { cookie: 'captcha-contact-me=forged' })).status()).toBe(422);
    // A script asking for JSON gets the status; a plain post goes back to its page (forms-no-js.spec.ts).
    expect((await request.post('/api/forms/contact-me/', { multipart: { email, lang: 'en' }, headers: { accept: 'application/json' } })).status()).toBe(400);
    const plain = await request.post('/api/forms/contact-me/', { multipart: { email, lang: 'en' }, maxRedirects: 0 });
    expect(plain.status()).toBe(303);
    expect(plain.headers()['location']).toMatch(/\?draft=[\w-]+#form-status$/);
    expect(await requestsFor(email)).toHaveLength(0);
  });

  // One route serves every form (app/api/forms/[form]): a name the form table lacks answers as any
  // missing API path does (app/api/[...missing]), a known form's other methods 405 as before.
  test("an unknown form: the plain 404 of a missing path, and Next.js's answers to the other methods", async ({ request }) => {
    for (const name of ['no-such-form', '__proto__', 'constructor', 'contact-me/extra']) {
      for (const method of ['POST', 'GET', 'HEAD']) {
        const response = await request.fetch(`/api/forms/${name}/`, { method, headers: { 'content-type': 'application/json' }, data: method === 'POST' ? '{}' : undefined });
        expect({ name, method, status: response.status(), type: response.headers()['content-type'], cache: response.headers()['cache-control'] }).toEqual({
          name,
          method,
          status: 404,
          type: 'text/plain; charset=utf-8',
          cache: 'no-store',
        });
        expect(await response.text()).toBe(method === 'HEAD' ? '' : 'Not Found');
      }
      const options = await request.fetch(`/api/forms/${name}/`, { method: 'OPTIONS', headers: { origin: 'https://copy.example', 'access-control-request-method': 'POST' } });
      expect({ name, status: options.status(), allow: options.headers().allow, cors: options.headers()['access-control-allow-origin'] }).toEqual({
        name,
        status: 204,
        allow: 'GET, HEAD, OPTIONS, POST',
        cors: undefined,
      });
      expect((await request.fetch(`/api/forms/${name}/`, { method: 'PUT', data: '{}' })).status()).toBe(405);
    }
    for (const method of ['GET', 'HEAD', 'PUT']) {
      const response = await request.fetch('/api/forms/contact-me/', { method });
      expect({ method, status: response.status(), body: await response.text() }).toEqual({ method, status: 405, body: '' });
    }
    // An origin ALLOWED_ORIGINS does not name gets no preflight of a known form, as before.
    expect((await request.fetch('/api/forms/contact-me/', { method: 'OPTIONS', headers: { origin: 'https://copy.example', 'access-control-request-method': 'POST' } })).status()).toBe(403);
  });

  test('oversized: 413', async ({ request }) => {
    const email = uniqueEmail('big');
    const { cookie, answer } = await captcha(request, 'site-contact');
    const response = await postJson(request, 'site-contact', { ...visitor, email, city: 'Mons', lang: 'en', remark: 'x'.repeat(100_000), captcha: answer }, { cookie });
    expect(response.status()).toBe(413);
    const cv = await request.post('/api/forms/job-application/', {
      multipart: { lang: 'en', email, cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(7 * 1024 * 1024, 32) } },
      headers: { accept: 'application/json' },
    });
    expect(cv.status()).toBe(413);
    expect(await requestsFor(email)).toHaveLength(0);
  });

  test('cross-origin: 403, in JSON and as a plain form post', async ({ request }) => {
    const email = uniqueEmail('cross');
    const json = await postJson(request, 'sign-newsletter', { email, privacy: true, lang: 'en' }, { origin: 'https://attacker.example' });
    expect(json.status()).toBe(403);
    // Refused before the body is read, so in the language of the page it came from, or the default.
    expect(((await json.json()) as { message: string }).message).toBe(messages.nl.forms.status.forbidden);
    const plain = await request.post('/api/forms/sign-newsletter/', {
      form: { email, privacy: 'on', lang: 'nl' },
      headers: { origin: 'https://attacker.example', referer: 'https://attacker.example/nl/' },
    });
    expect(plain.status()).toBe(403);
    expect(await plain.text()).toContain(messages.nl.forms.status.forbidden);
    expect(await requestsFor(email)).toHaveLength(0);
  });

  test('a CV that is not a document is refused on its content', async ({ request }) => {
    const email = uniqueEmail('fake-cv');
    const { cookie, answer } = await captcha(request, 'job-application');
    const response = await request.post('/api/forms/job-application/', {
      headers: { cookie, accept: 'application/json' },
      multipart: {
        lang: 'en',
        title: 'mr',
        firstName: 'Luc',
        lastName: 'Martin',
        email,
        phone: '065123456',
        privacy: 'on',
        captcha: answer,
        cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('#!/bin/sh\necho not a pdf\n') },
      },
    });
    expect(response.status()).toBe(422);
    expect(await response.text()).toContain(messages.en.forms.errors.fileType);
    expect(await requestsFor(email)).toHaveLength(0);
  });
});

test('20 simultaneous bookings of one slot confirm exactly its places left', async ({ playwright, baseURL }) => {
  const now = brusselsNow();
  // A listing the browser tests do not book, with a future slot that has room.
  const candidates = getProperties('en', {})
    .filter((property) => property.availability === 'on-offer')
    .reverse();
  let chosen: { propertyId: number; slotId: number; remaining: number } | undefined;
  const probe = await playwright.request.newContext({ baseURL });
  for (const property of candidates) {
    if (!getAppointmentSlots(property.id).some((slot) => slot.Start > now)) continue;
    const { slots } = (await (await probe.get(`/api/slots/${property.id}/`)).json()) as { slots: { id: number; remaining: number }[] };
    const open = slots.filter((slot) => slot.remaining > 0).sort((a, b) => b.remaining - a.remaining)[0];
    if (open) {
      chosen = { propertyId: property.id, slotId: open.id, remaining: open.remaining };
      break;
    }
  }
  expect(chosen, 'a future slot with room').toBeDefined();
  const { propertyId, slotId, remaining } = chosen!;
  const bookedBefore = await queryCount('SELECT COUNT(*) FROM bookings WHERE slot_id = ?', [slotId]);

  // Twenty visitors, each with their own browser session and its solved spam check (a browser
  // with JavaScript: a post passed by the picture's answer waits for its mailed link instead).
  const visitors = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const context = await playwright.request.newContext({ baseURL });
      return { context, altcha: await altchaFieldFor(context, 'contact-appointment'), email: uniqueEmail(`booking${index}`) };
    }),
  );
  const responses = await Promise.all(visitors.map(({ context, altcha, email }) => postJson(context, 'contact-appointment', { ...visitor, email, lang: 'nl', propertyId, slotId, altcha })));
  const statuses = responses.map((response) => response.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(remaining);
  expect(statuses.filter((status) => status === 409)).toHaveLength(20 - remaining);
  const full = responses.find((response) => response.status() === 409);
  if (full) expect(((await full.json()) as { message: string }).message).toBe(messages.nl.forms.status.appointmentsFull);
  expect(await queryCount('SELECT COUNT(*) FROM bookings WHERE slot_id = ?', [slotId])).toBe(bookedBefore + remaining);
  expect(await queryCount("SELECT COUNT(*) FROM bookings WHERE slot_id = ? AND status = 'confirmed'", [slotId])).toBe(bookedBefore + remaining);
  const after = (await (await probe.get(`/api/slots/${propertyId}/`)).json()) as { slots: { id: number; remaining: number }[] };
  expect(after.slots.find((slot) => slot.id === slotId)?.remaining).toBe(0);
  await Promise.all(visitors.map(({ context }) => context.dispose()));
  await probe.dispose();
});

/**
 * The outbox jobs of these requests that the worker has not settled: those still matching
 * `unsettled`, and those it holds (claimed, being sent). The worker's state is its rows: a claim
 * sets locked_until, marking the job delivered or failed clears it.
 */
function jobsNotSettled(requestIds: readonly string[], unsettled: string): Promise<number> {
  return queryCount(`SELECT COUNT(*) FROM outbox WHERE request_id IN (${requestIds.map(() => '?').join(', ')}) AND ((${unsettled}) OR locked_until IS NOT NULL)`, [...requestIds]);
}

test.describe.serial('e-mail while the SMTP server is down', () => {
  test('every pending e-mail is delivered exactly once when it comes back', async ({ request }) => {
    test.setTimeout(90_000);
    const readers = [uniqueEmail('outage-a'), uniqueEmail('outage-b')];
    await stopMailSink();
    try {
      for (const email of readers) {
        const response = await postJson(request, 'sign-newsletter', { email, privacy: true, lang: 'en' });
        expect(response.status()).toBe(201);
      }
      // Stored at once, and waiting in the outbox while the server is down.
      for (const email of readers) expect(await requestsFor(email)).toHaveLength(1);
      const ids = (await Promise.all(readers.map((email) => requestsFor(email)))).flat().map((row) => row.id);
      // The worker has had its go at every job (tried, or taken out of the waiting ones) and
      // sends none now: what it did with them is in the outbox and the mailbox.
      await expect.poll(() => jobsNotSettled(ids, "attempts = 0 AND status = 'pending'"), { timeout: 20_000, message: 'every job tried once, none in flight' }).toBe(0);
      for (const email of readers) expect(mailsTo(email)).toHaveLength(0);
      // One confirmation link each (double opt-in: the agency is mailed once the link is used).
      expect(await queryCount(`SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND request_id IN (?, ?)`, ids)).toBe(2);
      expect(await queryCount(`SELECT COUNT(*) FROM outbox WHERE attempts > 0 AND last_error IS NOT NULL AND request_id IN (?, ?)`, ids)).toBeGreaterThan(0);
    } finally {
      await startMailSink();
    }
    for (const email of readers) await waitForMails(email, 1, 30_000);
    const ids = (await Promise.all(readers.map((email) => requestsFor(email)))).flat().map((row) => row.id);
    // Nothing is sent twice: every job is marked delivered, which no round claims again, and none
    // is in flight (the sink writes a mail before it answers, so a send that ended is in the mailbox).
    await expect.poll(() => jobsNotSettled(ids, "status <> 'delivered'"), { timeout: 20_000, message: 'every job delivered, none in flight' }).toBe(0);
    for (const email of readers) expect(mailsTo(email)).toHaveLength(1);
    expect(await queryCount(`SELECT COUNT(*) FROM outbox WHERE status = 'delivered' AND request_id IN (?, ?)`, ids)).toBe(2);
  });
});
