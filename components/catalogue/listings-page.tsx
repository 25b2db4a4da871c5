import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { getCities, getProperties, getTypes, townSearchNames, type Goal } from '@/lib/catalogue';
import { applyListParams, listPageSize, parseListParams, type ListItem } from '@/lib/catalogue/list-query';
import type { Language } from '@/lib/config';
import { ListingBrowser, StaticListing, type ListingBrowserLabels } from './listing-browser';
import { PropertyCard } from './property-card';

/*
 * The for-sale or for-rent list. Prerendered once per language: the cards are rendered here and
 * the browser island picks, orders and pages them from the query string (?city, ?type, ?sort,
 * ?page). Without JavaScript the first page of the unfiltered list shows.
 */
export async function ListingsPage({ goal, language }: { goal: Goal; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'list' });
  const properties = getProperties(language, { goal });
  const items: ListItem[] = properties.map((property) => ({
    id: property.ID,
    webIds: property.WebIDs.split(',').map(Number),
    zip: property.Zip,
    townNames: townSearchNames(property.Zip),
    price: property.PublishPrice ? property.Price : null,
    created: property.CreatedDate,
  }));
  const cards = Object.fromEntries(
    await Promise.all(properties.map(async (property, index) => [property.ID, await PropertyCard({ property, language, eager: index < 2 })] as const)),
  );
  const counts = goal === 'sale' ? 'countSaleProperty' : 'countRentProperty';
  const towns = getCities(language, goal)
    .filter((city) => city[counts] > 0)
    .map((city) => ({ value: `${city.Name}|${city.Zip}`, label: `${city.Name} (${city[counts]})` }));
  const types = getTypes(language)
    .filter((type) => type[counts] > 0)
    .map((type) => ({ value: type.WebID, label: `${type.Name} (${type[counts]})` }));
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
  const initial = applyListParams(items, parseListParams(new URLSearchParams()));
  return (
    <>
      <h1>{goal === 'sale' ? t('forSaleTitle') : t('forRentTitle')}</h1>
      <Suspense fallback={<StaticListing result={initial} cards={cards} labels={labels} />}>
        <ListingBrowser items={items} cards={cards} labels={labels} towns={towns} types={types} />
      </Suspense>
    </>
  );
}
