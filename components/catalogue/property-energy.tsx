import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { goalOf, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { epcImagePath, epcLabel, epcLabelText, needsRenovationNotice, regionOf } from '@/lib/epc';
import { formatDate, formatNumber } from '@/lib/format';
import styles from './property-sections.module.css';

/** EPC label image of the listing's region, the energy figures, and the Flemish renovation notice for E and F on sales. */
export async function PropertyEnergy({ property, language }: { property: Property; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const region = regionOf(property.Zip, property.CountryID);
  const label = epcLabel(region, property.EnergyPerformance, property.EPCLabelText);
  const rows: [string, string][] = [];
  if (property.EnergyConsumptionTotal != null) rows.push([t('energyTotal'), t('energyTotalValue', { value: formatNumber(property.EnergyConsumptionTotal, 1) })]);
  if (property.EnergyPerformance != null) rows.push([t('energySpecific'), t('energySpecificValue', { value: formatNumber(property.EnergyPerformance, 1) })]);
  if (property.CO2Emission != null) rows.push([t('co2'), t('co2Value', { value: formatNumber(property.CO2Emission, 1) })]);
  if (property.ELevel != null) rows.push([t('eLevel'), `E${formatNumber(property.ELevel, 1)}`]);
  if (property.EPCValidUntil) rows.push([t('epcValidUntil'), formatDate(property.EPCValidUntil)]);
  if (property.EPCReference) rows.push([t('epcReference'), property.EPCReference]);
  if (!label && rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="energy">
      <h2 id="energy">{t('energy')}</h2>
      {label ? (
        <p className={styles.epc}>
          <span>{t('epcLabel')}</span>
          <Image src={epcImagePath(region, label)} alt={t('epcLabelAlt', { label: epcLabelText(label) })} width={160} height={48} unoptimized />
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
      {needsRenovationNotice(region, label, goalOf(property)) ? (
        <p className={styles.notice} role="note">
          {t('renovationNotice')}
        </p>
      ) : null}
    </section>
  );
}
