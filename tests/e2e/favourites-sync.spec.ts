import { createClient } from '@libsql/client';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { favouritesKey } from '@/lib/favourites/storage';
import { href } from '@/lib/pages';
import { hashPassword } from '@/lib/security/password';
import { databaseFile, messages, queryCount, uniqueEmail, type TestLanguage } from './forms-helpers';
import { storeConsent } from './stored-consent';

/*
 * A signed-in searcher's favourites follow the account (issue 19 item 3): two hearts saved on
 * device A (one browser context) are on the favourites page of device B (another context) once
 * the searcher signs in there, beside B's own; signing out leaves B's list as it was, and B then
 * sends nothing more about it.
 */

const password = 'correct horse battery staple';

/** A searcher's account, written into the site's database as the alert form's confirmation would. */
async function createSearcher(email: string): Promise<void> {
  const client = createClient({ url: `file:${databaseFile()}`, timeout: 5000 });
  try {
    await client.execute({ sql: 'INSERT INTO searcher_accounts (email, password_hash, updated_at) VALUES (?, ?, ?)', args: [email, await hashPassword(password), new Date().toISOString()] });
  } finally {
    client.close();
  }
}

const heart = (page: Page, id: number) => page.locator(`button[data-favourite="${id}"][data-ready]`);
const stored = (page: Page) => page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as number[], favouritesKey);
const accountCount = (email: string) => queryCount('SELECT COUNT(*) FROM searcher_favourites WHERE email = ?', [email]);

async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await storeConsent(context);
  return context.newPage();
}

async function signIn(page: Page, language: TestLanguage, email: string): Promise<void> {
  await page.goto(href({ page: 'login' }, language));
  const login = page.locator('form[data-form="owner-login"]');
  await login.locator('[name="email"]').fill(email);
  await login.locator('[name="password"]').fill(password);
  await login.locator('button[type="submit"]').click();
  await page.waitForURL(`**${href({ page: 'searcher' }, language)}`);
}

/** The IDs of the hearts of a list page, in its order. */
const cardIds = (page: Page) => page.locator('main article button[data-favourite]').evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-favourite'))));

// Two devices and two sign-ins (each a deliberately slow password check) on a shared machine.
test.describe.configure({ timeout: 90_000 });

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['fr'] as const) {
  test(`${language}: hearts saved on one device are on the favourites page of another once signed in; signing out keeps that list`, async ({ browser }) => {
    const t = messages[language].searcher;
    const email = uniqueEmail(`favsync-${language}`);
    await createSearcher(email);

    // Device A: signed in, two hearts; the account holds them (the hearts' merge is not awaited).
    const a = await device(browser);
    await signIn(a, language, email);
    await a.goto(href({ page: 'for-sale' }, language));
    const [first, second, third] = await cardIds(a);
    if (!first || !second || !third) throw new Error('the list has fewer than three listings');
    await heart(a, first).click();
    await heart(a, second).click();
    await expect(heart(a, second)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => accountCount(email), { message: "the account's favourites" }).toBe(2);

    // Device B: one heart of its own before signing in, which nothing sends anywhere.
    const b = await device(browser);
    const sent: string[] = [];
    b.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/favourites/') sent.push(request.method());
    });
    await b.goto(href({ page: 'for-sale' }, language));
    await heart(b, third).click();
    await expect(heart(b, third)).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toEqual([]);

    await signIn(b, language, email);
    // The space says the favourites follow the account and links to them.
    const space = b.locator('section[aria-labelledby="searcher-favourites"]');
    await expect(space.locator('h2')).toHaveText(t.favourites);
    await expect(space).toContainText(t.favouritesText);
    await space.getByRole('link', { name: t.favouritesLink }).click();
    await b.waitForURL(`**${href({ page: 'favourites' }, language)}`);
    const cards = b.locator('main article');
    await expect(cards).toHaveCount(3);
    for (const id of [first, second, third]) await expect(b.locator(`main article a[href="${href({ page: 'property', id }, language)}"]`)).toHaveCount(1);
    await expect.poll(() => accountCount(email), { message: "B's own heart joins the account" }).toBe(3);
    const before = await stored(b);
    expect([...before].sort()).toEqual([first, second, third].sort());

    // The account's page counts them.
    await b.goto(href({ page: 'searcher' }, language));
    await expect(space.locator('[data-searcher-favourites]')).toHaveAttribute('data-searcher-favourites', '3');

    // Signing out: B keeps its list as it was, and tells the server nothing more.
    await b.getByRole('button', { name: t.logout }).click();
    await b.waitForURL(`**${href({ page: 'login' }, language)}`);
    const requestsBefore = sent.length;
    await b.goto(href({ page: 'favourites' }, language));
    await expect(cards).toHaveCount(3);
    expect(await stored(b)).toEqual(before);
    expect(sent.length).toBe(requestsBefore);
    expect(await accountCount(email)).toBe(3);
    await a.context().close();
    await b.context().close();
  });
}
