// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from '@/components/search/search-field';
import type { TakeOver } from '@/components/search/search-panel';

// The panel's code arrives when the test lets it.
const arrival = vi.hoisted(() => {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release: () => release() };
});

// The panel shows what it was handed: this file tests the hand-over, not the search.
vi.mock('@/components/search/search-panel', async () => {
  await arrival.done;
  return {
    SearchPanel: ({ takeOver }: { takeOver: TakeOver }) => <output aria-label="panel">{`${takeOver.text}|${takeOver.focused ? 'focused' : 'blurred'}`}</output>,
  };
});

const texts = { label: 'Search properties', button: 'Search', placeholder: 'Town, type or reference', loading: 'Loading…' };

afterEach(cleanup);

describe('the light search field', () => {
  it('hands the panel what was typed by the time the panel replaces it, a key pressed while its code arrived included', async () => {
    render(<SearchField indexUrl="/api/search-index/en/" texts={texts} />);
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search properties' });
    field.focus();
    fireEvent.focus(field);
    // The panel's code arrives; React has yet to draw the panel in the field's place when a key lands.
    arrival.release();
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(screen.queryByRole('status', { name: 'panel' })).toBeNull();
    field.value = '9004999';
    fireEvent.input(field);
    await act(async () => {});
    expect(screen.getByRole('status', { name: 'panel' }).textContent).toBe('9004999|focused');
  });
});
