import { getTranslations } from 'next-intl/server';
import { getCities, getProperties, getTypes, listItemOf, townChoices, type Goal } from '@/lib/catalogue';
import { listPageSize, parseListParams, type ListParams } from '@/lib/catalogue/list-query';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { ListingBrowser, type ListingBrowserLabels } from './listing-browser';
import { PropertyCard } from './property-card';

/*
 * The for-sale or for-rent list. The plain list is prerendered once per language; a request with a
 * query (?city, ?type, ?sort, ?page) is rendered on the server with those `params` (see proxy.ts),
 * so filters and pages work without JavaScript. In the browser, the island applies later changes
 * to the same cards without a round trip.
 */
export async function ListingsPage({ goal, language, params = parseListParams(new URLSearchParams()) }: { goal: Goal; language: Language; params?: ListParams }) {
  const t = await getTranslations({ locale: language, namespace: 'list' });
  const properties = getProperties(language, { goal });
  const items = properties.map(listItemOf);
  const cards = Object.fromEntries(
    await Promise.all(properties.map(async (property, index) => [property.ID, await PropertyCard({ property, language, eager: index < 2 })] as const)),
  );
  const counts = goal === 'sale' ? 'countSaleProperty' : 'countRentProperty';
  // Every known town and type, so that a link to one with nothing on offer shows it with (0);
  // the filter lists those with listings, plus the one asked for.
  const choices = new Map(townChoices(language).map((choice) => [choice.value, choice]));
  const towns = getCities(language).flatMap((city) => {
    const choice = choices.get(`${city.Name}|${city.Zip}`);
    return choice ? [{ ...choice, label: `${city.Name} (${city[counts]})`, listed: city[counts] > 0 }] : [];
  });
  const types = getTypes(language).map((type) => ({ value: type.WebID, label: `${type.Name} (${type[counts]})`, listed: type[counts] > 0 }));
  const labels: ListingBrowserLabels = {
    filters: t('filters'),
    town: t('town'),
    allTowns: t('allTowns'),
    type: t('type'),
    allTypes: t('allTypes'),
    sort: t('sort'),
    sorts: { newest: t('sortNewest'), 'price-asc': t('sortPriceAsc'), 'price-desc': t('sortPriceDesc') },
    apply: t('apply'),
    reset: t('reset'),
    noResults: t('noResults'),
    pagination: t('pagination'),
    previous: t('previous'),
    next: t('next'),
    // ICU plurals are resolved here, per possible value, so the island ships no formatter.
    counts: Object.fromEntries(Array.from({ length: properties.length + 1 }, (_, count) => [count, t('count', { count })])),
    pagesOf: Object.fromEntries(
      Array.from({ length: Math.ceil(properties.length / listPageSize) || 1 }, (_, index) => index + 1).flatMap((pages) =>
        Array.from({ length: pages }, (_, index) => [`${index + 1}/${pages}`, t('pageOf', { page: index + 1, pages })]),
      ),
    ),
    pageNumber: t('page', { page: '{page}' }),
  };
  return (
    <>
      <h1>{goal === 'sale' ? t('forSaleTitle') : t('forRentTitle')}</h1>
      <ListingBrowser goal={goal} path={href({ page: goal === 'sale' ? 'for-sale' : 'for-rent' }, language)} initialParams={params} items={items} cards={cards} labels={labels} towns={towns} types={types} />
    </>
  );
}
