import { cityQueryIn, citySlug, getProject, getProjects, getProperties, getProperty, goalOf, typeSlug } from '../catalogue';
import { getArticles, getEnabledLanguages, isSupportedLanguage, loadSiteConfig, menuAncestors, type Language, type MenuEntry } from '../config';
import { listQueryKeys, listQueryString, parseListParams, type ListParams } from '../catalogue/list-query';
import { isStaticExport } from '../export/mode';
import { systemSlugs, thankYouForms, type ThankYouForm } from './slugs';

/*
 * The one module that knows every URL of the site. `href` builds a URL from a route; `resolvePath`
 * reads one back. Switching language is resolve-then-build, so a detail page maps to the same
 * listing with the other language's city and type slugs.
 */

/** A list's filters, sort and page, as its query string carries them. */
type ListQuery = Partial<ListParams>;

export type Route =
  | { page: 'home' }
  | { page: 'for-sale' | 'for-rent'; query?: ListQuery }
  | { page: 'property'; id: number }
  | { page: 'projects' }
  | { page: 'project'; id: number }
  | { page: 'thank-you'; form: ThankYouForm }
  | { page: 'login' }
  | { page: 'forgot-password' }
  | { page: 'set-password' }
  /** The owner portal: rendered per request, behind the owner's session. */
  | { page: 'portal' }
  | { page: 'portal-listing'; id: number }
  /** The page a newsletter confirmation link opens: rendered per request, the token in the query. */
  | { page: 'newsletter-confirm'; token?: string }
  | { page: 'article'; id: string }
  | { page: 'menu'; id: string };

const join = (language: Language, segments: readonly string[]) => `/${[language, ...segments].join('/')}/`;

/** A list's query in a language: the town as that language names it (Mons is Bergen in Dutch), an unknown town left out. */
function queryString(query: ListQuery | undefined, language: Language): string {
  if (!query) return '';
  return listQueryString({ ...query, city: query.city === undefined ? undefined : cityQueryIn(query.city, language) });
}

/** Menu entries by id, including unpublished ones (hidden pages are reachable, drafts are not). */
function reachableMenu(): MenuEntry[] {
  return loadSiteConfig().menu.filter((entry) => entry.status !== 'Draft');
}

/** Path segments of a menu page: its ancestors' paths then its own, in one language. */
function menuSegments(entry: MenuEntry, language: Language): string[] {
  const byId = new Map(reachableMenu().map((candidate) => [candidate.id, candidate]));
  return [entry, ...menuAncestors(entry, (id) => byId.get(id))].reverse().map((current) => current.params.path[language].toLowerCase());
}

/** The href of a menu entry as the menu links it (system entries link their system page). */
export function menuEntryHref(entry: MenuEntry, language: Language): string {
  switch (entry.params.type) {
    case 'home':
      return href({ page: 'home' }, language);
    case 'for-sale':
    case 'for-rent':
    case 'projects':
    case 'login':
      return href({ page: entry.params.type }, language);
    case 'page':
      return join(language, menuSegments(entry, language));
  }
}

/** Pages that need the server (a session, server actions): a static export links them on its API origin. */
const serverOnlyPages: ReadonlySet<Route['page']> = new Set(['login', 'forgot-password', 'set-password', 'portal', 'portal-listing', 'newsletter-confirm']);

const isServerOnly = (route: Route) => serverOnlyPages.has(route.page);

