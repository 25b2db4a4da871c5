import { getListing, getProjects, getProperties } from '../catalogue';
import type { VersionChanges } from '../catalogue/crm/catalogue-folder';
import { getEnabledLanguages, loadSiteConfig, type Language } from '../config';
import { href } from './index';

/*
 * What a new catalogue version makes stale (lib/server/catalogue-reload.ts): the pages of the
 * listings and projects it touched, and every page that counts or lists the whole catalogue. The
 * pages carry no tags of their own, so each is named by its path (Next.js's implicit path tag).
 * Called before the swap (the old URLs: a town or type in the slug may change) and after it.
 */

/**
 * A page for revalidatePath, or a route handler's tag. Next.js 16.4.6 tags a route handler's
 * entry with its URL as requested, trailing slash kept (`_N_T_/api/search-index/nl/`), while
 * revalidatePath drops that slash: the handlers are named by the tag of their route file instead,
 * which also covers every language at once (checked in the .meta files a build writes).
 */
export type StalePath = { path: string } | { tag: string };

/** The route handlers built from the whole catalogue: their route file's implicit tag each. */
const catalogueRoutes: readonly StalePath[] = [{ tag: '_N_T_/sitemap.xml/route' }, { tag: '_N_T_/api/search-index/[lang]/route' }, { tag: '_N_T_/api/favourites-index/[lang]/route' }];

/** Their URLs, which the reload fetches once after revalidating, so that no visitor waits for the render. */
export function catalogueRouteUrls(languages: readonly Language[] = getEnabledLanguages()): string[] {
  return ['/sitemap.xml', ...languages.flatMap((language) => [`/api/search-index/${language}/`, `/api/favourites-index/${language}/`])];
}

/** Menu pages whose modules read the catalogue: a list of listings, or the counts of the lists. */
function catalogueMenuIds(): string[] {
  return loadSiteConfig()
    .menu.filter(
      (entry) => entry.status !== 'Draft' && entry.params.type === 'page' && entry.params.modules.some((module) => module.relations.type === 'property-list' || module.relations.type === 'stats-view'),
    )
    .map((entry) => entry.id);
}

/** The pages to revalidate for these changes, as the catalogue served now links them. */
export function stalePaths(changes: VersionChanges, languages: readonly Language[] = getEnabledLanguages()): StalePath[] {
  const paths = new Set<string>();
  const menuIds = catalogueMenuIds();
  for (const language of languages) {
    const listingIds = changes.everything ? new Set(getProperties(language).map((listing) => listing.id)) : new Set(changes.listings);
    for (const id of listingIds) if (getListing(id, language)) paths.add(href({ page: 'property', id }, language));
    const projectIds = new Set(changes.everything ? [] : changes.projects);
    for (const project of getProjects(language)) {
      if (changes.everything || projectIds.has(project.id) || project.units.some((unit) => listingIds.has(unit.listingId))) paths.add(href({ page: 'project', id: project.id }, language));
    }
    for (const page of ['home', 'for-sale', 'for-rent', 'projects'] as const) paths.add(href({ page }, language));
    for (const id of menuIds) paths.add(href({ page: 'menu', id }, language));
  }
  return [...[...paths].map((path) => ({ path })), ...catalogueRoutes];
}
