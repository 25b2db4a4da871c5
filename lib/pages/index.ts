import { createElement, type ReactNode } from 'react';
import type { Thing } from 'schema-dts';
import { getEnabledLanguages, isSupportedLanguage, type Language, type MenuEntry } from '../config';
import { articlePage } from './article/kind';
import { homePage } from './home/kind';
import { pathSegments, type Crumb, type Link, type Missing, type PageKind, type PageMetadata, type PageType, type Translate } from './kind';
import { forRentPage, forSalePage } from './list/kind';
import { forgotPasswordPage, loginPage, setPasswordPage } from './login/kind';
import { menuEntryRoute, menuPage } from './menu/kind';
import { newsletterConfirmPage } from './newsletter-confirm/kind';
import { alertLinkPage } from './alert-link/kind';
import { requestConfirmPage } from './request-confirm/kind';
import { searcherPage } from './searcher/kind';
import { favouritesPage } from './favourites/kind';
import { comparePage } from './compare/kind';
import { portalListingPage, portalPage } from './portal/kind';
import { projectPage, projectsPage } from './projects/kind';
import { propertyPage } from './property/kind';
import { thankYouPage } from './thank-you/kind';

/*
 * The page table: every kind of page of the site, each described once in its own folder here
 * (lib/pages/<kind>/kind.ts: its URL both ways, what is prerendered, metadata, breadcrumb, JSON-LD,
 * sitemap; view.tsx beside it: what draws it). The functions below look a route's kind up here;
 * nothing else switches on `route.page`. A new kind of page: its folder, one line in `definitions`
 * (with its import), its messages.
 */

/*
 * One line per kind, each kind in its own folder (lib/pages/<kind>/: kind.ts, view.tsx); the
 * route types below are read off it. The order is the order paths are matched in: menu pages,
 * whose paths the staff choose, come last.
 */
const definitions = {
  home: homePage,
  'for-sale': forSalePage,
  'for-rent': forRentPage,
  property: propertyPage,
  projects: projectsPage,
  project: projectPage,
  'thank-you': thankYouPage,
  login: loginPage,
  'forgot-password': forgotPasswordPage,
  'set-password': setPasswordPage,
  portal: portalPage,
  'portal-listing': portalListingPage,
  'newsletter-confirm': newsletterConfirmPage,
  'alert-link': alertLinkPage,
  'request-confirm': requestConfirmPage,
  searcher: searcherPage,
  favourites: favouritesPage,
  compare: comparePage,
  article: articlePage,
  menu: menuPage,
};

type Definitions = typeof definitions;
/** Every route of the site: the route of each kind of the table. */
export type Route = { [P in keyof Definitions]: Definitions[P] extends PageKind<infer R> ? R : never }[keyof Definitions];
export type PageName = Route['page'];
type RouteOf<P extends PageName> = Extract<Route, { page: P }>;
export type { Crumb, PageType, Translate } from './kind';

/** A kind's functions over any route: each checks that the route is of its kind (the table's lookup guarantees it). */
type Kind<P extends PageName> = {
  page: P;
  path: (route: Route, language: Language, link: Link) => string;
  match: (segments: readonly string[], params: URLSearchParams, language: Language) => Route | undefined;
  routes: (language: Language) => Route[];
  budget: PageType;
  firstSegment: PageKind<Route>['firstSegment'];
  queryKeys: readonly string[];
  serverOnly: boolean;
  exportRoutes: (language: Language) => Route[];
  renderedAt: (route: Route, language: Language, search: string) => string | undefined;
  canonical: (route: Route, language: Language) => Route | undefined;
  sharedAnswer: (route: Route, language: Language, search: string) => boolean;
  missing: (route: Route, language: Language) => Missing | undefined;
  inLanguage: (route: Route, target: Language) => Route;
  crumbs: (route: Route, language: Language, t: Translate) => Crumb[];
  metadata: (route: Route, language: Language, t: Translate) => PageMetadata;
  jsonLd: (route: Route, language: Language) => Thing[];
  indexable: (route: Route, language: Language) => boolean;
  lastModified: (route: Route, language: Language) => string | undefined;
  render: (route: Route, language: Language) => Promise<ReactNode>;
};

