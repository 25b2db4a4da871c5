// @vitest-environment jsdom
import { IslandMessages } from '@/components/islands/island-messages';
import { formIslandTexts } from '@/lib/forms/island-texts';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InformationForm, NewsletterForm, WithFormTexts } from '@/components/forms/request-forms';
import { formKinds, formNames } from '@/lib/form-kinds/table';

/*
 * A form shows the captcha its definition asks for (lib/forms/definitions.ts), the one the route
 * handler then checks: the forms do not say it again.
 */

// The widget's own script needs a real browser (workers, Web Crypto): the e2e tests run it.
vi.mock('altcha', () => ({}));

const newsletter = formKinds['sign-newsletter'].definition;
const common = { language: 'fr', privacyHref: '/fr/' };

afterEach(() => {
  cleanup();
  formKinds['sign-newsletter'].definition = newsletter;
  vi.unstubAllGlobals();
});

function hasCaptcha(form: ReactNode): boolean {
  const { container } = render(
    <IslandMessages locale="fr" messages={formIslandTexts('fr', formNames) ?? {}}>
      <WithFormTexts>{form}</WithFormTexts>
    </IslandMessages>,
  );
  const shown = container.querySelector('[data-captcha]') !== null;
  cleanup();
  return shown;
}

describe('the captcha of a form', () => {
  it('is shown where the definition asks for one, and only there', () => {
    vi.stubGlobal('$altcha', { i18n: { get: () => ({}), set: () => undefined } });
    expect(hasCaptcha(<InformationForm common={common} propertyId={4000001} />)).toBe(true);
    expect(hasCaptcha(<NewsletterForm common={common} />)).toBe(false);
    formKinds['sign-newsletter'].definition = { ...newsletter, captcha: true };
    expect(hasCaptcha(<NewsletterForm common={common} />)).toBe(true);
  });
});

describe('the consent line of a form', () => {
  // Issue 39 item 24: the newsletter's consent spoke of "answering my request".
  const consent = (form: ReactNode, language: 'nl' | 'fr' | 'en' | 'de') => {
    const { container } = render(
      <IslandMessages locale={language} messages={formIslandTexts(language, formNames) ?? {}}>
        <WithFormTexts>{form}</WithFormTexts>
      </IslandMessages>,
    );
    const text = container.querySelector('input[name="privacy"]')?.closest('label')?.textContent ?? container.querySelector('input[name="privacy"]')?.parentElement?.textContent ?? '';
    cleanup();
    return text;
  };

  it.each([
    ['nl', /aanvraag/i, /nieuwsbrief/i],
    ['fr', /demande/i, /lettre d.information/i],
    ['en', /request/i, /newsletter/i],
    ['de', /Anfrage/i, /Newsletter/i],
  ] as const)('speaks of the newsletter on the newsletter form, of the request elsewhere (%s)', (language, request, newsletterWord) => {
    vi.stubGlobal('$altcha', { i18n: { get: () => ({}), set: () => undefined } });
    const settings = { language, privacyHref: `/${language}/` };
    const signUp = consent(<NewsletterForm common={settings} />, language);
    expect(signUp).toMatch(newsletterWord);
    expect(signUp).not.toMatch(request);
    expect(consent(<InformationForm common={settings} propertyId={4000001} />, language)).toMatch(request);
  });
});
