// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from '@/components/forms/captcha-field';
import { FormIntl } from '@/components/forms/form-intl';
import { loadFormTexts } from '@/components/forms/form-texts';
import { NewsletterSignup } from '@/components/forms/newsletter-signup';
import { RequestForm } from '@/components/forms/request-form';
import { WithIslandIntl } from '@/components/islands/with-island-intl';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';

/*
 * The forms of an exported copy (npm run export): they post to NEXT_PUBLIC_API_ORIGIN, and
 * without one they say that requests are unavailable instead of failing when sent.
 */

// The widget's own script needs a real browser (workers, Web Crypto): the e2e tests run it.
vi.mock('altcha', () => ({}));

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('a form on an exported page', () => {
  it('posts to the API origin, and takes its spam check from there too', async () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', 'https://api.immo-hainaut.be');
    vi.stubGlobal('$altcha', { i18n: { get: () => ({}), set: () => undefined } });
    const page = (
      <FormIntl language="fr" forms={['site-contact']}>
        <WithIslandIntl>
          <RequestForm form="site-contact" language="fr" privacyHref="/fr/">
            <CaptchaField />
          </RequestForm>
        </WithIslandIntl>
      </FormIntl>
    );
    // Without JavaScript: the framed picture and spoken code of the API server, in the page's language.
    const html = renderToString(page);
    expect(html).toContain('<iframe name="site-contact-captcha-frame" src="https://api.immo-hainaut.be/api/captcha/site-contact/?lang=fr"');
    const { container } = render(page);
    expect(container.querySelector('form')?.getAttribute('action')).toBe('https://api.immo-hainaut.be/api/forms/site-contact/');
    // With JavaScript: the ALTCHA widget, whose challenge comes from the API server.
    await waitFor(() => expect(container.querySelector('altcha-widget')?.getAttribute('challenge')).toBe('https://api.immo-hainaut.be/api/altcha/site-contact/'));
  });

  it('says, in the page language, that requests are unavailable when there is no API origin', async () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', '');
    // Drawn in the browser, the form's code comes first (components/forms/lazy-form.tsx).
    const { container } = render(<NewsletterSignup language="fr" />);
    // The message, then how to reach the agency instead.
    expect((await screen.findByRole('note')).textContent).toContain(fr.forms.ui.unavailable);
    expect(container.querySelector('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'info@immo-hainaut.be' }).getAttribute('href')).toBe('mailto:info@immo-hainaut.be');
    expect(screen.getByRole('link', { name: /^065/ }).getAttribute('href')).toBe('tel:065123456');
    cleanup();
    render(<NewsletterSignup language="nl" />);
    expect((await screen.findByRole('note')).textContent).toContain(nl.forms.ui.unavailable);
  });

  it('posts to its own server in the server build', async () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '');
    // The form's texts come with its code, in the page's language (form-texts.tsx), which a page's
    // <html> names. The tests above loaded that code already, as an earlier page in one language
    // would have: this page in Dutch loads its texts with its first form.
    document.documentElement.lang = 'nl';
    await loadFormTexts();
    const { container } = render(<NewsletterSignup language="nl" />);
    await waitFor(() => expect(container.querySelector('form')?.getAttribute('action')).toBe('/api/forms/sign-newsletter/'));
  });
});
