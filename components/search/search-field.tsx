'use client';

import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { SearchBox } from './search-box';
import type { TakeOver } from './search-panel';

type Panel = ComponentType<{ indexUrl: string; takeOver: TakeOver }>;

/** The field's own texts, formatted on the server (search-form.tsx); the panel formats its own. */
export type SearchFieldTexts = { label: string; button: string; placeholder: string; loading: string };

/**
 * The search field as the page loads it: its markup and nothing else. The panel (its matching,
 * results and keyboard) is fetched when a visitor first reaches for the field — focus, a press on
 * its button, or text typed before this script ran — and then takes its place, with the text and
 * the focus (search-panel.tsx). Pages that are only read never download it.
 */
export function SearchField({ indexUrl, texts }: { indexUrl: string; texts: SearchFieldTexts }) {
  const baseId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [arrived, setArrived] = useState<{ Panel: Panel; open: boolean } | null>(null);
  const takeOver = useRef<TakeOver | null>(null);
  const [open, setOpen] = useState(false);
  const starting = useRef(false);

  const start = (wantOpen: boolean) => {
    if (wantOpen) setOpen(true);
    if (starting.current) return;
    starting.current = true;
    import('./search-panel')
      .then(({ SearchPanel }) => setArrived({ Panel: SearchPanel, open: wantOpen }))
      // A failed download leaves the field as it is; the next reach tries again.
      .catch(() => {
        starting.current = false;
      });
  };

  // Text typed before this script ran is a search already under way.
  useEffect(() => {
    if (input.current?.value) start(document.activeElement === input.current);
    // Once, as the field hydrates.
  }, []);

  if (arrived) {
    // Read in the render that replaces the field, not when the panel's code arrived: a key pressed
    // in between is in the field's value and would otherwise be lost with the field.
    const field = input.current;
    takeOver.current ??= {
      text: field?.value ?? '',
      focused: field !== null && document.activeElement === field,
      open: arrived.open,
      buttonFocused: field?.nextElementSibling === document.activeElement,
    };
    // eslint-disable-next-line react-hooks/refs -- read in this render on purpose (above); the ref is written once, so no later render differs
    return <arrived.Panel indexUrl={indexUrl} takeOver={takeOver.current} />;
  }
  return (
    <SearchBox
      baseId={baseId}
      label={texts.label}
      buttonLabel={texts.button}
      placeholder={texts.placeholder}
      open={open}
      inputRef={input}
      input={{ onFocus: () => start(true), onInput: () => start(true), onPointerDown: () => start(true) }}
      button={{ onPointerDown: () => start(true), onClick: () => start(true) }}
      listbox={{}}
    >
      {open ? <p role="status">{texts.loading}</p> : null}
    </SearchBox>
  );
}
