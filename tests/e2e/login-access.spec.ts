import type { Locator } from '@playwright/test';
import { expect, test } from './warm-page';
import { href } from '@/lib/pages';
import { pasteInto } from './forms-helpers';
import { getEnabledLanguages } from './site-urls';
import { storeConsent } from './stored-consent';

/*
 * WCAG 3.3.8 accessible authentication: owners and searchers sign in with the same form, which a
 * password manager fills (autocomplete tokens) and into which a password can be pasted; no puzzle,
 * no code to read, nothing to remember beyond the password. A real sign-in with pasted values:
 * portal.spec.ts (owner) and alerts.spec.ts (searcher).
 */

test.beforeEach(async ({ page }) => storeConsent(page));

/** Whether something on the page cancels a paste or a drop into the field, or limits what it takes. */
async function blocks(field: Locator): Promise<string[]> {
  return field.evaluate((input) => {
    const found: string[] = [];
    for (const type of ['paste', 'drop'] as const) {
      const event =
        type === 'paste'
          ? new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() })
          : new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() });
      if (!input.dispatchEvent(event)) found.push(`${type} cancelled`);
    }
    if (input.hasAttribute('readonly')) found.push('read-only');
    if (input.getAttribute('autocomplete') === 'off') found.push('autocomplete off');
    const max = Number(input.getAttribute('maxlength') ?? Infinity);
    if (max < 128) found.push(`maxlength ${max}`);
    return found;
  });
}

for (const language of getEnabledLanguages()) {
  test(`${language}: the login takes a password manager's autofill and a paste, and asks no puzzle`, async ({ page }) => {
    await page.goto(href({ page: 'login' }, language));
    const form = page.locator('form[data-form="owner-login"]');
    const email = form.locator('input[name="email"]');
    const password = form.locator('input[name="password"]');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('autocomplete', 'username');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    // A password manager needs both fields in one form with a submit button.
    await expect(form.locator('button[type="submit"]')).toHaveCount(1);
    expect(await blocks(email)).toEqual([]);
    expect(await blocks(password)).toEqual([]);
    // No cognitive function test: no captcha, puzzle, picture or frame to solve.
    await expect(form.locator('altcha-widget, iframe, img, canvas, [name="captcha"]')).toHaveCount(0);
    await pasteInto(email, 'someone@example.be');
    await pasteInto(password, 'a long pasted passphrase 1');

    await page.goto(href({ page: 'forgot-password' }, language));
    const forgot = page.locator('form[data-form="owner-forgot"] input[name="email"]');
    await expect(forgot).toHaveAttribute('autocomplete', 'username');
    expect(await blocks(forgot)).toEqual([]);
    await pasteInto(forgot, 'someone@example.be');
  });
}
