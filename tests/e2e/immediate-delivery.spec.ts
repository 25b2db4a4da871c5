import { rmSync } from 'node:fs';
import { expect, test } from './warm-page';
import { type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { withoutJavaScript } from './alerts-helpers';
import { messages, sitePort, uniqueEmail } from './forms-helpers';
import { mailsTo, waitForMails } from './mailbox';
import { startOwnServer } from './own-server';

/*
 * A request's mail leaves at once, not at the outbox's next poll. The routes that queue a job
 * stand below the worker that delivers it and ask for it through lib/outbox/deliver-soon, which
 * the worker answers once the server has started it, across Next.js's separate bundles of the
 * instrumentation hook and the routes. On a server of this spec's own whose worker polls once an
 * hour (its first round runs at start, before any request), a mail that arrives within seconds
 * was sent by that immediate delivery: the newsletter's confirmation mail when the sign-up is
 * stored, and the agency's copy when the link's button confirms it.
 */

test.describe.configure({ mode: 'serial' });

const port = sitePort + 54;
const database = `var/e2e-immediate-${port}.db`;
const agency = uniqueEmail('immediate-agency');
/** Far less than the hour the worker waits between its rounds. */
const promptly = 15_000;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  stop = await startOwnServer(port, {
    DATABASE_URL: `file:${database}`,
    UPLOAD_DIR: `var/e2e-uploads-${port}`,
    SMTP_URL: `smtp://127.0.0.1:${sitePort + 1025}`,
    MAIL_TO: agency,
    OUTBOX_POLL_MS: String(60 * 60 * 1000),
    FORM_RATE_LIMIT: '1000',
  });
});

test.afterAll(async () => stop?.());

for (const language of ['nl', 'fr', 'en'] satisfies Language[]) {
  const t = messages[language];

  test(`${language}: a newsletter sign-up's confirmation and the agency's copy leave at once, on a server whose outbox polls once an hour`, async ({ browser }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`immediate-${language}`);
    const origin = `http://localhost:${port}`;
    await withoutJavaScript(browser, async (page) => {
      await page.goto(`${origin}${href({ page: 'home' }, language)}`);
      const form = page.locator('footer form[data-form="sign-newsletter"]');
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="privacy"]').check();
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`**${href({ page: 'thank-you', form: 'sign-newsletter' }, language)}`);
      const [mail] = await waitForMails(email, 1, promptly);
      const link = new RegExp(`${origin}/${language}/[^\\s?]+\\?token=[\\w-]+`).exec(mail?.text ?? '')?.[0];
      expect(link, 'a confirmation link').toBeDefined();

      const agencyMails = mailsTo(agency).length;
      await page.goto(link ?? '');
      await page.getByRole('button', { name: t.newsletter.confirmButton }).click();
      await expect(page.locator('h1')).toHaveText(t.newsletter.confirmedTitle);
      await expect.poll(() => mailsTo(agency).filter((received) => received.text.includes(email)).length, { timeout: promptly, message: "the agency's copy of the confirmed sign-up" }).toBe(1);
      expect(mailsTo(agency).length).toBe(agencyMails + 1);
    });
  });
}
