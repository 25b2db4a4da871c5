import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';
import type { Store } from '@/lib/db';

/*
 * Alerts end to end through the forms, the confirmation links, the matcher, the outbox and a real
 * SMTP server on loopback: a search and a follow wait for their address, then the second snapshot
 * (a new listing that answers the search, a price drop on the followed listing) mails each once,
 * in its language, with an unsubscribe that works in one click.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
process.env.FORM_RATE_LIMIT = '1000';

const { setStore } = await import('@/lib/db');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, newCaptcha, sealCaptcha } = await import('@/lib/forms/captcha');
const { confirmAlertRequest, unsubscribeAlertRequest, alertLinkStates, alertLinkSubject } = await import('@/lib/alerts/link-routes');
const { runAlerts } = await import('@/lib/alerts/run');
const { deliverDueJobs } = await import('@/lib/mail/outbox-worker');
const { getProperties, getProperty } = await import('@/lib/catalogue');
const { pruneExpired } = await import('@/lib/db/housekeeping');
const { default: fr } = await import('@/messages/fr.json');
const { default: en } = await import('@/messages/en.json');

type Listing = ReturnType<typeof getProperties>[number];
describe.each(testDatabases)('on $name', (database) => {
  afterAll(closeOpenedStores);

  let store: Store;
  const origin = 'http://localhost:3100';
  const siteUrl = 'https://www.immo-hainaut.example';
  const agency = 'info@immo-hainaut.be';
  const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
    pending.length = 0;
    smtp.received = [];
  });

  const forSale = getProperties('fr', { goal: 'sale', availability: 'on-offer' }).filter((listing) => listing.price.kind === 'amount');
  function nth(index: number): Listing {
    const listing = forSale[index];
    if (!listing) throw new Error('the demo catalogue has too few listings for sale');
    return listing;
  }
  const fresh = nth(0);
  const dropped = nth(1);
  const all = () => (['nl', 'fr', 'en'] as const).flatMap((language) => getProperties(language));
  const firstSnapshot = () => all().filter((listing) => listing.id !== fresh.id);
  const secondSnapshot = () =>
    all().map((listing) =>
      listing.id === dropped.id && listing.price.kind === 'amount' ? { ...listing, price: { ...listing.price, amount: listing.price.amount - 5000 }, lastChanged: '2026-11-20' } : listing,
    );

  const headers = { origin, host: 'localhost:3100' };

  function searchAlert(email: string, lang: string) {
    const token = newCaptcha('demand-register');
    const body = {
      lang,
      captcha: token.answer,
      title: 'ms',
      firstName: 'Marie',
      lastName: 'Dubois',
      email,
      phone: '0475 12 34 56',
      privacy: true,
      goal: 'sale',
      types: [String(fresh.type.webId)],
      postcodes: `${fresh.town.zip}, 9999`,
      frequency: 'immediately',
    };
    return handleFormRequest(
      'demand-register',
      new Request(`${origin}/api/forms/demand-register/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', cookie: `${captchaCookie('demand-register')}=${sealCaptcha(token)}` },
        body: JSON.stringify(body),
      }),
    );
  }

  function follow(email: string, lang: string, propertyId: number) {
    const body = new URLSearchParams({ lang, propertyId: String(propertyId), email, privacy: 'on', fax: '' }).toString();
    return handleFormRequest(
      'follow-listing',
      new Request(`${origin}/api/forms/follow-listing/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body }),
    );
  }

  const confirm = (token: string, lang: string) =>
    confirmAlertRequest(
      new Request(`${origin}/api/alerts/confirm/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, lang }).toString(),
      }),
    );

  async function flush(): Promise<void> {
    for (const task of pending.splice(0)) await task();
    await deliverDueJobs();
  }

  /** Each mail with its headers unfolded, as a mail program reads them. */
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => ({ ...mail, raw: mail.raw.replace(/\r\n[ \t]+/g, ' ') }));

  function linkOf(body: string, lang: string, action: string): URL {
    const slug = { fr: 'alertes', en: 'alerts', nl: 'meldingen', de: 'benachrichtigungen' }[lang];
    const match = new RegExp(`${siteUrl.replace(/[.]/g, '\\.')}/${lang}/${slug}/\\?action=${action}&token=[A-Za-z0-9_.-]+`).exec(body);
    if (!match) throw new Error(`no ${action} link in:\n${body}`);
    return new URL(match[0]);
  }
  const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

  describe('search alerts and followed listings', () => {
    // Several scrypt hashes and checks: slow on a busy machine, so the test gets room.
    it('mail each confirmed subscriber its news once, in its language, and nobody else', { timeout: 120_000 }, async () => {
      expect((await searchAlert('chercheur@example.be', 'fr')).status).toBe(201);
      expect((await follow('follower@example.com', 'en', dropped.id)).headers.get('location')).toBe(`/en/thank-you/follow-listing/?listing=${dropped.id}`);
      expect((await follow('unconfirmed@example.com', 'en', dropped.id)).status).toBe(303);
      await flush();

      // One confirmation link each, and the agency hears nothing before the address confirms.
      const [searchConfirm, ...moreSearch] = mailsTo('chercheur@example.be');
      expect(moreSearch).toHaveLength(0);
      expect(searchConfirm?.body).toContain(fr.alerts.confirmLink);
      expect(searchConfirm?.body).toContain(`(${fresh.town.zip})`);
      expect(mailsTo(agency)).toHaveLength(0);
      const searchLink = linkOf(searchConfirm?.body ?? '', 'fr', 'confirm');
      expect(await alertLinkStates('confirm', tokenOf(searchLink))).toBe('pending');
      const followLink = linkOf(mailsTo('follower@example.com')[0]?.body ?? '', 'en', 'confirm');
      expect(mailsTo('follower@example.com')[0]?.body).toContain(getProperty(dropped.id, 'en')?.title ?? 'no title');
      // The link's page names what it confirms, from the link's token alone, in the page's language.
      const searchSubject = await alertLinkSubject('confirm', tokenOf(searchLink), 'fr');
      expect(searchSubject?.kind === 'search' ? searchSubject.lines.map((line) => line.value) : []).toEqual(
        expect.arrayContaining([fr.forms.options.goal.sale, expect.stringContaining(`(${fresh.town.zip})`), fr.forms.options.frequency.immediately]),
      );
      expect(await alertLinkSubject('confirm', tokenOf(followLink), 'nl')).toEqual({
        kind: 'follow',
        listing: { title: getProperty(dropped.id, 'nl')?.title, path: expect.stringMatching(/^\/nl\//) },
      });
      expect(await alertLinkSubject('confirm', `${tokenOf(followLink).slice(0, -3)}AAA`, 'en')).toBeUndefined();

      expect((await confirm(tokenOf(searchLink), 'fr')).headers.get('location')).toBe(`/fr/alertes/?action=confirm&token=${tokenOf(searchLink)}`);
      await confirm(tokenOf(searchLink), 'fr');
      await confirm(tokenOf(followLink), 'en');
      await flush();
      expect(await alertLinkStates('confirm', tokenOf(searchLink))).toBe('confirmed');
      // The search reaches the agency once; the follow is the visitor's own.
      expect(mailsTo(agency)).toHaveLength(1);
      // Confirming makes no account: the address makes one itself from the link's page (tests/unit/searcher-account.test.ts).
      expect(await store.db.selectFrom('searcher_accounts').select('email').execute()).toEqual([]);
      // Two later searches, left unconfirmed, sign nobody in.
      for (const address of ['chercheur@example.be', 'nobody@example.be']) {
        const later = await searchAlert(address, 'fr');
        expect(later.status).toBe(201);
        expect(later.headers.get('set-cookie')).toBeNull();
      }
      pending.length = 0;
      await store.db.deleteFrom('outbox').where('kind', '=', 'alert-confirm').where('status', '=', 'pending').execute();
      smtp.received = [];

      await runAlerts(store, { listings: firstSnapshot() });
      await runAlerts(store, { listings: secondSnapshot() });
      await flush();
      expect(smtp.received.map((mail) => mail.to.join()).sort()).toEqual(['chercheur@example.be', 'follower@example.com']);

      const [searchMail] = mailsTo('chercheur@example.be');
      const card = getProperty(fresh.id, 'fr');
      expect(searchMail?.raw).toMatch(/Subject: .*1 nouveau bien/);
      expect(searchMail?.body).toContain(`${siteUrl}/fr/`);
      expect(searchMail?.body).toContain(card?.town.name ?? 'no town');
      expect(searchMail?.body).toContain(fr.alerts.yourSearch);
      // The manage link opens the searcher's space (the space sends a visitor who is not signed in to the login).
      expect(searchMail?.body).toContain(`${fr.alerts.manage}\u00a0: ${siteUrl}/fr/login/mes-recherches/`);
      expect(searchMail?.raw).toMatch(/List-Unsubscribe: <https:\/\/www\.immo-hainaut\.example\/api\/alerts\/unsubscribe\/\?token=/);
      expect(searchMail?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(searchMail?.raw).toContain('text/html');
      const [followMail] = mailsTo('follower@example.com');
      expect(followMail?.body).toContain(en.alerts.followIntro);
      expect(followMail?.body).toContain('Price changed from');

      // A restart, a second deploy of the same snapshot: nothing.
      smtp.received = [];
      await runAlerts(store, { listings: secondSnapshot() });
      await flush();
      expect(smtp.received).toHaveLength(0);

      // One click from the mail program, without signing in.
      const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(followMail?.raw ?? '')?.[1] ?? '';
      const unsubscribed = await unsubscribeAlertRequest(
        new Request(oneClick.replace(siteUrl, origin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }),
      );
      expect(unsubscribed.status).toBe(200);
      expect(await store.db.selectFrom('alert_subscriptions').select('email').where('email', '=', 'follower@example.com').execute()).toEqual([]);
      // The page's link works too, and says so once done.
      const pageLink = linkOf(searchMail?.body ?? '', 'fr', 'unsubscribe');
      expect(await alertLinkStates('unsubscribe', tokenOf(pageLink))).toBe('subscribed');
      expect(await alertLinkSubject('unsubscribe', tokenOf(pageLink), 'fr')).toMatchObject({ kind: 'search' });

      // The unconfirmed addresses (the follower, and the two later searches) are pruned with their requests after seven days.
      const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
      expect(await pruneExpired(store, later)).toMatchObject({ unconfirmedAlerts: 3 });
      expect(await store.db.selectFrom('requests').select('email').where('email', '=', 'unconfirmed@example.com').execute()).toEqual([]);
    });

    it('a link used before the mail server has answered its mail confirms all that the mail counted', async () => {
      // The mail's text already counts the follow: a reader quick enough to click before the
      // server's answer reached the site must get what the mail says (CI met this once, loaded).
      expect((await searchAlert('quick@example.be', 'fr')).status).toBe(201);
      expect((await follow('quick@example.be', 'fr', dropped.id)).status).toBe(303);
      smtp.dataDelays = [1500];
      const delivering = flush();
      await vi.waitFor(() => expect(mailsTo('quick@example.be')).toHaveLength(1), { timeout: 5000 });
      const link = linkOf(mailsTo('quick@example.be')[0]?.body ?? '', 'fr', 'confirm');
      await confirm(tokenOf(link), 'fr');
      await delivering;
      const waiting = await store.db.selectFrom('alert_subscriptions').select('kind').where('email', '=', 'quick@example.be').where('status', '=', 'pending').execute();
      expect(waiting).toEqual([]);
    });

    it('follows a listing once per address: a second form within the day sends no second link', async () => {
      await follow('twice@example.com', 'nl', dropped.id);
      await follow('twice@example.com', 'nl', dropped.id);
      await flush();
      expect(mailsTo('twice@example.com')).toHaveLength(1);
    });

    it('unsubscribes by the page button and refuses a forged token', async () => {
      await follow('page@example.com', 'fr', dropped.id);
      await flush();
      const [subscription] = await store.db.selectFrom('alert_subscriptions').select('id').execute();
      const { unsubscribeToken } = await import('@/lib/alerts/token');
      const token = unsubscribeToken(subscription?.id ?? '');
      const forged = `${token.slice(0, -3)}AAA`;
      const post = (value: string) =>
        unsubscribeAlertRequest(
          new Request(`${origin}/api/alerts/unsubscribe/`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ token: value, lang: 'fr' }).toString(),
          }),
        );
      expect((await post(forged)).headers.get('location')).toBe('/fr/alertes/?action=unsubscribe');
      expect(await store.db.selectFrom('alert_subscriptions').select('id').execute()).toHaveLength(1);
      expect((await post(token)).headers.get('location')).toContain('/fr/alertes/?action=unsubscribe&token=');
      expect(await store.db.selectFrom('alert_subscriptions').select('id').execute()).toHaveLength(0);
      expect(await alertLinkStates('unsubscribe', token)).toBe('unsubscribed');
    });
  });
});
