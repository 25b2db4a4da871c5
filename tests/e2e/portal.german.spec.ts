import { execFileSync } from 'node:child_process';
import { expect, test } from './warm-page';
import { getOwners } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { databaseFile, messages, sitePort } from './forms-helpers';
import { storeConsent } from './stored-consent';

const germanPort = sitePort + 1;

test('the owner portal works in German when German is switched on', async ({ page }) => {
  await storeConsent(page);
  const owner = getOwners()[2]!;
  const output = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/owner.ts', 'invite', owner.Email], {
    env: { ...process.env, DATABASE_URL: `file:${databaseFile(germanPort)}`, SITE_URL: `http://localhost:${germanPort}` },
    encoding: 'utf8',
  });
  const token = /token=([\w-]+)/.exec(output)?.[1];
  expect(token).toBeDefined();
  const de = messages.de.portal;
  await page.goto(`${href({ page: 'set-password' }, 'de')}?token=${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.setTitle);
  const form = page.locator('form[data-form="owner-set-password"]');
  await form.locator('[name="password"]').fill('kurz');
  await form.locator('[name="passwordConfirm"]').fill('kurz');
  await form.locator('button[type="submit"]').click();
  await expect(form).toContainText(de.passwordTooShort);
  await form.locator('[name="password"]').fill('ein gutes Passwort');
  await form.locator('[name="passwordConfirm"]').fill('ein gutes Passwort');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(`**${href({ page: 'portal' }, 'de')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.title);
  await page.getByRole('link', { name: de.details }).first().click();
  await expect(page.getByRole('heading', { name: de.visitsTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: de.managerTitle })).toBeVisible();
});
