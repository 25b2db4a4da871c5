import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import type { Language } from '@/lib/config';
import type { HomeMapData } from '@/lib/map';
import { dotRadius, labelFontSize, placeLabels } from '@/lib/map/drawing';
import { LazyHomeMapTiles } from './catalogue-islands-lazy';
import styles from './home-map.module.css';

/**
 * The drawing: the outline of Belgium and Luxembourg with a dot per town, sized by its listings.
 * A picture for orientation only: the list beside it carries every town and link.
 */
function TownDrawing({ data, label }: { data: HomeMapData; label: string }) {
  const placed = data.towns.filter((town) => town.point);
  return (
    <svg className={styles.drawing} viewBox={`-6 -6 ${data.outline.width + 12} ${data.outline.height + 12}`} role="img" aria-label={label}>
      <path className={styles.land} d={data.outline.path} />
      {placed
        .toSorted((a, b) => dotRadius(b) - dotRadius(a))
        .map((town) => (
          <circle key={`${town.name}|${town.zip}`} className={styles.dot} cx={town.point?.x} cy={town.point?.y} r={dotRadius(town)} />
        ))}
      {placeLabels(placed).map((placement) => (
        <text key={`${placement.town.name}|${placement.town.zip}`} className={styles.label} fontSize={labelFontSize} x={placement.x} y={placement.y} textAnchor={placement.anchor}>
          {placement.town.name}
        </text>
      ))}
    </svg>
  );
}

/**
 * The home page's map section: every town where the agency has listings, with links to its
 * listings for sale and for rent, beside a drawing of where those towns are; over real map tiles
 * when the agency configured a tile source (site.json map.tiles).
 */
export async function HomeMap({ data, language }: { data: HomeMapData; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'homeMap' });
  const { tiles } = data;
  const drawing = tiles.kind === 'none' ? null : <TownDrawing data={data} label={t('drawingLabel')} />;
  return (
    <section aria-labelledby="home-map-title" className={styles.section}>
      <h2 id="home-map-title">{t('title')}</h2>
      <p className={styles.intro}>{t('intro', { towns: data.towns.length })}</p>
      {/*
       * Without a tile source there is no map: a drawing of an outline with dots was no map to read
       * (issue 39), and the list names every town with its links. With tiles, the drawing stands in
       * until the first tiles are in.
       */}
      <div className={tiles.kind === 'none' ? undefined : styles.layout}>
        {tiles.kind === 'none' ? null : (
          <div className={styles.visual}>
            <LazyHomeMapTiles
              tiles={tiles}
              properties={data.properties}
              markerColour={data.markerColour}
              texts={{
                mapLabel: t('mapLabel'),
                showMap: t('showMap'),
                consentNotice: tiles.kind === 'tiles' ? t('consentNotice', { host: new URL(tiles.url, 'https://localhost').host }) : '',
                failed: t('failed'),
              }}
            >
              {drawing}
            </LazyHomeMapTiles>
          </div>
        )}
        <ul className={styles.towns}>
          {data.towns.map((town) => (
            <li key={`${town.name}|${town.zip}`}>
              <span className={styles.town}>
                {town.name} <span className={styles.zip}>{town.zip}</span>
              </span>
              {(['sale', 'rent'] as const).map((goal) => {
                if (town[goal].count === 0) return null;
                const shown = t(goal === 'sale' ? 'forSale' : 'forRent', { count: town[goal].count });
                // The town is in the link's name rather than in a hidden element of its own: one element fewer per link.
                return (
                  <SiteLink key={goal} href={town[goal].href} aria-label={`${town.name}: ${shown}`}>
                    {shown}
                  </SiteLink>
                );
              })}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
