import { SiteImage } from '@/components/ui/site-image';
import { getTranslations } from 'next-intl/server';
import type { Listing } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { epcImagePath, epcLabel, epcLabelText, needsRenovationNotice } from '@/lib/epc';
import { formatDate, formatNumber } from '@/lib/format';
import styles from './property-sections.module.css';

/** EPC label image of the listing's region, the energy figures, and the Flemish renovation notice for E and F on sales. */
export async function PropertyEnergy({ property, language }: { property: Listing; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const { region, energy } = property;
  const label = epcLabel(region, energy.performance, energy.label);
  const rows: [string, string][] = [];
  if (energy.consumptionTotal !== undefined) rows.push([t('energyTotal'), t('energyTotalValue', { value: formatNumber(energy.consumptionTotal, 1) })]);
  if (energy.performance !== undefined) rows.push([t('energySpecific'), t('energySpecificValue', { value: formatNumber(energy.performance, 1) })]);
  if (energy.co2Emission !== undefined) rows.push([t('co2'), t('co2Value', { value: formatNumber(energy.co2Emission, 1) })]);
  if (energy.eLevel !== undefined) rows.push([t('eLevel'), `E${formatNumber(energy.eLevel, 1)}`]);
  if (energy.validUntil) rows.push([t('epcValidUntil'), formatDate(energy.validUntil)]);
  if (energy.reference) rows.push([t('epcReference'), energy.reference]);
  if (!label && rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="energy">
      <h2 id="energy">{t('energy')}</h2>
      {label ? (
        <p className={styles.epc}>
          <span>{t('epcLabel')}</span>
          <SiteImage src={epcImagePath(region, label)} alt={t('epcLabelAlt', { label: epcLabelText(label) })} width={160} height={48} unoptimized />
        </p>
      ) : null}
      {rows.length > 0 ? (
        <dl className={styles.rows}>
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {needsRenovationNotice(region, label, property.goal) ? (
        <p className={styles.notice} role="note">
          {t('renovationNotice')}
        </p>
      ) : null}
    </section>
  );
}
