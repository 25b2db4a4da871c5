// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formCommon, townChoices, typeChoices } from '@/components/forms/form-common';
import * as forms from '@/components/forms/request-forms';
import { IslandMessages } from '@/components/islands/island-messages';
import { formIslandTexts } from '@/lib/forms/island-texts';
import type { FormName } from '@/lib/form-kinds/table';
import { allMessages } from '@/lib/i18n/messages';

/*
 * A form island's texts: on the static export only those of its forms (formIslandTexts, carried in
 * the page's inline data), on the server build the bundle of the page's language, loaded with the
 * form's code (form-texts.tsx). A text left out would show its key (a field's raw name) or
 * next-intl's error in place of the label: each form must draw exactly what it draws with the
 * whole namespace, either way.
 */

vi.mock('altcha', () => ({}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const language = 'fr';
const common = formCommon(language);
const slots = [{ id: 1, start: '2027-03-01T10:00:00', end: '2027-03-01T10:30:00', remaining: 2 }];
const cases: [FormName, ReactElement][] = [
  ['contact-appointment', <forms.VisitForm key="visit" common={common} propertyId={4000001} slots={slots} />],
  ['contact-me', <forms.InformationForm key="info" common={common} propertyId={4000001} />],
  ['request-documents', <forms.DocumentsForm key="documents" common={common} propertyId={4000001} />],
  ['send-to-friend', <forms.FriendForm key="friend" common={common} propertyId={4000001} />],
  ['follow-listing', <forms.FollowForm key="follow" common={common} propertyId={4000001} />],
  ['purchase-offer', <forms.OfferForm key="offer" common={common} propertyId={4000001} />],
  ['rental-application', <forms.RentalForm key="rental" common={common} propertyId={4000001} />],
  ['contact-construction', <forms.ConstructionForm key="construction" common={common} projectId={5000001} />],
  ['contact-demand', <forms.ValuationForm key="valuation" common={common} types={typeChoices(language)} />],
  ['demand-register', <forms.SearchAlertForm key="alert" common={common} types={typeChoices(language)} towns={townChoices(language)} />],
  ['site-contact', <forms.SiteContactForm key="contact" common={common} />],
  ['sign-newsletter', <forms.NewsletterForm key="newsletter" common={common} />],
  ['testimonial', <forms.TestimonialForm key="testimonial" common={common} />],
  ['job-application', <forms.JobForm key="job" common={common} />],
];

describe('the texts a form island is given', () => {
  it('covers every form of the forms module', () => {
    const components = Object.keys(forms).filter((name) => name.endsWith('Form'));
    expect(cases).toHaveLength(components.length);
  });

  for (const [form, element] of cases) {
    it(`draw the ${form} form as the whole namespace does`, async () => {
      vi.stubGlobal('$altcha', { i18n: { get: () => ({}), set: () => undefined } });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const drawn = (provider: ReactElement) => {
        const { container } = render(provider);
        const html = container.innerHTML;
        cleanup();
        return html;
      };
      const whole = drawn(
        <IslandMessages locale={language} messages={{ forms: allMessages[language].forms }}>
          <forms.WithFormTexts>{element}</forms.WithFormTexts>
        </IslandMessages>,
      );
      const picked = drawn(
        <IslandMessages locale={language} messages={formIslandTexts(language, [form]) ?? {}}>
          <forms.WithFormTexts>{element}</forms.WithFormTexts>
        </IslandMessages>,
      );
      expect(picked).toBe(whole);
      // The server build's FormIntl gives the language alone; the texts come with the code.
      document.documentElement.lang = language;
      await forms.loadFormTexts();
      const bundled = drawn(
        <IslandMessages locale={language} messages={{}}>
          <forms.WithFormTexts>{element}</forms.WithFormTexts>
        </IslandMessages>,
      );
      expect(bundled).toBe(whole);
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/MISSING_MESSAGE/);
      errors.mockRestore();
    });
  }
});
