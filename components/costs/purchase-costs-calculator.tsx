'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { PurchaseCostRules } from '@/lib/config/purchase-costs-schema';
import { buyerSituations, parseLoan, purchaseCosts, type BuyerSituation, type CostRegion } from '@/lib/costs/purchase-costs';
import { formatEuro } from '@/lib/format/price';
import { formatNumber } from '@/lib/format/number';
import styles from './purchase-costs.module.css';
import { withIslandIntl } from '@/components/islands/with-island-intl';

type Props = { price: number; region: CostRegion; vat: number | undefined; rules: PurchaseCostRules };

/**
 * The visitor's situation and loan, and the costs they give. The server renders the default (sole
 * own home, no loan) into the prerendered page, so the figures are there without JavaScript; the
 * controls only work once the island runs, and say so until then by being disabled.
 */
function PurchaseCostsCalculatorView({ price, region, vat, rules }: Props) {
  const t = useTranslations('purchaseCosts');
  const hydrated = useHydrated();
  const id = useId();
  const [situation, setSituation] = useState<BuyerSituation>('own-home');
  const [loanText, setLoanText] = useState('');
  const loan = parseLoan(loanText);
  const loanInvalid = loanText.trim() !== '' && loan === undefined;
  const costs = purchaseCosts({ price, region, situation, vat, loan }, rules);
  const { dutyBasis, mortgage } = costs;
  const percent = (rate: number) => formatNumber(rate, 3);

  const dutyParts = [
    dutyBasis.abatement > 0
      ? t('dutyAbatement', { rate: percent(dutyBasis.rate), base: formatEuro(dutyBasis.base), abatement: formatEuro(dutyBasis.abatement) })
      : t('dutyDetail', { rate: percent(dutyBasis.rate), base: formatEuro(dutyBasis.base) }),
    ...(vat !== undefined ? [t('dutyLand')] : []),
    ...(dutyBasis.reduction > 0 ? [t('dutyReduction', { reduction: formatEuro(dutyBasis.reduction) })] : []),
  ];

  const purchaseRows: [string, number][] = [
    [`${t('duty')} (${dutyParts.join(', ')})`, costs.duty],
    ...(costs.buildingVat > 0 ? [[t('buildingVat'), costs.buildingVat] satisfies [string, number]] : []),
    [t('notaryFee'), costs.notaryFee],
    [t('administrativeCosts'), costs.administrativeCosts],
    [t('notaryVat', { rate: percent(rules.notary.vatRate) }), costs.notaryVat],
    [t('writingsDuty'), costs.writingsDuty],
    [t('expenses'), costs.expenses],
  ];
  const mortgageRows: [string, number][] = mortgage
    ? [
        [t('mortgageRegistration', { rate: percent(rules.mortgage.registrationRate), inscribed: formatEuro(mortgage.inscribed) }), mortgage.registration],
        [t('mortgageFee', { rate: percent(rules.mortgage.mortgageFeeRate), inscribed: formatEuro(mortgage.inscribed) }), mortgage.mortgageFee],
        [t('registrarFee'), mortgage.registrarFee],
        [t('creditNotaryFee'), mortgage.notaryFee],
        [t('administrativeCosts'), mortgage.administrativeCosts],
        [t('notaryVat', { rate: percent(rules.notary.vatRate) }), mortgage.vat],
        [t('writingsDuty'), mortgage.writingsDuty],
        [t('expenses'), mortgage.expenses],
      ]
    : [];
  const allCosts = costs.grandTotal - price;

  return (
    <div className={styles.calculator} data-ready={hydrated ? 'true' : undefined}>
      <p className={styles.summary} aria-live="polite">
        {t('summary', { price: formatEuro(price), costs: formatEuro(allCosts), total: formatEuro(costs.grandTotal) })}
      </p>
      <form className={styles.controls} onSubmit={(event) => event.preventDefault()}>
        <fieldset disabled={!hydrated}>
          <legend>{t('situation')}</legend>
          {buyerSituations.map((option) => (
            <label key={option} className={styles.option}>
              <input type="radio" name="situation" value={option} checked={situation === option} onChange={() => setSituation(option)} />
              {t(`situations.${option}`)}
            </label>
          ))}
        </fieldset>
        <div className={styles.loan}>
          <label htmlFor={`${id}-loan`}>{t('loan')}</label>
          <input
            id={`${id}-loan`}
            name="loan"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            disabled={!hydrated}
            value={loanText}
            aria-invalid={loanInvalid || undefined}
            aria-describedby={`${id}-loan-hint`}
            onChange={(event) => setLoanText(event.target.value)}
          />
          <p id={`${id}-loan-hint`} className={loanInvalid ? styles.error : styles.hint}>
            {loanInvalid ? t('loanInvalid') : hydrated ? t('loanHint') : t('defaultShown')}
          </p>
        </div>
      </form>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{vat !== undefined ? t('priceExclVat') : t('price')}</th>
            <td>{formatEuro(price)}</td>
          </tr>
          {purchaseRows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatEuro(amount)}</td>
            </tr>
          ))}
          <tr className={styles.subtotal}>
            <th scope="row">{t('purchaseTotal')}</th>
            <td>{formatEuro(costs.purchaseTotal)}</td>
          </tr>
        </tbody>
        {mortgage && loan !== undefined ? (
          <tbody>
            <tr>
              <th scope="rowgroup" colSpan={2} className={styles.group}>
                {t('mortgageHeading', { loan: formatEuro(loan) })}
              </th>
            </tr>
            {mortgageRows.map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{formatEuro(amount)}</td>
              </tr>
            ))}
            <tr className={styles.subtotal}>
              <th scope="row">{t('mortgageTotal')}</th>
              <td>{formatEuro(mortgage.total)}</td>
            </tr>
          </tbody>
        ) : null}
        <tfoot>
          <tr className={styles.total}>
            <th scope="row">{t('grandTotal')}</th>
            <td>{formatEuro(costs.grandTotal)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export const PurchaseCostsCalculator = withIslandIntl(PurchaseCostsCalculatorView);
