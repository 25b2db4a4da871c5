import type { Page } from '@playwright/test';
import { expect, test } from './warm-page';
import type { AltchaWidgetElement } from 'altcha';
import { href } from '@/lib/pages';
import { seriousViolations } from './axe';
import { answerCaptchaByAudio, captchaAudioUrl, confirmByMail, expectSpamCheckSolved, messages, reachForm, requestsFor, uniqueEmail, type TestLanguage } from './forms-helpers';
import { watchViolations } from './security-checks';
import { storeConsent } from './stored-consent';

/*
 * Issue 13 item 14: a visitor who uses no mouse or no eyes can send every form. With JavaScript
 * the spam check asks nothing (ALTCHA proof of work, solved by the browser); without it, the
 * picture comes with a spoken code (issue 35 finding 4: a sum written in the page was read by a script).
 */

/** Presses Tab until the focused control matches, as a keyboard user moves through the form. */
async function tabTo(page: Page, selector: string, passed: string[]): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate((wanted) => {
      const active = document.activeElement;
      const label =
        active instanceof HTMLInputElement || active instanceof HTMLButtonElement
          ? `${active.tagName}:${active.name || active.type}${active.closest('altcha-widget') ? ':altcha' : ''}`
          : String(active?.tagName);
      return { label, matches: active?.matches(wanted) ?? false };
    }, selector);
    passed.push(here.label);
    if (here.matches) return;
  }
  throw new Error(`Tab never reached ${selector}: ${passed.join(', ')}`);
}

