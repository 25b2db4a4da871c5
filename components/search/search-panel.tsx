'use client';

import { useTranslations } from 'next-intl';
import { memo, useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { prepareIndex, searchIndex, type PreparedIndex, type SearchCity, type SearchIndex, type SearchProperty, type SearchResults, type SearchType, type TextMatcher } from '@/lib/search/compact';
import { SearchBox } from './search-box';
import styles from './search-panel.module.css';
import { withIslandIntl } from '@/components/islands/with-island-intl';

type Option = { id: string; href: string; disabled: boolean };

/** fuse.js with fuzziness zero (spec §5), loaded with the index on first focus rather than with the page. */
async function loadMatcher(): Promise<TextMatcher> {
  const { default: Fuse } = await import('fuse.js');
  return (items, keys, text) => new Fuse(items, { keys, threshold: 0, ignoreLocation: true, isCaseSensitive: false }).search(text).map((result) => result.item);
}

async function loadIndex(url: string): Promise<SearchIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(String(response.status));
  return response.json() as Promise<SearchIndex>;
}

/** One kind of result (types, towns, listings) under its heading, which names the group. */
function ResultGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id} className={styles.group}>
      <p id={id} className={styles.heading}>
        {label}
      </p>
      {children}
    </div>
  );
}

/**
 * The matching types, towns and listings. Memoised and fed by a deferred query: a keystroke
 * repaints the field at once, and React draws the new results after it, in slices it can
 * interrupt for the next keystroke.
 */
const ResultGroups = memo(function ResultGroups({ results, active, baseId }: { results: SearchResults; active: string | null; baseId: string }) {
  const t = useTranslations('search');
  const goalOption = (prefix: string, item: SearchType | SearchCity, goal: 'sale' | 'rent', name: string) => {
    const link = item[goal];
    const id = `${baseId}-${prefix}-${goal}`;
    const goalLabel = goal === 'sale' ? t('forSale') : t('forRent');
    const accessible = t('optionLabel', { name, goal: goalLabel, count: link.count });
    return link.count > 0 ? (
      <a id={id} role="option" aria-selected={active === id} href={link.href} aria-label={accessible} className={active === id ? styles.active : undefined}>
        {goalLabel} <span className={styles.count}>({link.count})</span>
      </a>
    ) : (
      <span id={id} role="option" aria-selected={false} aria-disabled="true" aria-label={accessible} className={styles.disabled}>
        {goalLabel} <span className={styles.count}>(0)</span>
      </span>
    );
  };

  const propertyOption = (property: SearchProperty) => {
    const id = `${baseId}-property-${property.id}`;
    return (
      <a key={property.id} id={id} role="option" aria-selected={active === id} href={property.href} className={`${styles.property} ${active === id ? styles.active : ''}`}>
        {property.picture ? <img src={property.picture} alt="" width={83} height={56} loading="lazy" /> : <span className={styles.noPicture} />}
        <span>
          <span className={styles.reference}>{t('reference', { id: property.id })}</span>
          <span className={styles.text}>{property.text}</span>
          <span className={styles.town}>{property.town}</span>
        </span>
      </a>
    );
  };

  return (
    <>
      {results.types.length > 0 ? (
        <ResultGroup id={`${baseId}-types`} label={t('types')}>
          {results.types.map((type) => (
            <div key={type.id} className={styles.row}>
              <span className={styles.name}>{type.name}</span>
              {goalOption(`type-${type.id}`, type, 'sale', type.name)}
              {goalOption(`type-${type.id}`, type, 'rent', type.name)}
            </div>
          ))}
        </ResultGroup>
      ) : null}
      {results.cities.length > 0 ? (
        <ResultGroup id={`${baseId}-cities`} label={t('cities')}>
          {results.cities.map((city) => (
            <div key={`${city.zip}-${city.searchName}`} className={styles.row}>
              <span className={styles.name}>
                {city.name} <span className={styles.count}>{city.zip}</span>
              </span>
              {goalOption(`city-${city.zip}-${city.searchName}`, city, 'sale', city.name)}
              {goalOption(`city-${city.zip}-${city.searchName}`, city, 'rent', city.name)}
            </div>
          ))}
          {results.hidden.cities > 0 ? <p className={styles.more}>{t('moreCities', { count: results.hidden.cities })}</p> : null}
        </ResultGroup>
      ) : null}
      {results.properties.length > 0 ? (
        <ResultGroup id={`${baseId}-properties`} label={t('properties')}>
          {results.properties.map(propertyOption)}
          {results.hidden.properties > 0 ? <p className={styles.more}>{t('moreProperties', { count: results.hidden.properties })}</p> : null}
        </ResultGroup>
      ) : null}
    </>
  );
});

/** What the light field (search-field.tsx) hands over: the text typed so far, whether the field had the focus, and whether the panel is wanted open. */
export type TakeOver = { text: string; focused: boolean; open: boolean; buttonFocused?: boolean };

/**
 * The search: an ARIA combobox whose panel lists matching types, towns and listings. Texts: the
 * `search` messages. Loaded by the light field when a visitor first reaches for it.
 */
