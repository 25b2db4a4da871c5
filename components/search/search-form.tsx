import type { Language } from '@/lib/config';
import { SearchPanel } from './search-panel';
import { searchIndexUrl, searchPanelLabels } from './search-labels';

/** The property search on its own, for the 404 pages. */
export async function SearchForm({ language }: { language: Language }) {
  return <SearchPanel indexUrl={searchIndexUrl(language)} labels={await searchPanelLabels(language)} />;
}
