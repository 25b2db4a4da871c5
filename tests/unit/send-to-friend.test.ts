import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { altchaSolution } from './altcha-solution';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';
import type { Store } from '@/lib/db';

/*
 * Send-to-friend mails a stranger under the agency's name, so it carries the listing and nothing
 * the sender typed, and it is limited per sending client and per recipient's mailbox per day.
 * Through the form handler, the database, the outbox and a real SMTP server on loopback.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';

const { setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, newCaptcha, sealCaptcha } = await import('@/lib/forms/captcha');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { getProperty } = await import('@/lib/catalogue');
const { default: fr } = await import('@/messages/fr.json');
const { readDraft } = await import('@/lib/forms/draft');

/** The draft a plain post's answer carries, read as the page it goes back to reads it. */
function draftOf(response: Response) {
  const jar = new Map(
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]?.split('=') ?? [])
      .map(([name = '', value = '']) => [name, value]),
  );
  return readDraft((name) => jar.get(name) || undefined, /[?&]draft=([\w-]+)/.exec(response.headers.get('location') ?? '')?.[1]);
}

describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const origin = 'http://localhost:3100';
  const siteUrl = 'https://www.immo-hainaut.example';
  const listingId = 4000001;

  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
  });

  const sender = { firstName: 'Marie', lastName: 'Dubois', email: 'marie.dubois@example.be' };

  /**
   * A post with JavaScript (its proof of work), or `plain`, without: the picture's answer, and the
   * request then waits for the sender's mailed link (no-js-confirm.test.ts).
   */
  async function send(fields: Record<string, unknown>, plain = false, client = '198.51.100.20') {
    const token = newCaptcha('send-to-friend');
    const check: Record<string, string> = plain ? { captcha: token.answer } : { altcha: await altchaSolution('send-to-friend') };
    const values: Record<string, string> = { lang: 'fr', propertyId: String(listingId), ...sender, friendEmail: 'paul@example.be', privacy: 'on', ...check };
    for (const [key, value] of Object.entries(fields)) values[key] = String(value);
    const headers = { origin, host: 'localhost:3100', cookie: `${captchaCookie('send-to-friend')}=${sealCaptcha(token)}`, 'x-forwarded-for': client };
    const request = plain
      ? new Request(`${origin}/api/forms/send-to-friend/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(values).toString(),
        })
      : new Request(`${origin}/api/forms/send-to-friend/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ...values, privacy: true }) });
    return handleFormRequest('send-to-friend', request);
  }

  async function flush(): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs();
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const stored = async () => store.db.selectFrom('requests').selectAll().where('form', '=', 'send-to-friend').execute();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

  describe("the friend's e-mail", () => {
    it('shows the listing with its price, picture and link, and neither the sender nor the note', async () => {
      const response = await send({ remark: 'Regarde celle-ci : <b>jardin</b> & garage !' });
      expect(response.status).toBe(201);
      await flush();
      const [mail, ...more] = mailsTo('paul@example.be');
      expect(more).toHaveLength(0);
      const property = getProperty(listingId, 'fr');
      if (!property) throw new Error('no listing');
      const body = mail?.body ?? '';
      expect(body).toContain(`${property.type.name} – ${property.town.name}`);
      expect(body).toContain('€ 235.000');
      expect(body).not.toContain('Marie Dubois');
      expect(body).toMatch(new RegExp(`${siteUrl.replace(/\./g, '\\.')}/fr/a-vendre/\\S+/${listingId}/`));
      expect(body).toContain(`<img src="${siteUrl}/api/image/?src=/catalogue/${listingId}/1-xl.webp&#38;width=600&#38;format=png"`);
      // The note reaches the agency only; a reply goes to the agency, never to an address the sender typed.
      expect(body).not.toContain('Regarde celle-ci');
      expect(body).not.toContain('jardin');
      expect(body).not.toContain(sender.email);
      expect(mail?.raw).not.toMatch(/^Reply-To: marie\.dubois@example\.be/im);
    });
  });

  describe('the note', () => {
    it('is refused with a link in it, with a French field error, and nothing is stored or sent', async () => {
      for (const remark of ['Vu sur https://promo.example/deal', 'www.casino-en-ligne', 'super-affaire.xyz']) {
        const response = await send({ remark });
        expect(response.status, remark).toBe(422);
        const body = (await response.json()) as { fieldErrors: Record<string, { message: string }> };
        expect(body.fieldErrors.remark?.message).toBe(fr.forms.errors.noLinks);
      }
      // Without JavaScript: back to the listing, the note kept and the error beside it.
      const plain = await send({ remark: 'cliquez sur promo.example' }, true);
      expect(plain.status).toBe(303);
      expect(draftOf(plain)).toMatchObject({ status: 'validation', values: { remark: 'cliquez sur promo.example' }, errors: { remark: 'noLinks' } });
      const named = await send({ firstName: 'www.spam' });
      expect(((await named.json()) as { fieldErrors: Record<string, { message: string }> }).fieldErrors.firstName?.message).toBe(fr.forms.errors.noLinks);
      await flush();
      expect(await stored()).toHaveLength(0);
      expect(smtp.received).toHaveLength(0);
    });

    it('is at most 300 characters', async () => {
      const response = await send({ remark: 'a'.repeat(301) });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { fieldErrors: Record<string, { message: string }> }).fieldErrors.remark?.message).toBe(fr.forms.errors.noteTooLong);
      expect((await send({ remark: 'a'.repeat(300) })).status).toBe(201);
    });
  });

  describe('the daily limits', () => {
    /** A mailbox whose owner used a link of ours, as the confirmations record it. */
    const ownersMailbox = async (email: string) => {
      const { addressKey } = await import('@/lib/security/address-key');
      await store.db
        .insertInto('confirmed_mailboxes')
        .values({ address_key: addressKey(email), confirmed_at: new Date().toISOString() })
        .execute();
    };

    it('let a recipient who never used a link of ours get one listing a day, whoever sends it', async () => {
      const first = await send({ email: 'sender0@example.be' });
      const second = await send({ email: 'sender1@example.be', friendEmail: 'PAUL+2@example.be' });
      expect([first.status, second.status]).toEqual([201, 429]);
      expect(((await second.json()) as { message: string }).message).toBe(fr.forms.status.friendLimit);
      await flush();
      expect(mailsTo('paul@example.be')).toHaveLength(1);
      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: hoursAgo(25) })
        .execute();
      expect((await send({})).status).toBe(201);
    });

    it('let one recipient whose mailbox is their own get three listings a day, whoever sends them', async () => {
      await ownersMailbox('paul@example.be');
      const statuses = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await send({ email: `sender${index}@example.be` })).status);
      const fourth = await send({ email: 'sender9@example.be', friendEmail: 'PAUL@example.be' });
      expect([...statuses, fourth.status]).toEqual([201, 201, 201, 429]);
      expect(((await fourth.json()) as { message: string }).message).toBe(fr.forms.status.friendLimit);
      const plain = await send({ email: 'sender10@example.be' }, true);
      expect(plain.status).toBe(303);
      expect(draftOf(plain)).toMatchObject({ status: 'friendLimit', values: { email: 'sender10@example.be' } });
      await flush();
      expect(mailsTo('paul@example.be')).toHaveLength(3);
      expect(await stored()).toHaveLength(3);
      // Another recipient is not affected, and the next day the first one may get mail again.
      expect((await send({ friendEmail: 'anne@example.be' })).status).toBe(201);
      await store.db
        .updateTable('mail_sends')
        .set({ sent_at: hoursAgo(25) })
        .execute();
      expect((await send({})).status).toBe(201);
    });

    it('let one sending client send ten a day', async () => {
      const statuses = [];
      for (let index = 0; index < 11; index += 1) statuses.push((await send({ friendEmail: `friend${index}@example.be` })).status);
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
      expect(await stored()).toHaveLength(10);
      // A new typed sender address is the same sender; another client is another.
      expect((await send({ email: 'other.sender@example.be', friendEmail: 'friend10@example.be' })).status).toBe(429);
      expect((await send({ email: 'other.sender@example.be', friendEmail: 'friend10@example.be' }, false, '198.51.100.21')).status).toBe(201);
    });

    it('hold when many are sent at once', async () => {
      await ownersMailbox('cible@example.be');
      const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => send({ email: `rush${index}@example.be`, friendEmail: 'cible@example.be' })));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      await flush();
      expect(mailsTo('cible@example.be')).toHaveLength(3);
      // To a mailbox nobody showed is its owner's, one.
      const rush = await Promise.all(Array.from({ length: 8 }, (_, index) => send({ email: `rush${index}@example.be`, friendEmail: 'autre.cible@example.be' }, false, `198.51.100.${40 + index}`)));
      expect(rush.map((response) => response.status).sort()).toEqual([201, 429, 429, 429, 429, 429, 429, 429]);
    });
  });
});
