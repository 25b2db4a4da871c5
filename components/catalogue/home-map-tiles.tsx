'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TileSource } from '@/lib/config';
import type { MapProperty } from '@/lib/map';
import styles from './home-map.module.css';
import { TileConsent } from './tile-consent';

type HomeMapTilesTexts = { mapLabel: string; showMap: string; consentNotice: string; failed: string };

type Props = {
  tiles: Exclude<TileSource, { kind: 'none' }>;
  properties: readonly MapProperty[];
  markerColour: string;
  texts: HomeMapTilesTexts;
  /** The drawing, shown until the map has drawn its first tiles and again if it cannot. */
  children: ReactNode;
};

type State = 'waiting' | 'loading' | 'loaded' | 'failed';

/*
 * The map over configured tiles. Leaflet (and pmtiles for an archive) are fetched only when the
 * map comes near the screen; tiles from another host wait until the visitor asks for them, since
 * each tile request tells that host who is looking.
 */
export function HomeMapTiles({ tiles, properties, markerColour, texts, children }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const needsConsent = tiles.kind === 'tiles' && tiles.consent;
  const [asked, setAsked] = useState(!needsConsent);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<State>('waiting');

  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !near || !asked) return;
    let removed = false;
    let remove: (() => void) | undefined;
    setState('loading');
    import('./tile-map')
      .then(({ drawTileMap }) => {
        if (removed) return undefined;
        return drawTileMap(element, { tiles, properties, markerColour, label: texts.mapLabel, onTiles: (result) => setState(result) });
      })
      .then((cleanup) => {
        if (removed) cleanup?.();
        else remove = cleanup;
      })
      .catch(() => setState('failed'));
    return () => {
      removed = true;
      remove?.();
    };
  }, [near, asked, tiles, properties, markerColour, texts.mapLabel]);

  return (
    <div ref={frame} className={styles.tileFrame} data-state={state}>
      <div ref={canvas} className={styles.tileCanvas} />
      {state === 'loaded' ? null : <div className={styles.placeholder}>{children}</div>}
      {asked ? null : <TileConsent button={texts.showMap} notice={texts.consentNotice} onAccept={() => setAsked(true)} />}
      <p role="status" className={state === 'failed' ? styles.failed : 'visually-hidden'}>
        {state === 'failed' ? texts.failed : ''}
      </p>
    </div>
  );
}
