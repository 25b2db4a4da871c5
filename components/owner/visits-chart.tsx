import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { formatDate } from '@/lib/format';
import styles from './owner.module.css';

/**
 * Round steps for the y-axis (1, 2 or 5 times a power of ten), so that the axis reads
 * 0, 5, 10, 15 rather than 0, 4.25, 8.5.
 */
function axisTicks(max: number, wanted = 4): number[] {
  const rough = Math.max(1, max) / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? power * 10);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * Visits of the last 30 days as a bar chart drawn in HTML, so that its labels keep the page's
 * font size on a phone (an SVG scaled to the screen shrank them to 6 px). The drawing is hidden
 * from assistive technology: its summary is the caption, and the figures follow in a table.
 */
export async function VisitsChart({ days, language, id }: { days: readonly { day: string; count: number }[]; language: Language; id: string }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  const format = await getTranslations({ locale: language, namespace: 'format' });
  const ticks = axisTicks(Math.max(0, ...days.map((entry) => entry.count)));
  const top = ticks.at(-1) ?? 1;
  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const dateLabels = days.length > 0 ? [days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)] : [];
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        {format('label', { label: t('chartTitle') })} {t('chartSummary', { total })}
      </figcaption>
      <div className={styles.chartArea} aria-hidden="true" data-testid="visits-chart">
        <span className={styles.axisTitle}>{t('visits')}</span>
        <ol className={styles.yAxis}>
          {ticks.map((tick) => (
            <li key={tick} style={{ bottom: `${(tick / top) * 100}%` }} data-testid="chart-y-value">
              {tick}
            </li>
          ))}
        </ol>
        <div className={styles.plot}>
          {ticks.map((tick) => (
            <span key={tick} className={styles.gridLine} style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          {days.map((entry) => (
            <span key={entry.day} className={styles.visitBar} style={{ height: `${(entry.count / top) * 100}%` }} title={`${formatDate(entry.day)}: ${entry.count}`} />
          ))}
        </div>
        <ol className={styles.xAxis}>{dateLabels.map((entry) => (entry ? <li key={entry.day}>{formatDate(entry.day)}</li> : null))}</ol>
      </div>
      <details className={styles.tableToggle}>
        <summary>{t('chartTableCaption')}</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('chartTableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('day')}</th>
              <th scope="col">{t('visits')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <td className={styles.date}>{formatDate(entry.day)}</td>
                <td>{entry.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
