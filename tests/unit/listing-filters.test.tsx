// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BackToList } from '@/components/catalogue/back-to-list';
import { NextIntlClientProvider } from 'next-intl';
import { ListingBrowser } from '@/components/catalogue/listing-browser';
import { getProperties, getTypes, listItemOf, townChoices } from '@/lib/catalogue';
import { parseListParams } from '@/lib/catalogue/list-query';
import en from '@/messages/en.json';

/*
 * The list's filter as a visitor reads it: the town and type it says are the ones applied, a
 * link's odd spelling of a town shows the town's own name, and an unknown one is no filter.
 */

const properties = getProperties('en', { goal: 'rent' });
const towns = townChoices('en').map((town) => {
  const count = properties.filter((property) => `${property.town.name}|${property.town.zip}` === town.value).length;
  return { ...town, label: `${town.value.split('|')[0]} (${count})`, listed: count > 0 };
});
const types = getTypes('en').map((type) => ({ value: type.WebID, label: `${type.Name} (${type.countRentProperty})`, listed: type.countRentProperty > 0 }));
const emptyType = getTypes('en').find((type) => type.countRentProperty === 0);
const rentedTown = towns.find((town) => town.listed);

function renderList(query: string) {
  return render(
    <NextIntlClientProvider locale="en" messages={{ list: en.list }}>
      <ListingBrowser
      goal="rent"
      path="/en/for-rent/"
      initialParams={parseListParams(new URLSearchParams(query))}
      items={properties.map(listItemOf)}
      cards={Object.fromEntries(properties.map((property) => [property.id, <article key={property.id}>{property.id}</article>]))}
      choices={{ 'on-offer': { towns, types, count: properties.length }, references: { towns, types, count: 0 } }}
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
  window.sessionStorage.clear();
});

describe('list filters', () => {
  it('shows a town written in another case or language under its own name, with no raw extra choice', () => {
    expect(rentedTown).toBeDefined();
    const [name, zip] = rentedTown!.value.split('|');
    renderList(`city=${name!.toLowerCase()}|${zip}`);
    expect(shown(select('Town'))).toBe(rentedTown!.label);
    expect(optionTexts(select('Town'))).not.toContain(name!.toLowerCase());
    cleanup();
    renderList(`city=${name!.toUpperCase()}`);
    expect(shown(select('Town'))).toBe(rentedTown!.label);
  });

  it('ignores an unknown town: all towns, all listings, no option of its own', () => {
    renderList('city=Foo');
    expect(shown(select('Town'))).toBe('All towns');
    expect(optionTexts(select('Town'))).not.toContain('Foo');
    expect(screen.getAllByRole('article')).toHaveLength(Math.min(properties.length, 12));
  });

  it('a type with nothing on offer is the one the filter shows, and the list says once that nothing matches', () => {
    expect(emptyType).toBeDefined();
    renderList(`type=${emptyType!.WebID}`);
    expect(shown(select('Property type'))).toBe(`${emptyType!.Name} (0)`);
    expect(screen.getByText('No results were found for your search.')).toBeTruthy();
    expect(screen.queryByText('0 properties')).toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
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
