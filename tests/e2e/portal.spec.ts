import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getOwners, getProperty } from '@/lib/catalogue';
import { closeStore, openStore, storeRequest } from '@/lib/db';
import { href } from '@/lib/pages';
import { waitForMails } from './mailbox';
import { databaseFile, messages, pasteInto, sitePort } from './forms-helpers';
import { storeConsent } from './stored-consent';
import { ruleViolations, seriousViolations } from './axe';

/*
 * The owner portal through the real server: invited by the staff CLI, the owner sets a password,
 * logs in, sees their own listings and the visits their listing page gets, cannot open another
 * owner's listing, logs out; wrong passwords lock the account; a forgotten password comes back
 * by e-mail through the loopback SMTP server, and its link works once.
 */

const baseURL = `http://localhost:${sitePort}`;

/** Runs the staff command and returns the link it prints. */
function invite(email: string): string {
  const output = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/owner.ts', 'invite', email], {
    env: { ...process.env, DATABASE_URL: `file:${databaseFile()}`, SITE_URL: baseURL },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  const form = page.locator('form[data-form="owner-set-password"]');
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  await form.locator('[name="password"]').fill(password);
  await form.locator('[name="passwordConfirm"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

async function logIn(page: Page, language: 'nl' | 'fr' | 'en', email: string, password: string) {
  await page.goto(href({ page: 'login' }, language));
  const form = page.locator('form[data-form="owner-login"]');
  // Pasted, as from a password manager (WCAG 3.3.8): tests/e2e/login-access.spec.ts.
  await pasteInto(form.locator('[name="email"]'), email);
  await pasteInto(form.locator('[name="password"]'), password);
  await form.locator('button[type="submit"]').click();
}

const [owner, otherOwner, , lockedOwner] = getOwners();

test("invite, set a password, see my listings and their visits, not another owner's, log out", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await storeConsent(page);
  // The flow in the owner's own language, as the link of the invitation opens it.
  const language = owner!.Language;
  const t = messages[language].portal;
  const mine = owner!.PropertyIDs[0]!;
  const theirs = otherOwner!.PropertyIDs[0]!;

  const link = invite(owner!.Email);
  expect(link).toContain(`/${owner!.Language}/login/`);
  await setPassword(page, link, 'owner password 1');
  await page.waitForURL(`**${href({ page: 'portal' }, language)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
  for (const id of owner!.PropertyIDs) await expect(page.getByRole('link', { name: getProperty(id, language)!.type.name, exact: false }).first()).toBeVisible();
  await expect(page.locator(`a[href="${href({ page: 'portal-listing', id: theirs }, language)}"]`)).toHaveCount(0);

  // The link works once.
  const second = await browser.newPage();
  await storeConsent(second);
  await second.goto(link);
  const form = second.locator('form[data-form="owner-set-password"]');
  await form.locator('[name="password"]').fill('another password');
  await form.locator('[name="passwordConfirm"]').fill('another password');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole('alert')).toContainText(t.linkInvalid);
  await second.close();

  // Visits: the listing page reports a view; the portal counts it.
  await page.goto(href({ page: 'portal-listing', id: mine }, language));
  const before = Number(await page.getByTestId('visitsToday').textContent());
  const visitor = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36 e2e-visitor' });
  await storeConsent(visitor);
  const visitorPage = await visitor.newPage();
  // The server's answer, not the request: a context closed while the beacon was on its way lost
  // the visit on a busy CI run.
  const beacon = visitorPage.waitForResponse((response) => response.url().includes('/api/visits/'));
  await visitorPage.goto(href({ page: 'property', id: mine }, 'fr'));
  await beacon;
  await visitor.close();
  await expect
    .poll(async () => {
      await page.reload();
      return Number(await page.getByTestId('visitsToday').textContent());
    })
    .toBe(before + 1);
  expect(Number(await page.getByTestId('visitsTotal').textContent())).toBeGreaterThanOrEqual(before + 1);
  await expect(page.locator('figure').getByText(t.chartTitle, { exact: false })).toBeVisible();
  // Issue 39 item 27: the listing's photo, and a chart caption that names its period once.
  const photo = page.getByTestId('listing-photo');
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const caption = (await page.locator('figure figcaption').first().textContent()) ?? '';
  expect(caption.match(/30/g) ?? []).toHaveLength(1);
  await expect(page.getByRole('heading', { name: t.managerTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.communicationsTitle })).toBeVisible();

  // Accessible on a phone and on a desktop.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Moderate, but each region's name once (issue 39: the table's section and its scrolling region).
    expect(await ruleViolations(page, ['landmark-unique', 'heading-order'])).toEqual([]);
  }

  // Another owner's listing does not exist for this owner.
  const response = await page.goto(href({ page: 'portal-listing', id: theirs }, language));
  expect(response?.status()).toBe(404);

  // Log out: the portal is closed again.
  await page.goto(href({ page: 'portal' }, language));
  await page.getByRole('button', { name: t.logOut }).click();
  await page.waitForURL(`**${href({ page: 'login' }, language)}`);
  await page.goto(href({ page: 'portal' }, language));
  await expect(page).toHaveURL(new RegExp(`${href({ page: 'login' }, language)}$`));
});

test('wrong passwords give one message, then the lockout', async ({ page }) => {
  // Seven sign-ins in a row, each a page load and a deliberately slow password hash.
  test.setTimeout(60_000);
  await storeConsent(page);
  const t = messages.fr.portal;
  invite(lockedOwner!.Email);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await logIn(page, 'fr', lockedOwner!.Email, `wrong ${attempt}`);
    const alert = page.locator('form[data-form="owner-login"]').getByRole('alert');
    await expect(alert).toContainText(t.loginFailed);
    await expect(alert).toContainText(t.credentialsWrong);
  }
  // An unknown address gets the very same answer.
  await logIn(page, 'fr', 'nobody@example.be', 'whatever');
  await expect(page.locator('form[data-form="owner-login"]').getByRole('alert')).toContainText(t.credentialsWrong);
  await logIn(page, 'fr', lockedOwner!.Email, 'wrong 5');
  await expect(page.locator('form[data-form="owner-login"]').getByRole('alert')).toContainText(t.lockedOut);
  await logIn(page, 'fr', lockedOwner!.Email, 'wrong 6');
  await expect(page.locator('form[data-form="owner-login"]').getByRole('alert')).toContainText(t.lockedOut);
});

test('a forgotten password comes back by e-mail, and the link works once', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await storeConsent(page);
  const who = otherOwner!;
  const t = messages.en.portal;
  await page.goto(href({ page: 'forgot-password' }, 'en'));
  let form = page.locator('form[data-form="owner-forgot"]');
  await form.locator('[name="email"]').fill('nobody@example.be');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole('status')).toHaveText(t.passwordSent);
  await page.goto(href({ page: 'forgot-password' }, 'en'));
  form = page.locator('form[data-form="owner-forgot"]');
  await form.locator('[name="email"]').fill(who.Email);
  await form.locator('button[type="submit"]').click();
  // The same answer whether or not the address has an account.
  await expect(form.getByRole('status')).toHaveText(t.passwordSent);

  const [mail] = await waitForMails(who.Email);
  const link = /https?:\/\/\S+token=[\w-]+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  expect(mail!.subject).toBe(messages[who.Language].mail.resetSubject.replace('{agency}', 'Immo Hainaut'));
  await setPassword(page, link!, 'reset password 1');
  await page.waitForURL(`**${href({ page: 'portal' }, who.Language)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[who.Language].portal.title);

  const again = await browser.newPage();
  await storeConsent(again);
  await setPassword(again, link!, 'reset password 2');
  await expect(again.locator('form[data-form="owner-set-password"]').getByRole('alert')).toContainText(messages[who.Language].portal.linkInvalid);
  await again.close();

  // The new password works at the login page.
  const fresh = await browser.newContext();
  await storeConsent(fresh);
  const login = await fresh.newPage();
  await logIn(login, 'en', who.Email, 'reset password 1');
  await login.waitForURL(`**${href({ page: 'portal' }, 'en')}`);
  await fresh.close();
});

test("on a phone, in Dutch and French: no visitor's name or message, the history translated, dates on one line, a readable chart", async ({ page }) => {
  test.setTimeout(90_000);
  await storeConsent(page);
  const who = getOwners()[2]!;
  const listing = who.PropertyIDs[0]!;
  // Requests visitors sent through the site about the listing: theirs to the agency, not the owner's.
  const store = await openStore(`file:${databaseFile()}`);
  const secrets = { name: 'Zoë Geheimnaam', friendNote: 'Kijk schat, ons volgende huis', bidder: 'Bastien Offrant' };
  await storeRequest(store, { form: 'send-to-friend', lang: 'nl', propertyId: listing, email: 'zoe@example.be', name: secrets.name, payload: { remark: secrets.friendNote }, jobs: [] });
  await storeRequest(store, { form: 'purchase-offer', lang: 'fr', propertyId: listing, email: 'bastien@example.be', name: secrets.bidder, payload: { remark: 'Mon offre est ferme' }, jobs: [] });
  await closeStore(store);
  const crm = who.History.find((entry) => entry.PropertyID === listing)!;
  // The visitors the CRM names without their consent (the subjects of viewings).
  const namedVisitors = crm.Calendar.filter((event) => event.Type === 'Visit' && !event.VisitorConsent).map((event) => event.Subject);
  expect(namedVisitors.length).toBeGreaterThan(0);
  const rawCrmValues = new Set([...crm.Calendar.flatMap((event) => [event.Type, event.Status]), ...crm.Communications.flatMap((item) => [item.Type, item.Status])]);

  await setPassword(page, invite(who.Email), 'owner password 3');
  await page.waitForURL(`**${href({ page: 'portal' }, who.Language)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of ['nl', 'fr'] as const) {
    const t = messages[language].portal;
    await page.goto(href({ page: 'portal-listing', id: listing }, language));
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: t.communicationsTitle })).toBeVisible();
    const text = await main.innerText();
    for (const secret of [...Object.values(secrets), 'Mon offre est ferme', 'zoe@example.be', ...namedVisitors]) expect(text, `${language}: ${secret}`).not.toContain(secret);
    // The site's requests are there, by kind and status.
    // The section and its scrolling table are both regions of that name.
    const communications = main.getByRole('region', { name: t.communicationsTitle }).first();
    await expect(communications.getByRole('row').filter({ hasText: messages[language].forms.names['send-to-friend'] }).first()).toContainText(t.statuses.received);
    await expect(communications.getByRole('row').filter({ hasText: messages[language].forms.names['purchase-offer'] }).first()).toContainText(t.aVisitor);

    // No CRM code in English: every cell of the history is in the page's language.
    const calendar = main.getByRole('region', { name: t.calendarTitle }).first();
    const cells = [...(await calendar.locator('td').allInnerTexts()), ...(await communications.locator('td').allInnerTexts())].map((cell) => cell.trim());
    expect(cells.filter((cell) => rawCrmValues.has(cell) && !Object.values(t.communicationKinds).includes(cell))).toEqual([]);
    await expect(calendar).toContainText(t.calendarKinds.visit);
    await expect(calendar).toContainText(t.statuses.done);

    // Dates and times stay on one line.
    const dates = main.locator('td time');
    expect(await dates.count()).toBeGreaterThan(3);
    const wrapped = await dates.evaluateAll((elements) =>
      elements
        .filter(
          (element) =>
            new Set([...element.getClientRects()].map((rect) => Math.round(rect.top))).size !== 1 || element.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(element).lineHeight),
        )
        .map((element) => element.textContent),
    );
    expect(wrapped).toEqual([]);

    // The chart: labels of at least 12 px, values on its y-axis, a table of the figures.
    const chart = main.getByTestId('visits-chart');
    await expect(chart).toBeVisible();
    const sizes = await chart.evaluate((element) =>
      [...element.querySelectorAll('*')]
        .filter((node) => [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim()))
        .map((node) => [node.textContent, parseFloat(getComputedStyle(node).fontSize)] as const),
    );
    expect(sizes.length).toBeGreaterThan(4);
    expect(sizes.filter(([, size]) => size < 12)).toEqual([]);
    const yValues = await chart.getByTestId('chart-y-value').allInnerTexts();
    expect(yValues[0]).toBe('0');
    expect(yValues.length).toBeGreaterThanOrEqual(2);
    await main.locator('summary', { hasText: t.chartTableCaption }).click();
    await expect(main.getByRole('table', { name: t.chartTableCaption }).locator('tbody tr')).toHaveCount(30);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
