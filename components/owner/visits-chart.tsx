import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { formatDate } from '@/lib/format';
import styles from './owner.module.css';

/**
 * Visits of the last 30 days as a server-drawn bar chart. The picture is decorative for
 * assistive technology: the same figures follow in a table.
 */
export async function VisitsChart({ days, language, id }: { days: readonly { day: string; count: number }[]; language: Language; id: string }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  const format = await getTranslations({ locale: language, namespace: 'format' });
  const max = Math.max(1, ...days.map((entry) => entry.count));
  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        {format('label', { label: t('chartTitle') })} {t('chartSummary', { total })}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="presentation" aria-hidden="true" focusable="false">
        <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" strokeOpacity="0.4" />
        {days.map((entry, index) => {
          const barHeight = Math.round((entry.count / max) * (height - 10));
          return <rect key={entry.day} x={index * bar + 2} y={height - barHeight} width={bar - 4} height={barHeight} className={styles.bar} />;
        })}
        <text x="0" y={height + 16} fontSize="12" fill="currentColor">
          {formatDate(days[0]?.day ?? '')}
        </text>
        <text x={width} y={height + 16} fontSize="12" fill="currentColor" textAnchor="end">
          {formatDate(days.at(-1)?.day ?? '')}
        </text>
      </svg>
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
                <td>{formatDate(entry.day)}</td>
                <td>{entry.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
