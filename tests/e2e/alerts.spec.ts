import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { unsubscribeToken } from '@/lib/alerts/token';
import { getSite, isSupportedLanguage, localise } from '@/lib/config';
import { href } from '@/lib/pages';
import { alertLink, follow, registerSearch as registerSearchFor, withoutJavaScript } from './alerts-helpers';
import { databaseFile, messages, pasteInto, queryCount, sitePort, uniqueEmail, type TestLanguage } from './forms-helpers';
import { mailsTo, portOpen, waitForMails } from './mailbox';
import { storeConsent } from './stored-consent';

/*
 * Search alerts and followed listings through the real server, without JavaScript: a search
 * alert and follows are made with the site's forms and confirmed from the mailbox; then a second
 * snapshot of the catalogue is deployed beside the first (a second server on the same database,
 * as a rebuild would start): a new listing that answers the search, a price drop on a followed
 * listing, one sold, one removed, one put under option. Each confirmed subscriber gets exactly the mail of its news,
 * in its language, once; none after a restart or a second deploy of the same snapshot; nothing
 * to an unconfirmed or unsubscribed address; `npm run alerts -- --dry-run` printed that plan.
 */

type PropertyRecord = { ID: number; language: string; Status: number; Goal: number; WebID: number; Zip: string; Price: number; PublishPrice: boolean; Marquee: number; MarqueeName: string };
const catalogueFile = 'data/catalogue/properties.json';
const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as { $schema?: string; records: PropertyRecord[] };
/** What the other files of the catalogue say of listings (a project's units, viewing times, owners): those listings are left alone. */
const related = ['projects.json', 'appointment-slots.json', 'owners.json'].map((name) => readFileSync(`data/catalogue/${name}`, 'utf8')).join('\n');
/** Listings for sale on offer with a published price, in nl, fr and en, that no other file names. */
const candidates = [...new Set(catalogue.records.filter((record) => record.Status === 1 && record.Goal === 0 && record.PublishPrice && record.Price > 0).map((record) => record.ID))].filter(
  (id) => !related.includes(String(id)) && ['nl', 'fr', 'en'].every((language) => catalogue.records.some((record) => record.ID === id && record.language === language)),
);
const [templateId, droppedId, soldId, removedId, ...others] = candidates;
/** A listing without a marquee, which the second snapshot puts under option (the marquee of data/site that means it). */
const optionedId = others.find((id) => catalogue.records.every((record) => record.ID !== id || record.Marquee === 0));
const optionMarquee = getSite().marquees.find((marquee) => marquee.meaning === 'option') ?? { id: -1, name: '' };
if (!templateId || !droppedId || !soldId || !removedId || !optionedId || optionMarquee.id < 0)
  throw new Error('the demo catalogue has too few listings for sale, or data/site no marquee that means option');
const template = catalogue.records.find((record) => record.ID === templateId && record.language === 'nl');
if (!template) throw new Error('no template listing');
const freshId = 4_999_001;

const secondServerPort = sitePort + 50;
const snapshotDir = `var/alerts-snapshot-${sitePort}`;

/** A copy of the catalogue as the next CRM export would have it. */
function writeSecondSnapshot(): void {
  rmSync(snapshotDir, { recursive: true, force: true });
  cpSync('data/catalogue', snapshotDir, { recursive: true });
  const records = catalogue.records
    .filter((record) => record.ID !== removedId)
    .map((record) => {
      if (record.ID === droppedId) return { ...record, Price: record.Price - 10_000 };
      if (record.ID === soldId) return { ...record, Status: 2 };
      if (record.ID === optionedId && isSupportedLanguage(record.language)) return { ...record, Marquee: optionMarquee.id, MarqueeName: localise(optionMarquee.name, record.language) };
      return record;
    });
  const fresh = catalogue.records.filter((record) => record.ID === templateId).map((record) => ({ ...record, ID: freshId }));
  writeFileSync(`${snapshotDir}/properties.json`, JSON.stringify({ ...catalogue, records: [...records, ...fresh] }, null, 2));
}

const serverEnv = (catalogueDir?: string) => ({
  ...process.env,
  NEXT_DIST_DIR: `.next-e2e-${sitePort}`,
  DATABASE_URL: `file:${databaseFile()}`,
  SMTP_URL: `smtp://127.0.0.1:${sitePort + 1025}`,
  // The links of the mails open the site that serves the pages.
  SITE_URL: `http://localhost:${sitePort}`,
  SITE_SECRET: 'e2e-site-secret-0123456789abcdef0123456789',
  OUTBOX_POLL_MS: '500',
  ...(catalogueDir ? { CATALOGUE_DIR: catalogueDir } : {}),
});

