// @vitest-environment jsdom
import { IslandMessages } from '@/components/islands/island-messages';
import { formIslandTexts } from '@/lib/forms/island-texts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitForm, WithFormTexts } from '@/components/forms/request-forms';
import type { SlotAvailability } from '@/lib/forms/slots';

/*
 * The visit form asks the server for the places left once it is shown. A visitor may pick a time
 * before that answer comes back and says the time is now full. The chosen time must still be what
 * the form posts, so that the server refuses it and says so: a disabled radio is not posted, and
 * the request was stored without the time the visitor had picked (seen in the browser tests when
 * three languages booked one slot at once).
 */

vi.mock('altcha', () => ({}));

const common = { language: 'en', privacyHref: '/en/' };
const slot = (id: number, remaining: number): SlotAvailability => ({ id, start: `2027-03-0${id}T10:00:00`, end: `2027-03-0${id}T10:30:00`, remaining });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the visit form when its slots are refreshed', () => {
  it('keeps posting the time the visitor picked when it turns full meanwhile, and shows it full', async () => {
    vi.stubGlobal('$altcha', { i18n: { get: () => ({}), set: () => undefined } });
    let answer: (body: { slots: SlotAvailability[] }) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }))))),
    );
    const { container } = render(
      <IslandMessages locale="en" messages={formIslandTexts('en', ['contact-appointment']) ?? {}}>
        <WithFormTexts>
          <VisitForm common={common} propertyId={4000001} slots={[slot(1, 1), slot(2, 2), slot(3, 0)]} />
        </WithFormTexts>
      </IslandMessages>,
    );
    const radio = (name: RegExp): HTMLInputElement => {
      const input = screen.getByRole('radio', { name });
      if (!(input instanceof HTMLInputElement)) throw new Error('not an input');
      return input;
    };
    const picked = radio(/01-03-2027/);
    fireEvent.click(picked);
    expect(picked.checked).toBe(true);

    await act(async () => answer({ slots: [slot(1, 0), slot(2, 0), slot(3, 0)] }));

    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    expect(new FormData(form).get('slotId')).toBe('1');
    expect(radio(/01-03-2027.*full/i).disabled).toBe(false);
    // A full time nobody picked cannot be picked.
    expect(radio(/02-03-2027.*full/i).disabled).toBe(true);
    expect(radio(/03-03-2027.*full/i).disabled).toBe(true);
  });
});