/** Whether a site path is one of the server-only pages, in any language. */
export function isServerOnlyPath(path: string): boolean {
  const route = resolvePath(path.split(/[?#]/, 1)[0] ?? path)?.route;
  return route !== undefined && isServerOnly(route);
}

export function href(route: Route, language: Language): string {
  switch (route.page) {
    case 'home':
      return join(language, []);
    case 'for-sale':
    case 'for-rent':
      return join(language, [systemSlugs[route.page][language]]) + queryString(route.query, language);
    case 'property': {
      const property = getProperty(route.id, language);
      if (!property) return join(language, [systemSlugs['for-sale'][language], '-', '-', String(route.id)]);
      const goal = goalOf(property) === 'sale' ? 'for-sale' : 'for-rent';
      return join(language, [systemSlugs[goal][language], citySlug(property), typeSlug(property.WebID, language), String(property.ID)]);
    }
    case 'projects':
    case 'login':
    case 'portal':
      return join(language, [systemSlugs[route.page][language]]);
    case 'forgot-password':
    case 'set-password':
      return join(language, [systemSlugs.login[language], systemSlugs[route.page][language]]);
    case 'portal-listing':
      return join(language, [systemSlugs.portal[language], String(route.id)]);
    case 'newsletter-confirm':
      return join(language, [systemSlugs['newsletter-confirm'][language]]) + (route.token ? `?token=${encodeURIComponent(route.token)}` : '');
    case 'project':
      return join(language, [systemSlugs.projects[language], String(route.id)]);
    case 'thank-you':
      return join(language, [systemSlugs['thank-you'][language], route.form]);
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === route.id);
      if (!article || article.category === 'pages') return join(language, []);
      const section = article.category === 'services' ? systemSlugs['our-services'][language] : systemSlugs.testimonials[language];
      return join(language, [section, article.slug[language]]);
    }
    case 'menu': {
      const entry = reachableMenu().find((candidate) => candidate.id === route.id);
      return entry ? menuEntryHref(entry, language) : join(language, []);
    }
  }
}

/** Finds the menu page at these path segments in a language (case-insensitive, percent-decoded). */
function findMenuPage(language: Language, segments: readonly string[]): MenuEntry | undefined {
  const wanted = segments.map((segment) => safeDecode(segment).toLowerCase());
  return reachableMenu().find((entry) => {
    if (entry.params.type !== 'page') return false;
    const path = menuSegments(entry, language);
    return path.length === wanted.length && path.every((segment, index) => segment.toLowerCase() === wanted[index]);
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type ResolvedPath = { language: Language; route: Route };

/** Reads a site URL path (with or without trailing slash) back into its language and route. */
export function resolvePath(pathname: string, search = ''): ResolvedPath | undefined {
  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const [language, first, ...rest] = segments;
  if (!isSupportedLanguage(language)) return undefined;
  const params = new URLSearchParams(search);
  if (first === undefined) return { language, route: { page: 'home' } };

  for (const page of ['for-sale', 'for-rent'] as const) {
    if (first !== systemSlugs[page][language]) continue;
    if (rest.length === 0) {
      const { city, type, sort, page: number } = parseListParams(params);
      const query: ListQuery = {};
      if (city) query.city = city;
      if (type !== undefined) query.type = type;
      if (sort !== 'newest') query.sort = sort;
      if (number > 1) query.page = number;
      return { language, route: { page, query } };
    }
    const id = Number(rest[2]);
    if (rest.length === 3 && Number.isInteger(id) && id > 0) return { language, route: { page: 'property', id } };
    return undefined;
  }
  if (first === systemSlugs.projects[language]) {
    if (rest.length === 0) return { language, route: { page: 'projects' } };
    const id = Number(rest[0]);
    return rest.length === 1 && Number.isInteger(id) && id > 0 ? { language, route: { page: 'project', id } } : undefined;
  }
  if (first === systemSlugs['thank-you'][language]) {
    const form = rest[0];
    return rest.length === 1 && (thankYouForms as readonly string[]).includes(form ?? '')
      ? { language, route: { page: 'thank-you', form: form as ThankYouForm } }
      : undefined;
  }
  if (first === systemSlugs.login[language]) {
    if (rest.length === 0) return { language, route: { page: 'login' } };
    if (rest.length === 1 && rest[0] === systemSlugs['forgot-password'][language]) return { language, route: { page: 'forgot-password' } };
    if (rest.length === 1 && rest[0] === systemSlugs['set-password'][language]) return { language, route: { page: 'set-password' } };
    return undefined;
  }
  if (first === systemSlugs.portal[language]) {
    if (rest.length === 0) return { language, route: { page: 'portal' } };
    const id = Number(rest[0]);
    return rest.length === 1 && Number.isInteger(id) && id > 0 ? { language, route: { page: 'portal-listing', id } } : undefined;
  }
  if (first === systemSlugs['newsletter-confirm'][language]) {
    return rest.length === 0 ? { language, route: { page: 'newsletter-confirm', token: params.get('token') ?? undefined } } : undefined;
  }
  for (const category of ['services', 'testimonials'] as const) {
    const section = category === 'services' ? systemSlugs['our-services'][language] : systemSlugs.testimonials[language];
    if (first !== section || rest.length !== 1) continue;
    const article = getArticles().find((candidate) => candidate.category === category && candidate.slug[language] === rest[0]);
    if (article) return { language, route: { page: 'article', id: article.id } };
  }
  const entry = findMenuPage(language, [first, ...rest]);
  return entry ? { language, route: { page: 'menu', id: entry.id } } : undefined;
}

/**
 * The same page in another language. Unknown paths map to the target language's home page, so a
 * language switch never leads to a 404.
 */
export function translatePath(pathname: string, target: Language, search = ''): string {
  const resolved = resolvePath(pathname, search);
  if (!resolved) return href({ page: 'home' }, target);
  if (resolved.route.page === 'property' && !getProperty(resolved.route.id, target)) return href({ page: 'home' }, target);
  if (resolved.route.page === 'project' && !getProject(resolved.route.id, target)) return href({ page: 'projects' }, target);
  return href(resolved.route, target);
}

/**
 * A URL (path and query) in another language, for a language switch. A list keeps its filters,
 * sort and page, its town named as the other language names it; ?lng= has done its job and goes.
 */
export function translateUrl(pathname: string, search: string, target: Language): string {
  const rest = new URLSearchParams(search);
  rest.delete('lng');
  const page = resolvePath(pathname)?.route.page;
  const isList = page === 'for-sale' || page === 'for-rent';
  const path = isList ? translatePath(pathname, target, search) : translatePath(pathname, target);
  if (isList) for (const key of listQueryKeys) rest.delete(key);
  const others = rest.toString();
  return others ? `${path}${path.includes('?') ? '&' : '?'}${others}` : path;
}

/**
 * A language switcher link: the page in that language, marked as the visitor's choice (?lng=) so
 * that the server remembers it; the proxy answers with the clean URL and the cookie. A static
 * export has no server to remember it, so its links stay clean.
 */
export function languageChoiceHref(target: string, language: Language): string {
  if (isStaticExport()) return target;
  return `${target}${target.includes('?') ? '&' : '?'}lng=${language}`;
}

/** hreflang alternates of a route in every enabled language. */
export function alternates(route: Route): Partial<Record<Language, string>> {
  return Object.fromEntries(getEnabledLanguages().map((language) => [language, href(route, language)]));
}

/**
 * Internal paths of the two 404 pages, both prerendered (a 404 rendered on demand would lose its
 * title). "404" is reserved: no menu path may use it (lib/config/schemas).
 */
export const notFoundSegments = ['404'] as const;

/** Internal path of the owner portal, rendered per request (app/[lang]/owner-portal). */
export const portalPath = (language: Language, id?: number) => `/${language}/owner-portal/${id === undefined ? '' : `${id}/`}`;

/** Internal path of the newsletter confirmation page, rendered per request (app/[lang]/newsletter-confirmation). */
export const newsletterConfirmPath = (language: Language) => `/${language}/newsletter-confirmation/`;

/**
 * Internal path of a page rendered per request to show a form that came back from a post without
 * JavaScript (app/[lang]/form-draft): `page` is the page's own path, the draft id rides along.
 */
export const formDraftPath = (language: Language, pagePath: string, search: string) => {
  const params = new URLSearchParams(search);
  params.set('page', pagePath);
  return `/${language}/form-draft/?${params.toString()}`;
};

/** Internal path of the server-rendered list for requests with a query (app/[lang]/list-results). */
export const listResultsPath = (language: Language, page: 'for-sale' | 'for-rent') => `/${language}/list-results/${page === 'for-sale' ? 'sale' : 'rent'}/`;
export const propertyNotFoundSegments = ['404', 'property'] as const;
const internalPath = (language: Language, segments: readonly string[]) => join(language, segments);
/** Internal path of the localised 404 page of a language. */
export const notFoundPath = (language: Language) => internalPath(language, notFoundSegments);

export type PathCheck = { kind: 'ok'; resolved: ResolvedPath } | { kind: 'redirect'; to: string } | { kind: 'not-found'; render: string };

/**
 * What a path under a language leads to: a page, a redirect to its canonical form (a listing's
 * stale town or type slug, or the other list), or a 404 rendered by one of the internal pages.
 */
export function checkPath(pathname: string): PathCheck {
  const resolved = resolvePath(pathname);
  const first = pathname.split('/').filter(Boolean)[0];
  const language = isSupportedLanguage(first) ? first : loadSiteConfig().site.languageDefault;
  if (!resolved) return { kind: 'not-found', render: internalPath(language, notFoundSegments) };
  const { route } = resolved;
  if (route.page === 'property' && !getProperty(route.id, language)) return { kind: 'not-found', render: internalPath(language, propertyNotFoundSegments) };
  if (route.page === 'project' && !getProject(route.id, language)) return { kind: 'not-found', render: internalPath(language, notFoundSegments) };
  // One URL per page: a stale town or type slug, the other list, or another letter case
  // redirects to the canonical path (the query string is the caller's to keep).
  const canonical = href(route, language).split('?')[0];
  const requested = `/${pathname.split('/').filter(Boolean).map(safeDecode).join('/')}/`;
  return requested === canonical ? { kind: 'ok', resolved } : { kind: 'redirect', to: canonical! };
}

/** Every route of the site in a language: what the build prerenders and the tests crawl. */
export function allRoutes(language: Language): Route[] {
  const listingIds = [...new Set(getProperties(language).map((property) => property.ID))];
  return [
    { page: 'home' },
    { page: 'for-sale' },
    { page: 'for-rent' },
    { page: 'projects' },
    { page: 'login' },
    { page: 'forgot-password' },
    { page: 'set-password' },
    ...listingIds.map((id) => ({ page: 'property', id }) as const),
    ...getProjects(language).map((project) => ({ page: 'project', id: project.ID }) as const),
    ...thankYouForms.map((form) => ({ page: 'thank-you', form }) as const),
    ...getArticles()
      .filter((article) => article.category !== 'pages')
      .map((article) => ({ page: 'article', id: article.id }) as const),
    ...reachableMenu()
      .filter((entry) => entry.params.type === 'page')
      .map((entry) => ({ page: 'menu', id: entry.id }) as const),
  ];
}

/** The routes a static export holds: every route but the server-only pages. */
export function staticRoutes(language: Language): Route[] {
  return allRoutes(language).filter((route) => !isServerOnly(route));
}

/** Path segments (after the language) of every page and of the two 404 pages. */
export function allPathSegments(language: Language): string[][] {
  const pages = allRoutes(language)
    .filter((route) => route.page !== 'home')
    .map((route) => href(route, language).split('?')[0]!.split('/').filter(Boolean).slice(1));
  return [...pages, [...notFoundSegments], [...propertyNotFoundSegments]];
}
