// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BackToList } from '@/components/catalogue/back-to-list';
import { createTranslator, NextIntlClientProvider } from 'next-intl';
import { ExportListingBrowser } from '@/components/catalogue/export-listing-browser';
import { ServerListingBrowser } from '@/components/catalogue/listing-browser';
import { getProperties, getTypes, listItemOf, townChoices } from '@/lib/catalogue';
import { getListPage } from '@/lib/catalogue/list-page';
import { listLabels } from '@/components/catalogue/list-labels';
import { listForm } from '@/lib/catalogue/list-form';
import { applyListParams, parseListParams, receivedChoiceCounts } from '@/lib/catalogue/list-query';
import en from '@/messages/en.json';
import { ListStatuses } from '@/components/catalogue/list-statuses';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

/*
 * The list's filter as a visitor reads it: the town and type it says are the ones applied, a
 * link's odd spelling of a town shows the town's own name, and an unknown one is no filter.
 */

const properties = getProperties('en', { goal: 'rent' });
const towns = townChoices('en').map((town) => {
  const count = properties.filter((property) => `${property.town.name}|${property.town.zip}` === town.value).length;
  return { ...town, label: town.value.split('|')[0] ?? '', listed: count > 0 };
});
const types = getTypes('en').map((type) => ({ value: type.WebID, label: type.Name, listed: type.countRentProperty > 0 }));
const emptyType = getTypes('en').find((type) => type.countRentProperty === 0);
const rentedTown = towns.find((town) => town.listed);

const t = createTranslator({ locale: 'en', messages: en, namespace: 'list' });

const cardsOf = (ids: readonly number[]) => Object.fromEntries(ids.map((id) => [id, <article key={id}>{id}</article>]));

/** The list as each build renders it: the server's page of the query, or the export's island over every listing. */
function renderList(query: string, build: 'server' | 'export' = 'server') {
  const params = parseListParams(new URLSearchParams(query));
  if (build === 'server') {
    const page = getListPage('en', 'rent', params);
    // The server's island formats nothing itself: no message provider above it.
    const form = listForm(t, 'rent', page.params, page.choices, receivedChoiceCounts(page.counts, 'rent', page.params), page.result);
    return render(
      <ServerListingBrowser
        goal="rent"
        path="/en/for-rent/"
        labels={listLabels('en')}
        params={page.params}
        result={page.result}
        cards={cardsOf(page.result.ids)}
        form={form}
        statuses={<ListStatuses path="/en/for-rent/" params={page.params} statuses={form.statuses} label="statuses" />}
      />,
    );
  }
  return render(
    <NextIntlClientProvider locale="en" messages={{ list: en.list }}>
      <ExportListingBrowser
        goal="rent"
        path="/en/for-rent/"
        labels={listLabels('en')}
        initialParams={params}
        items={properties.map(listItemOf)}
        cards={cardsOf(properties.map((property) => property.id))}
        choices={{ 'on-offer': { towns, types, count: properties.length }, references: { towns, types, count: 0 } }}
        pinsUrl="/api/favourites-index/en.json"
      />
    </NextIntlClientProvider>,
  );
}

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
const shown = (element: HTMLSelectElement) => element.options[element.selectedIndex]?.textContent;
const optionTexts = (element: HTMLSelectElement) => [...element.options].map((option) => option.textContent);

beforeAll(() => {
  vi.stubEnv('__NEXT_TRAILING_SLASH', 'true');
});

afterEach(() => {
  cleanup();
  push.mockClear();
  window.sessionStorage.clear();
});

