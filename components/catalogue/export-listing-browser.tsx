'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyListParams, canonicalListParams, choiceCounts, matchingListItems, parseListParams, type ListItem, type ListParams } from '@/lib/catalogue/list-query';
import { listForm } from '@/lib/catalogue/list-form';
import type { StatusChoices } from '@/lib/catalogue/list-page';
import { isSavedListingsIndex, type SavedListingsIndex } from '@/lib/favourites/saved-listings';
import { exportListPins } from '@/lib/map/export-pins';
import { withIslandIntl } from '@/components/islands/with-island-intl';
import type { ListMapConfig, PinSource } from './list-map';
import { followInLanguageLinks } from '@/components/islands/language-links';
import { listQueryString } from '@/lib/catalogue/list-params';
import { ListStatuses } from './list-statuses';
import { ListingControls, type Shared } from './listing-browser';

/*
 * The list of the static export, in a module of its own so that the server's list does not ship
 * the filtering, counting, pin building and text formatting it leaves to the server.
 */

/**
 * The static export has no server to answer the map's pins: they are the items the list keeps, with
 * their cards from the favourites index the export saves as a file (`pinsUrl`), fetched once when
 * the map is first opened.
 */
function ExportListingBrowserView({
  initialParams,
  items,
  choices,
  map,
  pinsUrl,
  ...shared
}: Shared & { initialParams: ListParams; items: ListItem[]; choices: StatusChoices; map?: ListMapConfig; pinsUrl: string }) {
  const t = useTranslations('list');
  const known = choices['on-offer'];
  const typeIds = useMemo(() => known.types.map((type) => Number(type.value)), [known]);
  // "mons|7000" or "mons" selects Mons; a town or type the list does not know is ignored.
  const canonical = useCallback((next: ListParams) => canonicalListParams(next, known.towns, typeIds), [known, typeIds]);
  const [params, setParams] = useState(() => canonical(initialParams));
  const result = useMemo(() => applyListParams(items, params), [items, params]);
  const counts = useMemo(() => choiceCounts(items, params, { towns: known.towns, typeIds, goal: shared.goal }), [items, params, known, typeIds, shared.goal]);

  useEffect(() => {
    const follow = () => setParams(canonical(parseListParams(new URLSearchParams(window.location.search))));
    // A static host serves the plain list whatever the query: the query the server would have applied is applied here.
    if (window.location.search) follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [canonical]);

  const index = useRef<Promise<SavedListingsIndex>>(undefined);
  const pinSource = useCallback<PinSource>(
    async ({ filters }) => {
      index.current ??= fetch(pinsUrl)
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`list pins: ${response.status}`))))
        .then((data: unknown) => {
          if (!isSavedListingsIndex(data)) throw new Error('not the favourites index');
          return data;
        });
      // A failed fetch is asked again at the next opening or filter, not remembered.
      const loaded = await index.current.catch((error: unknown) => {
        index.current = undefined;
        throw error;
      });
      return exportListPins(loaded, matchingListItems(items, canonical(parseListParams(new URLSearchParams(filters)))));
    },
    [items, pinsUrl, canonical],
  );

  const go = (query: string) => {
    window.history.pushState(null, '', `${shared.path}${query}`);
    setParams(canonical(parseListParams(new URLSearchParams(query))));
  };
  // No server draws the header again here: the language switcher's links follow the filters.
  useEffect(() => followInLanguageLinks(listQueryString(params)), [params]);
  const form = listForm(t, shared.goal, params, choices, counts, result);
  const statuses = <ListStatuses path={shared.path} params={params} statuses={form.statuses} label={shared.labels.statuses} />;
  return <ListingControls {...shared} params={params} result={result} form={form} busy={false} go={go} map={map} pinSource={pinSource} statuses={statuses} />;
}

export const ExportListingBrowser = withIslandIntl(ExportListingBrowserView);
