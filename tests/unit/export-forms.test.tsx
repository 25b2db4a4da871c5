// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from '@/components/forms/common-fields';
import { FormIntl } from '@/components/forms/form-intl';
import { NewsletterSignup } from '@/components/forms/newsletter-signup';
import { RequestForm } from '@/components/forms/request-form';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';

/*
 * The forms of an exported copy (npm run export): they post to NEXT_PUBLIC_API_ORIGIN, and
 * without one they say that requests are unavailable instead of failing when sent.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('a form on an exported page', () => {
  it('posts to the API origin, captcha included', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', 'https://api.immo-hainaut.be');
    const { container } = render(
      <FormIntl language="fr">
        <RequestForm form="site-contact" language="fr" privacyHref="/fr/">
          <CaptchaField />
        </RequestForm>
      </FormIntl>,
    );
    expect(container.querySelector('form')?.getAttribute('action')).toBe('https://api.immo-hainaut.be/api/forms/site-contact/');
    expect(screen.getByRole('img').getAttribute('src')).toBe('https://api.immo-hainaut.be/api/captcha/site-contact/');
  });

  it('says, in the page language, that requests are unavailable when there is no API origin', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', '');
    const { container } = render(<NewsletterSignup language="fr" />);
    expect(container.querySelector('form')).toBeNull();
    // The message, then how to reach the agency instead.
    expect(screen.getByRole('note').textContent).toContain(fr.forms.ui.unavailable);
    expect(screen.getByRole('link', { name: 'info@immo-hainaut.be' }).getAttribute('href')).toBe('mailto:info@immo-hainaut.be');
    expect(screen.getByRole('link', { name: /^065/ }).getAttribute('href')).toBe('tel:065123456');
    cleanup();
    render(<NewsletterSignup language="nl" />);
    expect(screen.getByRole('note').textContent).toContain(nl.forms.ui.unavailable);
  });

  it('posts to its own server in the server build', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '');
    const { container } = render(<NewsletterSignup language="nl" />);
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/api/forms/sign-newsletter/');
  });
});
