import type { Language } from '../config';
import { isStaticExport } from '../config/deployment';
import { href, pageInLanguage, queryKeysOf, resolvePath, type Route } from '../pages';

/*
 * The language switch: resolve the page, then build it in the other language, so that a listing
 * keeps its id with the other language's town and type slugs.
 */

/**
 * The same page in another language. Unknown paths map to the target language's home page, so a
 * language switch never leads to a 404.
 */
export function translatePath(pathname: string, target: Language, search = ''): string {
  return pathIn(resolvePath(pathname, search)?.route, target);
}

const pathIn = (route: Route | undefined, target: Language) => href(route ? pageInLanguage(route, target) : { page: 'home' }, target);

/**
 * A URL (path and query) in another language, for a language switch. A list keeps its filters,
 * sort and page, its town named as the other language names it; ?lng= has done its job and goes.
 */
export function translateUrl(pathname: string, search: string, target: Language): string {
  const rest = new URLSearchParams(search);
  rest.delete('lng');
  const route = resolvePath(pathname, search)?.route;
  const path = pathIn(route, target);
  // What the page's own URL carries (a list's filters, as the other language names its town) is in `path` already.
  for (const key of route ? queryKeysOf(route) : []) rest.delete(key);
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