/** Whether a route is of one kind: narrows a route to that kind's route type. */
const isRouteOf = <P extends PageName>(page: P, route: Route): route is RouteOf<P> => route.page === page;

function kind<P extends PageName>(page: P, definition: PageKind<RouteOf<P>>): Kind<P> {
  const own = (route: Route): RouteOf<P> => {
    if (isRouteOf(page, route)) return route;
    throw new Error(`The page table looked up "${page}" for a "${route.page}" route`);
  };
  return {
    page,
    path: (route, language, link) => definition.path(own(route), language, link),
    match: definition.match,
    routes: definition.routes,
    budget: definition.budget,
    firstSegment: definition.firstSegment,
    queryKeys: definition.queryKeys ?? [],
    serverOnly: definition.serverOnly === true,
    exportRoutes: (language) => definition.exportRoutes?.(language) ?? [],
    renderedAt: (route, language, search) => definition.renderedAt?.(own(route), language, search),
    canonical: (route, language) => definition.canonical?.(own(route), language),
    sharedAnswer: (route, language, search) => definition.sharedAnswer?.(own(route), language, search) ?? false,
    missing: (route, language) => definition.missing?.(own(route), language),
    inLanguage: (route, target) => definition.inLanguage?.(own(route), target) ?? route,
    crumbs: (route, language, t) => definition.crumbs(own(route), language, t),
    metadata: (route, language, t) => definition.metadata(own(route), language, t),
    jsonLd: (route, language) => definition.jsonLd?.(own(route), language, href) ?? [],
    indexable: (route, language) => definition.indexable?.(own(route), language) ?? true,
    lastModified: (route, language) => definition.lastModified?.(own(route), language),
    render: async (route, language) => {
      const View = await definition.view?.();
      return View ? createElement(View, { route: own(route), language }) : null;
    },
  };
}

/** The table as the lookups read it: each kind's definition, over the route of its own page name (the compiler checks each line). */
const byName: { [P in PageName]: PageKind<RouteOf<P>> } = definitions;
const pageNames = Object.keys(definitions).filter((name): name is PageName => name in byName);
const entry = <P extends PageName>(page: P): [P, Kind<P>] => [page, kind(page, byName[page])];
const table = new Map<PageName, Kind<PageName>>(pageNames.map(entry));

function kindNamed(page: PageName): Kind<PageName> {
  const found = table.get(page);
  if (!found) throw new Error(`No page kind "${page}" in the page table`);
  return found;
}
const kindOf = (route: Route) => kindNamed(route.page);
const kinds = () => [...table.values()];

/** The first segments the kinds own in a language, each with what it is (lib/data-check refuses a menu page there). */
export function ownedFirstSegments(language: Language): { slug: string; says: string }[] {
  return kinds().flatMap(({ firstSegment }) => (firstSegment ? [{ slug: firstSegment.slug(language), says: firstSegment.says }] : []));
}

/** The URL of a page (its path, and a list's query) in a language. */
export function href(route: Route, language: Language): string {
  return kindOf(route).path(route, language, href);
}

/** The URL a menu entry links: its page, or the system page it stands for. */
export const menuEntryHref = (entry: MenuEntry, language: Language) => href(menuEntryRoute(entry), language);

export type ResolvedPath = { language: Language; route: Route };