/** The second snapshot's server, started as a deploy starts it (the alerts run on start). */
async function deploySecondSnapshot(): Promise<ChildProcess> {
  const server = spawn('npx', ['next', 'start', '-p', String(secondServerPort)], { env: serverEnv(snapshotDir), stdio: 'ignore', detached: true });
  await expect.poll(() => portOpen(secondServerPort), { timeout: 60_000, message: 'the second server to listen' }).toBe(true);
  // The alerts run when the server starts (instrumentation), before it answers its first request.
  await fetch(`http://localhost:${secondServerPort}/nl/`).catch(() => undefined);
  return server;
}

/**
 * No mail is being sent. A server stopped while it holds a claimed mail keeps it for the claim's
 * lease (over a minute) before another server may send it, and the tests running beside this one
 * on the same database wait 20 s for their mails.
 */
async function outboxIdle(): Promise<boolean> {
  return (await queryCount("SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND locked_until > ?", [new Date().toISOString()])) === 0;
}

/** The alert mails queued for these addresses' subscriptions (those matching `where`, if given). */
function alertJobs(addresses: readonly string[], where = '1 = 1'): Promise<number> {
  return queryCount(
    `SELECT COUNT(*) FROM outbox WHERE kind = 'alert-mail' AND (${where}) AND json_extract(payload, '$.subscriptionId') IN (SELECT id FROM alert_subscriptions WHERE email IN (${addresses.map(() => '?').join(', ')}))`,
    [...addresses],
  );
}

async function stop(server: ChildProcess | undefined): Promise<void> {
  if (server?.pid === undefined) return;
  await expect.poll(outboxIdle, { timeout: 20_000, message: 'no mail in flight before the second server stops' }).toBe(true);
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await expect.poll(() => portOpen(secondServerPort), { timeout: 20_000 }).toBe(false);
}

/** A search for the template listing's type and postcode, which the new listing of the second snapshot answers. */
const registerSearch = (page: Page, language: TestLanguage, email: string) => registerSearchFor(page, language, email, { webId: template?.WebID, zip: template?.Zip });

/** Opens a confirmation link from the mailbox and presses its button, as a visitor without JavaScript. */
async function confirmFromMail(page: Page, email: string, language: TestLanguage): Promise<void> {
  const [mail] = await waitForMails(email);
  await page.goto(alertLink(mail, language, 'confirm'));
  await expect(page.locator('h1')).toHaveText(messages[language].alerts.page.confirmTitle);
  await page.locator('form[data-form="alert-confirm"] button').click();
  await expect(page.locator('h1')).toHaveText(messages[language].alerts.page.confirmedTitle);
}

const searcher = uniqueEmail('zoeker');
const dropFollower = uniqueEmail('suiveur');
const soldFollower = uniqueEmail('follower');
const removedFollower = uniqueEmail('volger');
const optionFollower = uniqueEmail('option');
const unconfirmed = uniqueEmail('unconfirmed');
const unsubscribed = uniqueEmail('unsubscribed');

