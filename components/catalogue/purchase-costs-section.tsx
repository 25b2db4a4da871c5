import { getTranslations } from 'next-intl/server';
import type { Listing } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { listingCostsView, type RentCostsView, type SaleCostsView } from '@/lib/costs/listing-costs';
import { formatDate, formatEuro, formatNumber } from '@/lib/format';
import { IslandIntl } from '@/components/islands/island-intl';
import sectionStyles from './property-sections.module.css';
import { LazyPurchaseCostsCalculator } from './purchase-costs-lazy';
import styles from '@/components/costs/purchase-costs.module.css';

type Translator = Awaited<ReturnType<typeof getTranslations<'purchaseCosts'>>>;

/** The pages the rules come from, each marked with its own language where it is not the page's. */
function Sources({ view, t, language }: { view: SaleCostsView; t: Translator; language: Language }) {
  const { rules, region, sources } = view;
  const duties = rules.registrationDuties[region];
  return (
    <div className={styles.sources}>
      <h3>{t('sources')}</h3>
      <p>{t('validity', { date: formatDate(duties.validFrom), verified: formatDate(rules.verifiedOn) })}</p>
      <ul>
        {sources.map((source) => (
          <li key={source.url}>
            <a href={source.url} rel="noopener noreferrer" target="_blank" hrefLang={source.language} lang={source.language === language ? undefined : source.language}>
              {source.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function SaleCosts({ view, listing, language }: { view: SaleCostsView; listing: Listing; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'purchaseCosts' });
  return (
    <section className={sectionStyles.section} aria-labelledby="purchase-costs">
      <h2 id="purchase-costs">{t('heading')}</h2>
      <p>{t('intro', { region: t(`regions.${view.region}`), zip: listing.town.zip, verified: formatDate(view.rules.verifiedOn) })}</p>
      <IslandIntl language={language} namespaces={['purchaseCosts']}>
        <LazyPurchaseCostsCalculator price={view.price} region={view.region} vat={view.vat} rules={view.rules} />
      </IslandIntl>
      <ul className={styles.notes}>
        {view.startingFrom ? <li>{t('startingFrom')}</li> : null}
        <li>{view.vat !== undefined ? t('newBuild') : t('resale')}</li>
        <li>{t('ownHomeScale')}</li>
        <li>{t('estimate')}</li>
      </ul>
      <Sources view={view} t={t} language={language} />
    </section>
  );
}

async function RentCosts({ view, language }: { view: RentCostsView; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'purchaseCosts' });
  const { costs } = view;
  const rows: [string, number][] = [
    [t('firstRent'), costs.firstRent],
    ...(costs.firstCharges > 0 ? [[t('firstCharges'), costs.firstCharges] satisfies [string, number]] : []),
    [costs.depositMonths === undefined ? t('deposit') : t('depositMonths', { months: formatNumber(costs.depositMonths) }), costs.deposit],
    ...(costs.inventory > 0 ? [[t('inventory'), costs.inventory] satisfies [string, number]] : []),
    ...(costs.agency > 0 ? [[t('agency'), costs.agency] satisfies [string, number]] : []),
  ];
  return (
    <section className={sectionStyles.section} aria-labelledby="rental-costs">
      <h2 id="rental-costs">{t('rentHeading')}</h2>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatEuro(amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <th scope="row">{t('rentTotal')}</th>
            <td>{formatEuro(costs.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.notes}>{t('rentEstimate')}</p>
    </section>
  );
}

/**
 * What buying or renting this listing costs beyond its price. Nothing for a hidden price (the
 * figures would give it away), a sold or rented reference, or a listing in Luxembourg.
 */
export async function PurchaseCostsSection({ listing, language }: { listing: Listing; language: Language }) {
  const view = listingCostsView(listing);
  if (!view) return null;
  return view.kind === 'sale' ? <SaleCosts view={view} listing={listing} language={language} /> : <RentCosts view={view} language={language} />;
}