/** Reads a site URL path (with or without trailing slash) back into its language and route. */
export function resolvePath(pathname: string, search = ''): ResolvedPath | undefined {
  // A typographic apostrophe (i’m-looking-for, as a word processor or a phone's keyboard writes it)
  // reads as the plain one of the slugs; checkPath then redirects to the page's own spelling.
  const [language, ...segments] = pathSegments(pathname).map((segment) => segment.replace(/[\u2018\u2019\u02bc]/g, "'"));
  if (!isSupportedLanguage(language)) return undefined;
  const params = new URLSearchParams(search);
  for (const candidate of kinds()) {
    const route = candidate.match(segments, params, language);
    if (route) return { language, route };
  }
  return undefined;
}

/** Every page of the site in a language: what the build prerenders, the sitemap lists and the tests crawl. */
export function allRoutes(language: Language): Route[] {
  return kinds().flatMap((candidate) => candidate.routes(language));
}

/** The JS budget's page type of a kind; a path no kind reads is one of the 404 pages. */
export const pageTypeOf = (page: PageName | undefined): PageType => (page === undefined ? 'not found' : kindNamed(page).budget);

/** Whether a page needs the server (a session, a token, server actions). */
const isServerOnly = (route: Route): boolean => kindOf(route).serverOnly;

/** The routes a static export holds: every route but the server-only pages, and the pages it draws in the browser. */
export function staticRoutes(language: Language): Route[] {
  return [...allRoutes(language).filter((route) => !isServerOnly(route)), ...kinds().flatMap((candidate) => candidate.exportRoutes(language))];
}

/** Whether a site path is one of the server-only pages, in any language. */
export function isServerOnlyPath(path: string): boolean {
  const route = resolvePath(path.split(/[?#]/, 1)[0] ?? path)?.route;
  return route !== undefined && isServerOnly(route);
}

/** The internal path that renders this request per request, if its page is not the prerendered one. */
export const renderedAt = (route: Route, language: Language, search: string) => kindOf(route).renderedAt(route, language, search);

/** The URL of a page as the site's own links write it, for a page whose query has a canonical spelling (a list); undefined for the others. */
export function canonicalHref(route: Route, language: Language): string | undefined {
  const canonical = kindOf(route).canonical(route, language);
  return canonical && href(canonical, language);
}

/** Whether the answer rendered per request for this URL is the same for everyone (the proxy may keep it). */
export const isSharedAnswer = (route: Route, language: Language, search: string) => kindOf(route).sharedAnswer(route, language, search);

/** The query parameters a page's URL owns. */
export const queryKeysOf = (route: Route): readonly string[] => kindOf(route).queryKeys;

/** Which 404 a page answers with when its record is not in this language. */
export const missingPage = (route: Route, language: Language) => kindOf(route).missing(route, language);

/** The page a language switch leads to: this one, or the nearest one that exists in the target language. */
export const pageInLanguage = (route: Route, target: Language) => kindOf(route).inLanguage(route, target);

/** hreflang alternates of a route in every enabled language. */
export function alternates(route: Route): Partial<Record<Language, string>> {
  return Object.fromEntries(getEnabledLanguages().map((language) => [language, href(route, language)]));
}

/** The trail from the home page to this page, the home page first; empty on the home page. */
export function breadcrumbTrail(route: Route, language: Language, t: Translate): Crumb[] {
  const own = kindOf(route).crumbs(route, language, t);
  return own.length === 0 ? [] : [{ name: t('nav.home'), route: { page: 'home' } }, ...own];
}

export const pageMetadataOf = (route: Route, language: Language, t: Translate) => kindOf(route).metadata(route, language, t);
export const pageJsonLdOf = (route: Route, language: Language) => kindOf(route).jsonLd(route, language);
export const isIndexable = (route: Route, language: Language) => kindOf(route).indexable(route, language);
export const lastModified = (route: Route, language: Language) => kindOf(route).lastModified(route, language);

/** The content of a page of the site (app/[lang]/[...path], app/[lang]/form-draft): its kind's view. */
export const PageView = ({ route, language }: { route: Route; language: Language }) => kindOf(route).render(route, language);