// One language: the flow is the same in each (see language-turns.ts); the others' turns are in other specs.
for (const language of ['nl'] as TestLanguage[]) {
  const t = messages[language];

  test(`${language}: with the keyboard alone, the contact form is sent with no picture to read, the check solved by the browser, axe clean`, async ({ page }) => {
    // Some forty key presses, each checked: slow on a loaded machine.
    test.setTimeout(120_000);
    await storeConsent(page);
    const violations = await watchViolations(page);
    const email = uniqueEmail(`keyboard-${language}`);
    await page.goto(href({ page: 'menu', id: 'contact' }, language));
    const form = page.locator('form[data-form="site-contact"]');
    await expect(form).toHaveAttribute('data-ready', 'true');
    // The widget comes with the form onto the screen; a keyboard user meets it once it is there.
    await form.locator('[data-captcha]').evaluate((element) => element.scrollIntoView());
    await expect(form.locator('altcha-widget input[type="checkbox"]')).toBeAttached();
    // Nothing to see or type: no picture, no frame, no code field.
    await expect(form.locator('img, iframe, [name="captcha"]')).toHaveCount(0);

    const passed: string[] = [];
    await form.locator('[name="title"]').first().focus();
    await page.keyboard.press('Space');
    for (const [name, value] of [
      ['firstName', 'Lea'],
      ['lastName', 'Toetsenbord'],
      ['email', email],
      ['phone', '0475 12 34 56'],
      ['city', 'Mons'],
    ] as const) {
      await tabTo(page, `form[data-form="site-contact"] [name="${name}"]`, passed);
      await page.keyboard.type(value);
    }
    await tabTo(page, 'form[data-form="site-contact"] [name="privacy"]', passed);
    await page.keyboard.press('Space');
    await tabTo(page, 'form[data-form="site-contact"] button[type="submit"]', passed);
    // The check's own box is on the way, reachable like any other control.
    expect(passed).toContain('INPUT:checkbox:altcha');

    await expectSpamCheckSolved(form);
    await expect(form.locator('altcha-widget')).toContainText(t.forms.altcha.verified);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href({ page: 'thank-you', form: 'site-contact' }, language)}`);
    expect(await requestsFor(email)).toHaveLength(1);
    // The widget runs within the site's policy (its workers from blob:, its styles inline).
    expect(await violations()).toEqual([]);
  });
}

test('a visitor already in a field when the check arrives has it solved without moving on', async ({ page }) => {
  await storeConsent(page);
  // A phone: the check sits below the first fields, so it loads only once the visitor scrolls.
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(href({ page: 'menu', id: 'contact' }, 'en'));
  const form = page.locator('form[data-form="site-contact"]');
  await expect(form).toHaveAttribute('data-ready', 'true');
  const field = form.locator('[name="firstName"]');
  await field.focus();
  await expect(form.locator('altcha-widget')).toHaveCount(0);
  // Scrolled by the page, not by a focus: the widget's own start (a focus in the form) is past.
  await form.locator('[data-captcha]').evaluate((element) => element.scrollIntoView());
  await expect(form.locator('altcha-widget')).toBeAttached();
  await expect.poll(() => form.locator('altcha-widget').evaluate((element: AltchaWidgetElement) => element.getState()), { timeout: 15_000 }).toBe('verified');
  await expect(field).toBeFocused();
});

test('a submit before the check is done waits for it, and the form is sent', async ({ page }) => {
  await storeConsent(page);
  const email = uniqueEmail('fast-submit');
  await page.goto(href({ page: 'menu', id: 'contact' }, 'en'));
  const form = page.locator('form[data-form="site-contact"]');
  // The form's code, then the widget's, come as the form comes on screen: two fetches on a busy machine.
  await reachForm(form);
  await form.locator('[data-captcha]').evaluate((element) => element.scrollIntoView());
  await expect(form.locator('altcha-widget')).toBeAttached({ timeout: 15_000 });
  // Filled without focus events (a password manager), so the check has not started yet.
  await form.evaluate((element: HTMLFormElement, address) => {
    // The way autofill does it: the value, then an input event, with no focus.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const set = (name: string, value: string) => {
      const input = element.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) return;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('firstName', 'Fast');
    set('lastName', 'Filler');
    set('email', address);
    set('phone', '0475 12 34 56');
    set('city', 'Mons');
  }, email);
  await form.locator('[name="title"][value="ms"]').dispatchEvent('click');
  await form.locator('[name="privacy"]').dispatchEvent('click');
  await expect.poll(() => form.locator('altcha-widget').evaluate((element: AltchaWidgetElement) => element.getState())).toBe('unverified');
  await form.locator('button[type="submit"]').dispatchEvent('click');
  await page.waitForURL(`**${href({ page: 'thank-you', form: 'site-contact' }, 'en')}`);
  expect(await requestsFor(email)).toHaveLength(1);
});

test('without JavaScript, the picture has a spoken alternative that fits a phone, the page holds no answer, and a wrong answer is refused', async ({ browser }) => {
  // The narrowest phone the layout serves: the frame's text wraps most there.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const t = messages.nl;
  const email = uniqueEmail('nojs-audio');
  await page.goto(href({ page: 'menu', id: 'contact' }, 'nl'));
  const form = page.locator('form[data-form="site-contact"]');
  const frame = form.locator('iframe[src*="/api/captcha/site-contact/"]');
  await expect(frame).toHaveAttribute('title', t.forms.captcha.frameTitle);
  const inside = frame.contentFrame();
  await expect(inside.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(inside.getByRole('img')).toHaveAttribute('alt', t.forms.ui.captchaAlt);
  await expect(inside.locator('#listen')).toHaveText(t.forms.captcha.listen);
  await expect(inside.locator('audio[controls]')).toHaveAttribute('src', '/api/captcha/site-contact/audio/?lang=nl');
  await expect(inside.locator('body')).not.toContainText(/plus|hoeveel|\d{3,}/);
  // The player, the frame's last line, ends inside the frame: nothing clips.
  const frameBox = await frame.boundingBox();
  const playerBox = await inside.locator('audio').boundingBox();
  if (!frameBox || !playerBox) throw new Error('the frame or its player is not laid out');
  expect(playerBox.y + playerBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
  expect(playerBox.x + playerBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
  // What the player plays: a WAV of the server, for the browser's own captcha cookie.
  const played = await context.request.get(await captchaAudioUrl(form));
  expect(played.status()).toBe(200);
  expect(played.headers()['content-type']).toBe('audio/wav');
  expect((await played.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
  // The field says where its picture and spoken code are, in its description.
  const field = form.locator('[name="captcha"]');
  await expect(field).toHaveAccessibleName(new RegExp(t.forms.fields.captcha));
  await expect(field).toHaveAccessibleDescription(t.forms.ui.captchaHelp);

  const fill = async () => {
    await form.locator('[name="title"][value="ms"]').check();
    await form.locator('[name="firstName"]').fill('Noor');
    await form.locator('[name="lastName"]').fill('Zonderscript');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="phone"]').fill('0475 12 34 56');
    await form.locator('[name="city"]').fill('Mons');
    await form.locator('[name="privacy"]').check();
  };
  await fill();
  await field.fill('999');
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('main')).toContainText(t.forms.errors.captchaInvalid);
  expect(await requestsFor(email)).toHaveLength(0);

  await page.goto(href({ page: 'menu', id: 'contact' }, 'nl'));
  await fill();
  await answerCaptchaByAudio(form, 'nl');
  await form.locator('button[type="submit"]').click();
  // A program can read the spoken code (issue 35): the request waits for the link mailed to the address.
  await confirmByMail(page, email, 'nl', 'site-contact');
  await context.close();
});