test('a second snapshot mails each confirmed subscriber its news once, in its language, and nobody else', async ({ browser }) => {
  test.setTimeout(240_000);
  // A server reused from an earlier run may have matched a second snapshot already: the state is
  // brought back to the deployed catalogue first, as its own deploy would.
  execFileSync('npm', ['run', '--silent', 'alerts'], { env: serverEnv(), encoding: 'utf8' });
  await withoutJavaScript(browser, async (page) => {
    await registerSearch(page, 'nl', searcher);
    await follow(page, 'fr', droppedId, dropFollower);
    await follow(page, 'en', soldId, soldFollower);
    await follow(page, 'nl', removedId, removedFollower);
    await follow(page, 'fr', optionedId, optionFollower);
    await follow(page, 'en', droppedId, unconfirmed);
    await follow(page, 'en', soldId, unsubscribed);
    await confirmFromMail(page, searcher, 'nl');
    await confirmFromMail(page, dropFollower, 'fr');
    await confirmFromMail(page, soldFollower, 'en');
    await confirmFromMail(page, removedFollower, 'nl');
    await confirmFromMail(page, optionFollower, 'fr');
    await confirmFromMail(page, unsubscribed, 'en');
    await waitForMails(unconfirmed);
  });
  // Six confirmed subscriptions; confirming made no account (the address makes one itself, from the link's page).
  expect(
    await queryCount("SELECT COUNT(*) FROM alert_subscriptions WHERE status = 'active' AND email IN (?, ?, ?, ?, ?, ?)", [
      searcher,
      dropFollower,
      soldFollower,
      removedFollower,
      optionFollower,
      unsubscribed,
    ]),
  ).toBe(6);
  expect(await queryCount('SELECT COUNT(*) FROM searcher_accounts WHERE email = ?', [searcher])).toBe(0);

  // The unsubscribed follower leaves before the deploy, with the one-click post a mail program makes.
  const client = createClient({ url: `file:${databaseFile()}`, timeout: 5000 });
  const row = (await client.execute({ sql: 'SELECT id FROM alert_subscriptions WHERE email = ?', args: [unsubscribed] })).rows[0];
  client.close();
  const oneClick = await fetch(`http://localhost:${sitePort}/api/alerts/unsubscribe/?token=${encodeURIComponent(unsubscribeToken(String(row?.id)))}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);

  writeSecondSnapshot();
  const dryRun = execFileSync('npm', ['run', '--silent', 'alerts', '--', '--dry-run'], { env: serverEnv(snapshotDir), encoding: 'utf8' });
  for (const address of [searcher, dropFollower, soldFollower, removedFollower, optionFollower]) expect(dryRun).toContain(address);
  for (const address of [unconfirmed, unsubscribed]) expect(dryRun).not.toContain(address);
  expect(dryRun).toContain(`new #${freshId}`);
  expect(dryRun).toContain(`price #${droppedId}`);
  expect(dryRun).toContain(`status #${soldId}`);
  expect(dryRun).toContain(`removed #${removedId}`);
  expect(dryRun).toMatch(new RegExp(`status #${optionedId} .* on-offer -> under-option`));
  // The dry run wrote nothing.
  expect(await queryCount('SELECT COUNT(*) FROM alert_events JOIN alert_subscriptions ON alert_subscriptions.id = alert_events.subscription_id WHERE email = ?', [searcher])).toBe(0);

  const counted = new Map([searcher, dropFollower, soldFollower, removedFollower, optionFollower, unconfirmed, unsubscribed].map((address) => [address, mailsTo(address).length]));
  const earlier = (address: string) => counted.get(address) ?? 0;
  /** The mail that comes after those of the confirmation. */
  const nextMail = async (address: string) => (await waitForMails(address, earlier(address) + 1)).at(earlier(address));
  let server = await deploySecondSnapshot();
  try {
    const searchMail = await nextMail(searcher);
    const dropMail = await nextMail(dropFollower);
    const soldMail = await nextMail(soldFollower);
    const removedMail = await nextMail(removedFollower);
    const optionMail = await nextMail(optionFollower);
    expect(searchMail?.subject).toContain('1 nieuw pand');
    // One new listing: the intro's singular (an ICU plural, issue 39 item 16).
    expect(searchMail?.text).toContain('Een nieuw pand past bij uw zoekopdracht:');
    expect(searchMail?.text).toContain(`/nl/te-koop/`);
    expect(searchMail?.text).toContain(String(freshId));
    expect(searchMail?.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\/\?token=/);
    expect(searchMail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(dropMail?.text).toContain(messages.fr.alerts.followIntro);
    expect(dropMail?.text).toContain('Prix modifié de');
    expect(soldMail?.text).toContain(messages.en.alerts.events.sold);
    expect(removedMail?.text).toContain(messages.nl.alerts.events.removed);
    expect(optionMail?.text).toContain(messages.fr.alerts.events.option);

    // A restart of the same deploy, then a second deploy of the same snapshot: nothing more. Each
    // start has run its alerts before it answered its first request (deploySecondSnapshot), so a
    // second alert would be a job queued by then; once none is waiting, any sent is in the mailbox.
    const subscribers = [searcher, dropFollower, soldFollower, removedFollower, optionFollower, unconfirmed, unsubscribed];
    await expect.poll(() => alertJobs(subscribers, "status <> 'delivered' OR locked_until IS NOT NULL"), { timeout: 20_000, message: 'the news mails sent' }).toBe(0);
    const queued = await alertJobs(subscribers);
    for (const start of ['a restart', 'a second deploy']) {
      await stop(server);
      server = await deploySecondSnapshot();
      expect(await alertJobs(subscribers), `alert mails queued after ${start}`).toBe(queued);
      await expect.poll(() => alertJobs(subscribers, "status <> 'delivered' OR locked_until IS NOT NULL"), { timeout: 20_000, message: `no alert mail waiting after ${start}` }).toBe(0);
    }
    for (const address of [searcher, dropFollower, soldFollower, removedFollower, optionFollower]) expect(mailsTo(address)).toHaveLength(earlier(address) + 1);
    expect(mailsTo(unconfirmed)).toHaveLength(earlier(unconfirmed));
    expect(mailsTo(unsubscribed)).toHaveLength(earlier(unsubscribed));
  } finally {
    await stop(server);
    rmSync(snapshotDir, { recursive: true, force: true });
  }
});

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['fr'] as const) {
  test(`the searcher's space works without JavaScript (${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const t = messages[language].searcher;
    const email = uniqueEmail(`space-${language}`);
    const password = `wachtwoord ${language} 1`;
    await withoutJavaScript(browser, async (page) => {
      await registerSearch(page, language, email);
      await follow(page, language, droppedId, email);
      // One confirmation mail a day per mailbox (issue 35). Its link confirms what the mail counted:
      // the search, and the follow only if it was posted before the mail went out.
      const confirmLinks = async () => (await waitForMails(email, 1)).flatMap((mail) => (/action=confirm/.test(mail.text) ? [alertLink(mail, language, 'confirm')] : []));
      const confirm = async (link: string) => {
        await page.goto(link);
        await page.locator('form[data-form="alert-confirm"] button').click();
        await expect(page.locator('h1')).toHaveText(messages[language].alerts.page.confirmedTitle);
      };
      await confirm((await confirmLinks())[0] ?? '');
      // A follow posted after that mail waits for its own link, the next day: the test brings its
      // day forward in the outbox instead of waiting one.
      const stillWaiting = () => queryCount("SELECT COUNT(*) FROM alert_subscriptions WHERE email = ? AND status = 'pending'", [email]);
      if ((await stillWaiting()) > 0) {
        const client = createClient({ url: `file:${databaseFile()}`, timeout: 5000 });
        try {
          await client.execute({
            sql: "UPDATE outbox SET next_attempt_at = ? WHERE kind = 'alert-confirm' AND status = 'pending' AND request_id IN (SELECT request_id FROM alert_subscriptions WHERE email = ? AND status = 'pending')",
            args: [new Date().toISOString(), email],
          });
        } finally {
          client.close();
        }
        await expect.poll(async () => (await confirmLinks()).length, { timeout: 20_000 }).toBe(2);
        await confirm((await confirmLinks())[1] ?? '');
      }
      expect(await stillWaiting()).toBe(0);
      // The confirmed link's page offers an account; its set-password link is mailed to the address.
      await page.locator('form[data-form="alert-account"] button').click();
      await expect(page.getByRole('status')).toHaveText(messages[language].alerts.page.accountSent);
      // The third mail to the address; an alert about the followed listing may come before it.
      const setupSubject = messages[language].alerts.setupSubject.split('{agency}')[0] ?? '';
      await expect.poll(async () => (await waitForMails(email, 1)).filter((mail) => mail.subject.includes(setupSubject)).length, { timeout: 20_000 }).toBe(1);
      const setup = (await waitForMails(email, 1)).find((mail) => mail.subject.includes(setupSubject));
      const setupLink = /https?:\/\/\S+token=[\w-]+/.exec(setup?.text ?? '')?.[0] ?? '';
      // The set-password page reads its token with JavaScript (as the owners' does).
      const withScript = await browser.newContext();
      // A first visit's consent dialog would make the page inert.
      await storeConsent(withScript);
      try {
        const setPage = await withScript.newPage();
        expect(setupLink).toContain('token=');
        await setPage.goto(setupLink);
        const setForm = setPage.locator('form[data-form="owner-set-password"]');
        await expect(setForm.locator('button[type="submit"]')).toBeEnabled();
        await setForm.locator('[name="password"]').fill(password);
        await setForm.locator('[name="passwordConfirm"]').fill(password);
        await setForm.locator('button[type="submit"]').click();
        await setPage.waitForURL(`**${href({ page: 'searcher' }, language)}`, { timeout: 20_000 });
      } finally {
        await withScript.close();
      }
      // Sign in at the login page, with the password chosen through the mailed link.
      await page.goto(href({ page: 'login' }, language));
      // The door speaks to owners and searchers alike, before its form (issue 39 item 22).
      const help = await page
        .locator('main p')
        .evaluateAll((paragraphs) =>
          paragraphs
            .filter((paragraph) => paragraph.compareDocumentPosition(document.querySelector('form[data-form="owner-login"]') ?? paragraph) & Node.DOCUMENT_POSITION_FOLLOWING)
            .map((paragraph) => paragraph.textContent ?? ''),
        );
      expect(help).toContain(t.loginHint);
      expect(help).toContain(messages[language].login.intro);
      const login = page.locator('form[data-form="owner-login"]');
      // The searcher's password pasted, as from a password manager (WCAG 3.3.8).
      await login.locator('[name="email"]').fill(email);
      await pasteInto(login.locator('[name="password"]'), password);
      await login.locator('button[type="submit"]').click();
      await page.waitForURL(`**${href({ page: 'searcher' }, language)}`);
      await expect(page.locator('h1')).toHaveText(t.title);
      const search = page.locator('section[aria-labelledby="searcher-searches"] li');
      const followed = page.locator('section[aria-labelledby="searcher-follows"] li');
      await expect(search).toHaveCount(1);
      await expect(search.locator('h3')).toHaveText(t.searchNumber.replace('{number}', '1'));
      await expect(search).toContainText(template?.Zip ?? '');
      await expect(followed).toHaveCount(1);
      // Issue 39 item 22: pause is a secondary action and delete a destructive one; neither is the
      // primary's filled button (save), nor do they look alike.
      const looks = (button: Locator) =>
        button.evaluate((element) => ({ fill: getComputedStyle(element).backgroundColor, ink: getComputedStyle(element).color, edge: getComputedStyle(element).borderTopColor }));
      const pause = await looks(search.getByRole('button', { name: t.pause }));
      const remove = await looks(search.getByRole('button', { name: t.delete }));
      const primary = await looks(search.locator('button[type="submit"]', { hasText: t.save }));
      expect(pause).not.toEqual(remove);
      expect(pause.fill).not.toBe(primary.fill);
      expect(remove.fill).not.toBe(primary.fill);
      const [red = 0, green = 0, blue = 0] = (remove.ink.match(/\d+/g) ?? []).map(Number);
      expect(red).toBeGreaterThan(green + 80);
      expect(red).toBeGreaterThan(blue + 80);

      // Pause, then change the frequency and the postcodes.
      await search.getByRole('button', { name: t.pause }).click();
      await expect(page.getByRole('status')).toContainText(t.notice.saved);
      await expect(search).toContainText(t.paused);
      await search.locator('summary').click();
      await search.locator('[name="postcodes"]').fill('7000, 7011');
      await search.locator('[name="frequency"]').selectOption('weekly');
      await search.getByRole('button', { name: t.save }).click();
      await expect(page.getByRole('status')).toContainText(t.notice.saved);
      await expect(search.locator('dl')).toContainText('7011');
      await expect(search).toContainText(messages[language].forms.options.frequency.weekly);
      // A range upside down changes nothing and says so.
      await search.locator('summary').click();
      await search.locator('[name="priceMin"]').fill('500000');
      await search.locator('[name="priceMax"]').fill('100000');
      await search.getByRole('button', { name: t.save }).click();
      await expect(page.getByRole('alert')).toContainText(t.notice.invalid);
      await expect(search.locator('dl')).not.toContainText('500');
      // The search comes back open, the error under the field at fault, and only there.
      const errors = messages[language].forms.errors;
      await expect(search.locator('details')).toHaveAttribute('open', '');
      await expect(search.locator('[name="priceMax"]')).toHaveAttribute('aria-invalid', 'true');
      await expect(search.locator('[name="priceMax"]')).toHaveAccessibleDescription(errors.priceRange);
      await expect(search.locator('[name="priceMin"]')).not.toHaveAttribute('aria-invalid', 'true');
      await search.locator('[name="postcodes"]').fill('7000, Mons');
      await search.getByRole('button', { name: t.save }).click();
      await expect(search.locator('[name="postcodes"]')).toHaveAccessibleDescription(errors.postcodesInvalid);
      await expect(search.locator('[name="priceMax"]')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(search.locator('dl')).toContainText('7011');

      // Stop following, then delete the account and its data.
      await followed.getByRole('button', { name: t.delete }).click();
      await expect(page.getByRole('status')).toContainText(t.notice.deleted);
      await expect(followed).toHaveCount(0);
      await page.getByRole('button', { name: t.deleteAccount }).click();
      await page.waitForURL(`**${href({ page: 'home' }, language)}`);
      expect(await queryCount('SELECT COUNT(*) FROM alert_subscriptions WHERE email = ?', [email])).toBe(0);
      expect(await queryCount('SELECT COUNT(*) FROM searcher_accounts WHERE email = ?', [email])).toBe(0);
      expect(await queryCount('SELECT COUNT(*) FROM requests WHERE email = ?', [email])).toBe(0);
      await page.goto(href({ page: 'searcher' }, language));
      await expect(page).toHaveURL(new RegExp(`${href({ page: 'login' }, language)}$`));
    });
  });
}
