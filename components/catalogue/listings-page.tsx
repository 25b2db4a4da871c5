import { getTranslations } from 'next-intl/server';
import { getCities, getProperties, getTypes, listItemOf, townChoices, type Goal } from '@/lib/catalogue';
import { parseListParams, type ListParams, type ListStatus } from '@/lib/catalogue/list-query';
import type { Language } from '@/lib/config';
import { IslandIntl } from '@/components/layout/island-intl';
import { href } from '@/lib/pages';
import { ListingBrowser } from './listing-browser';
import { PropertyCard } from './property-card';

/*
 * The for-sale or for-rent list: what is on offer, and under ?status=references the sold or rented
 * references. The plain list is prerendered once per language; a request with a
 * query (?city, ?type, ?status, ?sort, ?page) is rendered on the server with those `params` (see proxy.ts),
 * so filters and pages work without JavaScript. In the browser, the island applies later changes
 * to the same cards without a round trip.
 */
export async function ListingsPage({ goal, language, params = parseListParams(new URLSearchParams()) }: { goal: Goal; language: Language; params?: ListParams }) {
  const t = await getTranslations({ locale: language, namespace: 'list' });
  const properties = getProperties(language, { goal });
  const items = properties.map(listItemOf);
  const cards = Object.fromEntries(
    await Promise.all(properties.map(async (property, index) => [property.id, await PropertyCard({ property, language, eager: index < 2 })] as const)),
  );
  // The town and type choices of each status, with that status's counts. Every known town and
  // type is there, so that a link to one with nothing listed shows it with (0); the filter lists
  // those with listings, plus the one asked for.
  const known = new Map(townChoices(language).map((choice) => [choice.value, choice]));
  const ofStatus = (status: ListStatus) => properties.filter((property) => (property.availability === 'reference') === (status === 'references'));
  const options = (status: ListStatus) => {
    const listed = ofStatus(status);
    const towns = getCities(language).flatMap((city) => {
      const choice = known.get(`${city.Name}|${city.Zip}`);
      const count = listed.filter((property) => property.town.zip === city.Zip && property.town.name === city.Name).length;
      return choice ? [{ ...choice, label: `${city.Name} (${count})`, listed: count > 0 }] : [];
    });
    const types = getTypes(language).map((type) => {
      const count = listed.filter((property) => property.type.webIds.includes(Number(type.WebID))).length;
      return { value: type.WebID, label: `${type.Name} (${count})`, listed: count > 0 };
    });
    return { towns, types, count: listed.length };
  };
  const choices = { 'on-offer': options('on-offer'), references: options('references') } satisfies Record<ListStatus, ReturnType<typeof options>>;
  return (
    <>
      <h1>{goal === 'sale' ? t('forSaleTitle') : t('forRentTitle')}</h1>
      <IslandIntl language={language} namespaces={['list']}>
        <ListingBrowser goal={goal} path={href({ page: goal === 'sale' ? 'for-sale' : 'for-rent' }, language)} initialParams={params} items={items} cards={cards} choices={choices} />
      </IslandIntl>
    </>
  );
}
