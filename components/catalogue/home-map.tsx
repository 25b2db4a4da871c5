import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import type { Language } from '@/lib/config';
import type { HomeMapData, MapTown } from '@/lib/map';
import { HomeMapTiles } from './home-map-tiles';
import styles from './home-map.module.css';

/** Towns with this many listings or more are named on the drawing; the list names them all. */
const labelFrom = 3;

const total = (town: MapTown) => town.sale.count + town.rent.count;

/**
 * The drawing: the outline of Belgium and Luxembourg with a dot per town, sized by its listings.
 * A picture for orientation only: the list beside it carries every town and link.
 */
function TownDrawing({ data, label }: { data: HomeMapData; label: string }) {
  const placed = data.towns.filter((town) => town.point);
  const labelled = placed.filter((town) => total(town) >= labelFrom);
  // A name goes to the left of its dot when another named town sits close on its right.
  const side = (town: MapTown) =>
    labelled.some((other) => other !== town && other.point && town.point && other.point.x > town.point.x && other.point.x - town.point.x < 40 && Math.abs(other.point.y - town.point.y) < 12)
      ? 'left'
      : 'right';
  return (
    <svg className={styles.drawing} viewBox={`-6 -6 ${data.outline.width + 12} ${data.outline.height + 12}`} role="img" aria-label={label}>
      <path className={styles.land} d={data.outline.path} />
      {placed
        .toSorted((a, b) => total(b) - total(a))
        .map((town) => (
          <circle key={`${town.name}|${town.zip}`} className={styles.dot} cx={town.point?.x} cy={town.point?.y} r={2.2 + 1.4 * Math.sqrt(total(town))} />
        ))}
      {labelled.map((town) => {
        const left = side(town) === 'left';
        const radius = 2.2 + 1.4 * Math.sqrt(total(town));
        return (
          <text
            key={`${town.name}|${town.zip}`}
            className={styles.label}
            x={(town.point?.x ?? 0) + (left ? -radius - 2 : radius + 2)}
            y={(town.point?.y ?? 0) + 3}
            textAnchor={left ? 'end' : 'start'}
          >
            {town.name}
          </text>
        );
      })}
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
  const drawing = <TownDrawing data={data} label={t('drawingLabel')} />;
  const { tiles } = data;
  return (
    <section aria-labelledby="home-map-title" className={styles.section}>
      <h2 id="home-map-title">{t('title')}</h2>
      <p className={styles.intro}>{t('intro', { towns: data.towns.length })}</p>
      <div className={styles.layout}>
        <div className={styles.visual}>
          {tiles.kind === 'none' ? (
            <div className={styles.drawingFrame}>{drawing}</div>
          ) : (
            <HomeMapTiles
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
            </HomeMapTiles>
          )}
        </div>
        <ul className={styles.towns}>
          {data.towns.map((town) => (
            <li key={`${town.name}|${town.zip}`}>
              <span className={styles.town}>
                {town.name} <span className={styles.zip}>{town.zip}</span>
              </span>
              <span className={styles.links}>
                {town.sale.count > 0 ? (
                  <SiteLink href={town.sale.href} prefetch={false}>
                    <span className="visually-hidden">{town.name}: </span>
                    {t('forSale', { count: town.sale.count })}
                  </SiteLink>
                ) : null}
                {town.rent.count > 0 ? (
                  <SiteLink href={town.rent.href} prefetch={false}>
                    <span className="visually-hidden">{town.name}: </span>
                    {t('forRent', { count: town.rent.count })}
                  </SiteLink>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
