import { getTranslations } from 'next-intl/server';
import type { Goal, ListingSummary } from '@/lib/catalogue';
import { getListPage, getWholeList } from '@/lib/catalogue/list-page';
import { listForm } from '@/lib/catalogue/list-form';
import { parseListParams, receivedChoiceCounts, type ListParams } from '@/lib/catalogue/list-query';
import { getSite, type Language } from '@/lib/config';
import { isStaticExport } from '@/lib/config/deployment';
import { savedListingsUrl } from '@/lib/favourites/saved-listings';
import { IslandIntl } from '@/components/islands/island-intl';
import { href } from '@/lib/pages';
import { listLabels } from './list-labels';
import { LazyExportListingBrowser, LazyServerListingBrowser } from './listing-browser-lazy';
import { ListStatuses } from './list-statuses';
import { PropertyCard } from './property-card';

/*
 * The for-sale or for-rent list: what is on offer, and under ?status=references the sold or rented
 * references. The plain list is prerendered once per language; a request with a query (?city,
 * ?type, ?status, ?sort, ?page) is rendered on the server with those `params` (see proxy.ts), so
 * filters and pages work without JavaScript. Either answer carries the cards of its page only.
 * The static export has no server to ask: its list carries every card and filters in the browser.
 */
export async function ListingsPage({ goal, language, params = parseListParams(new URLSearchParams()) }: { goal: Goal; language: Language; params?: ListParams }) {
  const t = await getTranslations({ locale: language, namespace: 'list' });
  const path = href({ page: goal === 'sale' ? 'for-sale' : 'for-rent' }, language);
  // The first cards are on screen at load: eager, and the first one, the page's largest picture, fetched first.
  const cardsOf = async (listings: readonly ListingSummary[]) =>
    Object.fromEntries(
      await Promise.all(listings.map(async (property, index) => [property.id, await PropertyCard({ property, language, heading: 'h2', eager: index < 2, highPriority: index === 0 })] as const)),
    );
  const title = <h1>{goal === 'sale' ? t('forSaleTitle') : t('forRentTitle')}</h1>;
  const labels = listLabels(language);

  const { tiles, markerColour } = getSite().map;
  // Without a tile source a map would be an outline with dots, no streets and no towns (issue 39):
  // the list is not offered one; its town filter is the way to a place.
  const map = tiles.kind === 'none' ? undefined : { tiles, markerColour };
  if (isStaticExport()) {
    const whole = getWholeList(language, goal);
    return (
      <>
        {title}
        <IslandIntl language={language} namespaces={['list', 'listMap']}>
          <LazyExportListingBrowser
            goal={goal}
            path={path}
            labels={labels}
            initialParams={params}
            items={whole.items}
            cards={await cardsOf(whole.listings)}
            choices={whole.choices}
            map={map}
            pinsUrl={savedListingsUrl(language, true)}
          />
        </IslandIntl>
      </>
    );
  }
  const page = getListPage(language, goal, params);
  // The island gets its texts formatted here; only the map, which counts in the browser, formats its own.
  const form = listForm(t, goal, page.params, page.choices, receivedChoiceCounts(page.counts, goal, page.params), page.result);
  return (
    <>
      {title}
      <IslandIntl language={language} namespaces={['listMap']}>
        <LazyServerListingBrowser
          goal={goal}
          path={path}
          labels={labels}
          params={page.params}
          result={page.result}
          cards={await cardsOf(page.listings)}
          form={form}
          map={map}
          statuses={<ListStatuses path={path} params={page.params} statuses={form.statuses} label={labels.statuses} />}
        />
      </IslandIntl>
    </>
  );
}
