'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { parseBbox, type ListBbox } from '@/lib/catalogue/list-params';
import { bboxOfBounds } from '@/lib/catalogue/map-area';
import type { Goal } from '@/lib/catalogue';
import type { TileSource } from '@/lib/config';
import type { ListPins } from '@/lib/map/list-pins-shape';
import type { ListMapView } from './list-map-draw';
import styles from './list-map.module.css';
import { TileConsent } from './tile-consent';
import { withIslandIntl } from '@/components/islands/with-island-intl';

export type ListMapConfig = { tiles: TileSource; markerColour: string };

/** Where the map's pins come from: the server's answer, or on the static export the list's own data. */
export type PinSource = (request: { language: string; goal: Goal; filters: string }, signal: AbortSignal) => Promise<ListPins>;

/** app/api/list-pins: every match of the list's filters, on every page. */
const serverPins: PinSource = ({ language, goal, filters }, signal) =>
  fetch(`/api/list-pins/${language}/?goal=${goal}${filters ? `&${filters.slice(1)}` : ''}`, { signal }).then((response): Promise<ListPins> => {
    if (!response.ok) throw new Error(`list pins: ${response.status}`);
    return response.json();
  });

type Props = ListMapConfig & {
  goal: Goal;
  /** The list's filters as a query string without sort and page: the pins are every match. */
  filters: string;
  /** The list's ?bbox= value, '' when the list is not cut to an area. */
  area: string;
  onSearchArea: (area: ListBbox | undefined) => void;
  /** Stable across renders (a new one fetches the pins again); the server's answer when absent. */
  pinSource?: PinSource;
};

type State = 'closed' | 'loading' | 'ready' | 'failed';

/*
 * The map of a list's matches, behind a disclosure: the list's first load pays nothing for it.
 * Opening it fetches Leaflet (list-map-draw) and the pins (app/api/list-pins, or on the static
 * export the favourites index, see `pinSource`); tiles from another
 * host wait until the visitor asks for them, as on the home map. Rendered after hydration only:
 * without JavaScript there is no map, and the list works as before.
 */
function ListMapView({ goal, filters, area, onSearchArea, tiles, markerColour, pinSource = serverPins }: Props) {
  const t = useTranslations('listMap');
  const language = useLocale();
  const id = useId();
  const canvas = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<ListMapView>();
  const [state, setState] = useState<State>('closed');
  const [pins, setPins] = useState<ListPins>();
  const needsConsent = tiles.kind === 'tiles' && tiles.consent;
  const [tilesAsked, setTilesAsked] = useState(!needsConsent);

  // The map is drawn once per opening, whatever re-renders the list meanwhile (each of its pages brings new props).
  const texts = useRef({ label: t('label'), townCount: (count: number) => t('townCount', { count }) });
  const config = useRef({ tiles, markerColour, withTiles: !needsConsent });

  useEffect(() => {
    const element = canvas.current;
    if (!open || !element) return;
    let removed = false;
    let drawn: ListMapView | undefined;
    setState('loading');
    import('./list-map-draw')
      .then(({ drawListMap }) =>
        drawListMap(element, {
          ...config.current,
          texts: texts.current,
          onTiles: (result) => {
            if (result === 'failed') setState('failed');
          },
        }),
      )
      .then((result) => {
        if (removed) result.remove();
        else {
          drawn = result;
          setView(result);
        }
      })
      .catch(() => setState('failed'));
    return () => {
      removed = true;
      drawn?.remove();
      setView(undefined);
    };
  }, [open]);

  useEffect(() => {
    if (!view) return;
    const controller = new AbortController();
    pinSource({ language, goal, filters }, controller.signal)
      .then((data) => {
        view.show(data, parseBbox(area));
        setPins(data);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => controller.abort();
  }, [view, language, goal, filters, area, pinSource]);

  const status = state === 'failed' ? t('failed') : state === 'loading' || !pins ? t('loading') : pins.towns.length > 0 ? t('tooMany', { count: pins.total }) : t('pins', { count: pins.total });

  return (
    <section className={styles.section} aria-label={t('label')}>
      <div className={styles.bar}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? t('hide') : t('show')}
        </button>
        {area ? (
          <button type="button" className={styles.clear} onClick={() => onSearchArea(undefined)}>
            {t('clearArea')}
          </button>
        ) : null}
      </div>
      <div id={id} hidden={!open} className={styles.panel}>
        <div className={styles.frame}>
          <div ref={canvas} className={styles.canvas} data-testid="list-map" />
          {view ? (
            <button type="button" className={styles.search} onClick={() => onSearchArea(bboxOfBounds(view.bounds()))}>
              {t('searchArea')}
            </button>
          ) : null}
          {view && !tilesAsked && tiles.kind === 'tiles' ? (
            <TileConsent
              button={t('showTiles')}
              notice={t('consentNotice', { host: new URL(tiles.url, window.location.href).host })}
              onAccept={() => {
                setTilesAsked(true);
                view.addTiles().catch(() => setState('failed'));
              }}
            />
          ) : null}
        </div>
        <p role="status" className={styles.status}>
          {open ? status : ''}
        </p>
      </div>
    </section>
  );
}

/** Under next-intl's provider, which comes with the map's own chunk (the list's island ships no formatter). */
export const ListMap = withIslandIntl(ListMapView);
