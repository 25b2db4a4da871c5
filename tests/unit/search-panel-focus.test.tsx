// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IslandMessages } from '@/components/islands/island-messages';
import { SearchField } from '@/components/search/search-field';
import en from '@/messages/en.json';

const texts = { label: 'Search properties', button: 'Search', placeholder: 'Town, type or reference', loading: 'Loading…' };

afterEach(cleanup);

describe('the search panel taking over the light field', () => {
  it('has the focus in the same moment it enters the page, so no key pressed meanwhile goes nowhere', async () => {
    render(
      <IslandMessages locale="en" messages={{ search: en.search }}>
        <SearchField indexUrl="/api/search-index/en/" texts={texts} />
      </IslandMessages>,
    );
    const field = screen.getByRole('combobox', { name: 'Search properties' });
    // Where the focus is when the panel's field enters the page, before any later task runs.
    const focusOnArrival: (Element | null)[] = [];
    const watch = new MutationObserver(() => {
      const arrived = screen.queryByRole('combobox', { name: 'Search properties' });
      if (arrived && arrived !== field) focusOnArrival.push(document.activeElement);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    field.focus();
    fireEvent.focus(field);
    await waitFor(() => expect(focusOnArrival.length).toBeGreaterThan(0));
    watch.disconnect();
    const panelField = screen.getByRole('combobox', { name: 'Search properties' });
    expect(panelField).not.toBe(field);
    expect(focusOnArrival[0]).toBe(panelField);
  });
});