for (const build of ['server', 'export'] as const) {
  describe(`list filters (${build} build)`, () => {
    it('shows a town written in another case or language under its own name, with no raw extra choice', () => {
      expect(rentedTown).toBeDefined();
      const [name, zip] = rentedTown!.value.split('|');
      renderList(`city=${name!.toLowerCase()}|${zip}`, build);
      expect(shown(select('Town'))).toMatch(new RegExp(`^${name} \\(\\d+\\)$`));
      expect(optionTexts(select('Town'))).not.toContain(name!.toLowerCase());
      cleanup();
      renderList(`city=${name!.toUpperCase()}`, build);
      expect(shown(select('Town'))).toMatch(new RegExp(`^${name} \\(\\d+\\)$`));
    });

    it('counts each town and price choice with the other filters applied, and disables the choices that would list nothing', () => {
      // A type on offer in some of the towns, not all of them.
      const onOffer = properties.filter((property) => property.availability !== 'reference');
      const townCount = (webId: number) => new Set(onOffer.filter((property) => property.type.webIds.includes(webId)).map((property) => property.town.zip)).size;
      const allTowns = new Set(onOffer.map((property) => property.town.zip)).size;
      const type = types.find((candidate) => townCount(Number(candidate.value)) > 0 && townCount(Number(candidate.value)) < allTowns);
      expect(type).toBeDefined();
      const query = `type=${type!.value}`;
      renderList(query, build);
      const items = properties.map(listItemOf);
      const asked = parseListParams(new URLSearchParams(query));
      const countOf = (option: HTMLOptionElement) => Number(/\((\d+)\)$/.exec(option.textContent ?? '')?.[1]);
      const check = (name: string, over: (value: string) => Partial<typeof asked>) => {
        const options = [...select(name).options];
        for (const option of options) {
          const expected = applyListParams(items, { ...asked, ...over(option.value) }).total;
          expect(countOf(option), `${name} ${option.value}`).toBe(expected);
          expect(option.disabled, `${name} ${option.value}`).toBe(expected === 0 && !option.selected);
        }
        return options;
      };
      const townOptions = check('Town', (value) => ({ city: value || undefined }));
      expect(townOptions.some((option) => option.disabled)).toBe(true);
      expect(townOptions.some((option) => option.value !== '' && !option.disabled)).toBe(true);
      check('Price up to', (value) => ({ maxPrice: value ? Number(value) : undefined }));
      check('Property type', (value) => ({ type: value ? Number(value) : undefined }));
    });

    it('ignores an unknown town: all towns, all listings, no option of its own', () => {
      renderList('city=Foo', build);
      expect(shown(select('Town'))).toBe(`All towns (${properties.filter((property) => property.availability !== 'reference').length})`);
      expect(optionTexts(select('Town'))).not.toContain('Foo');
      expect(screen.getAllByRole('article')).toHaveLength(Math.min(properties.filter((property) => property.availability !== 'reference').length, 12));
    });

    it('a type with nothing on offer is the one the filter shows, and the list says once that nothing matches', () => {
      expect(emptyType).toBeDefined();
      renderList(`type=${emptyType!.WebID}`, build);
      expect(shown(select('Property type'))).toBe(`${emptyType!.Name} (0)`);
      expect(screen.getByText('No results were found for your search.')).toBeTruthy();
      expect(screen.queryByText('0 properties')).toBeNull();
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    });
  });
}

describe('list pages', () => {
  it('on the server build a choice asks the server for its page through the router', () => {
    renderList('');
    const town = select('Town');
    const choice = [...town.options].find((option) => option.value !== '');
    expect(choice).toBeDefined();
    fireEvent.change(town, { target: { value: choice!.value } });
    expect(push).toHaveBeenCalledWith(`/en/for-rent/?${new URLSearchParams({ city: choice!.value })}`, { scroll: false });
  });

  it('a page past the last one shows the last page, and links to the first, the last and the pages near it only', () => {
    const many = getListPage('en', 'rent', parseListParams(new URLSearchParams('page=999')));
    expect(many.params.page).toBe(many.result.pages);
    expect(many.listings.map((listing) => listing.id)).toEqual(many.result.ids);
    expect(many.listings.length).toBeLessThanOrEqual(12);
  });

  it('answers a forged query with a page of the list: an odd town or type dropped, an absurd page clamped', () => {
    for (const query of [`city=${'x|'.repeat(2_000)}7000`, 'type=-3&page=1e300', 'page=99999999999999999999', 'sort=%3Cscript%3E&status=%00', `city=${encodeURIComponent('<img src=x>|7000')}`]) {
      const page = getListPage('en', 'rent', parseListParams(new URLSearchParams(query)));
      expect(page.params.city, query).toBeUndefined();
      expect(page.params.type, query).toBeUndefined();
      expect(page.params.page, query).toBeGreaterThanOrEqual(1);
      expect(page.params.page, query).toBeLessThanOrEqual(page.result.pages);
      expect(page.listings.length, query).toBeLessThanOrEqual(12);
    }
  });

  it('gives each query the page the list rules give over every listing, references and sorts included', () => {
    const items = properties.map(listItemOf);
    for (const query of ['', 'sort=price-asc', 'sort=price-desc&page=2', 'status=references', 'status=references&sort=price-asc']) {
      const params = parseListParams(new URLSearchParams(query));
      expect(getListPage('en', 'rent', params).result, query).toEqual(applyListParams(items, params));
    }
  });
  it('the detail page links back to the list with the filters the visitor left it with', () => {
    renderList('city=mons|7000&sort=price-asc&page=1');
    cleanup();
    render(<BackToList goal="rent" href="/en/for-rent/" label="Back to the list" />);
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/en/for-rent/?city=Mons%7C7000&sort=price-asc');
    cleanup();
    render(<BackToList goal="sale" href="/en/for-sale/" label="Back to the list" />);
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/en/for-sale/');
  });
});
