import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getTotals } from '@/lib/catalogue';
import { getSite, localise, type Language } from '@/lib/config';
import { fillPlaceholders } from '@/lib/config/placeholders';
import { widthAtHeight } from '@/lib/media/image-url';
import { pictureSize } from '@/lib/media/resize';
import { href } from '@/lib/pages';
import { SearchForm } from './search-form';
import styles from './home-search.module.css';

/** The home search block, driven by the homeSearch configuration (spec §2). */
export async function HomeSearch({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language });
  const { homeSearch, siteInfo } = getSite();
  const totals = getTotals(language);
  const withTotals = (text: string) => fillPlaceholders(text, { FOR_SALE_TOTAL: String(totals.sale), FOR_RENT_TOTAL: String(totals.rent) });
  const showCount = homeSearch.showSearchCount && homeSearch.showCountProperty;
  const buttons = [
    { page: 'for-sale' as const, label: t('search.forSale'), count: totals.sale },
    { page: 'for-rent' as const, label: t('search.forRent'), count: totals.rent },
  ];
  return (
    <section className={styles.block} aria-labelledby="home-search-title">
      {homeSearch.logo.show ? (
        <SiteLink href={href({ page: 'home' }, language)} className={styles.logo}>
          {/* The logo is an SVG: used as is (spec §5). */}
          <img src={homeSearch.logo.image} alt={siteInfo.name} height={75} width={widthAtHeight(pictureSize(homeSearch.logo.image), 75)} />
        </SiteLink>
      ) : null}
      <h1 id="home-search-title">{homeSearch.title.public ? localise(homeSearch.title.text, language) : siteInfo.name}</h1>
      {homeSearch.description.public ? <p>{withTotals(localise(homeSearch.description.text, language))}</p> : null}
      {homeSearch.secondDescription.public ? <p>{withTotals(localise(homeSearch.secondDescription.text, language))}</p> : null}
      {homeSearch.showSearchInput ? <SearchForm language={language} /> : null}
      {homeSearch.showSearchButton ? (
        <ul className={styles.buttons}>
          {buttons.map((button) => (
            <li key={button.page}>
              <SiteLink href={href({ page: button.page }, language)}>
                {button.label}
                {showCount && button.count > 0 ? <span className={styles.count}>{button.count}</span> : null}
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