function SearchPanelView({ indexUrl, takeOver }: { indexUrl: string; takeOver: TakeOver }) {
  const t = useTranslations('search');
  const baseId = useId();
  const [search, setSearch] = useState<{ index: PreparedIndex; match: TextMatcher } | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(takeOver.text);
  const [active, setActive] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    if (status === 'loading' || status === 'ready') return;
    setStatus('loading');
    Promise.all([loadIndex(indexUrl), loadMatcher()])
      .then(([index, match]) => {
        setSearch({ index: prepareIndex(index), match });
        setStatus('ready');
      })
      .catch(() => setStatus('failed'));
  }, [indexUrl, status]);

  const searched = useDeferredValue(query);
  const results = useMemo(() => (search ? searchIndex(search.index, searched, search.match) : null), [search, searched]);
  const options = useMemo<Option[]>(() => {
    if (!results) return [];
    const goalOptions = (prefix: string, item: SearchType | SearchCity) => [
      { id: `${baseId}-${prefix}-sale`, href: item.sale.href, disabled: item.sale.count === 0 },
      { id: `${baseId}-${prefix}-rent`, href: item.rent.href, disabled: item.rent.count === 0 },
    ];
    return [
      ...results.types.flatMap((type) => goalOptions(`type-${type.id}`, type)),
      ...results.cities.flatMap((city) => goalOptions(`city-${city.zip}-${city.searchName}`, city)),
      ...results.properties.map((property) => ({ id: `${baseId}-property-${property.id}`, href: property.href, disabled: false })),
    ];
  }, [results, baseId]);
  const enabled = options.filter((option) => !option.disabled);

  const show = () => {
    load();
    setOpen(true);
  };

  // The field the visitor was in has just been replaced by this one: the focus (and the caret, at
  // the end of what they typed) moves here, and the panel opens as it would have on focus. In the
  // commit that draws the panel, before the browser handles another event: a key pressed after the
  // old field left the page and before a later effect ran went nowhere.
  useLayoutEffect(() => {
    // A visitor who tabbed on to the search button keeps the focus there, not on <body> (issue 39).
    if (takeOver.buttonFocused) input.current?.parentElement?.querySelector('button')?.focus();
    if (takeOver.focused) {
      input.current?.focus();
      input.current?.setSelectionRange(takeOver.text.length, takeOver.text.length);
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the panel opens in the commit that replaces the field that was open (above)
    if (takeOver.open) show();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel replaces the field
  }, []);

  // Each new search starts at the top of the panel.
  useEffect(() => {
    panel.current?.scrollTo?.({ top: 0 });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new query (from the input's state) clears the highlighted option along with the scroll
    setActive(null);
  }, [query]);

  // The results follow the text deferred: an option highlighted among those of a few keys ago
  // goes when the latest results no longer hold it, so that Enter never stands for nothing.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the highlight follows the results, which arrive deferred
    setActive((current) => (current !== null && options.some((option) => option.id === current && !option.disabled) ? current : null));
  }, [options]);

  const move = (step: number) => {
    if (enabled.length === 0) return;
    const position = enabled.findIndex((option) => option.id === active);
    const next = enabled[(position + step + enabled.length) % enabled.length] ?? enabled[0];
    setActive(next?.id ?? null);
    if (next) document.getElementById(next.id)?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && active) {
      // The highlighted option may be one of the results of a few keys ago (the results follow the
      // text deferred) that the latest ones no longer hold: Enter then sends the text, as the form
      // does without JavaScript, rather than nothing at all.
      const option = enabled.find((candidate) => candidate.id === active);
      if (!option) return;
      event.preventDefault();
      window.location.assign(option.href);
    } else if (event.key === 'Escape') {
      // Close only: the browser would also clear a search field, which reopens the panel.
      event.preventDefault();
      setOpen(false);
      setActive(null);
    }
  };
  // Keep the input focused while the pointer is on the panel, so a click reaches its link.
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const empty = results !== null && results.total === 0;
  return (
    <SearchBox
      baseId={baseId}
      label={t('label')}
      buttonLabel={t('button')}
      placeholder={t('placeholder')}
      open={open}
      inputRef={input}
      input={{
        'aria-activedescendant': open && active ? active : undefined,
        value: query,
        onChange: (event) => {
          setQuery(event.target.value);
          if (!open) show();
        },
        onFocus: show,
        onBlur: () => setOpen(false),
        onKeyDown,
      }}
      button={{ onMouseDown: keepFocus, onClick: () => (open ? setOpen(false) : show()) }}
      // Busy while the list still shows the results of an earlier text (the deferred query).
      listbox={{ ref: panel, 'aria-busy': searched !== query, onMouseDown: keepFocus }}
    >
      {status === 'loading' || status === 'idle' ? <p role="status">{t('loading')}</p> : null}
      {status === 'failed' ? <p role="alert">{t('failed')}</p> : null}
      {empty ? <p role="status">{t('noMatches')}</p> : null}
      {results ? <ResultGroups results={results} active={active} baseId={baseId} /> : null}
    </SearchBox>
  );
}

export const SearchPanel = withIslandIntl(SearchPanelView);
