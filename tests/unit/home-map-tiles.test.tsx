// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeMapTiles } from '@/components/catalogue/home-map-tiles';
import type { TileMapOptions } from '@/components/catalogue/tile-map';

/*
 * When the map library is fetched: only once the map is near the screen, and for tiles of another
 * host only after the visitor asked. The library itself is replaced by a spy: importing it is the
 * request this test is about (the browser test draws real tiles, tests/e2e/home-map.german.spec.ts).
 */

const draw = vi.fn<(element: HTMLElement, options: TileMapOptions) => Promise<() => void>>();
vi.mock('@/components/catalogue/tile-map', () => ({ drawTileMap: draw }));

let reportNear: (() => void) | undefined;
class FakeObserver {
  // The component reads isIntersecting only.
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    reportNear = () => act(() => this.callback([{ isIntersecting: true }]));
  }
  disconnect() {}
}

const texts = {
  mapLabel: 'Map of our properties',
  showMap: 'Show the map',
  consentNotice: 'The map is loaded from tiles.example.be, which then sees your IP address.',
  failed: 'The map could not be loaded.',
};
const properties = [{ id: 4000001, lat: 50.45, lng: 3.95, title: 'House', town: 'Mons', price: '€ 235,000', url: '/en/for-sale/mons/house/4000001/' }];
const thirdParty = { kind: 'tiles', url: 'https://tiles.example.be/{z}/{x}/{y}.png', attribution: '© OSM', consent: true, maxZoom: 17 } as const;
const archive = { kind: 'pmtiles', file: '/maps/region.pmtiles', attribution: '© OSM', maxZoom: 14 } as const;

const renderMap = (tiles: typeof thirdParty | typeof archive) =>
  render(
    <HomeMapTiles tiles={tiles} properties={properties} markerColour="#b44a33" texts={texts}>
      <svg role="img" aria-label="Drawing" />
    </HomeMapTiles>,
  );

/** Until every import the component started has arrived and what it chained on it has run: the library is asked for by an import. */
const settle = () => act(() => vi.dynamicImportSettled());

beforeEach(() => {
  reportNear = undefined;
  draw.mockReset();
  draw.mockResolvedValue(() => undefined);
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the home map over tiles', () => {
  it('loads nothing for tiles of another host until the visitor asks, then draws them', async () => {
    renderMap(thirdParty);
    expect(screen.getByRole('img', { name: 'Drawing' })).toBeTruthy();
    expect(screen.getByText(texts.consentNotice)).toBeTruthy();
    reportNear?.();
    await settle();
    expect(draw).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: texts.showMap }));
    await settle();
    expect(draw).toHaveBeenCalledTimes(1);
    expect(draw.mock.calls[0]?.[1]).toMatchObject({ tiles: thirdParty, properties, label: texts.mapLabel });
    expect(screen.queryByRole('button', { name: texts.showMap })).toBeNull();
  });

  it('loads a PMTiles archive of the site without asking, but only once the map is near the screen', async () => {
    renderMap(archive);
    expect(screen.queryByRole('button', { name: texts.showMap })).toBeNull();
    await settle();
    expect(draw).not.toHaveBeenCalled();
    reportNear?.();
    await settle();
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('keeps the drawing until tiles are in, and says so when they cannot load', async () => {
    renderMap(archive);
    reportNear?.();
    await settle();
    const onTiles = draw.mock.calls[0]?.[1].onTiles;
    act(() => onTiles?.('failed'));
    expect(screen.getByRole('status').textContent).toBe(texts.failed);
    expect(screen.getByRole('img', { name: 'Drawing' })).toBeTruthy();
    act(() => onTiles?.('loaded'));
    expect(screen.queryByRole('img', { name: 'Drawing' })).toBeNull();
  });

  it('shows the drawing and the message when the library cannot be fetched', async () => {
    draw.mockRejectedValue(new Error('offline'));
    renderMap(archive);
    reportNear?.();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(texts.failed);
    expect(screen.getByRole('img', { name: 'Drawing' })).toBeTruthy();
  });
});
