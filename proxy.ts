import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { getEnabledLanguages, getDefaultLanguage, isSupportedLanguage } from './lib/config';
import { detectLanguage } from './lib/i18n/detect';
import { legacyRedirect } from './lib/i18n/legacy';
import { languageCookie, routing } from './lib/i18n/routing';
import { checkPath, listResultsPath, portalPath, translatePath } from './lib/i18n/urls';
import { hasListQuery } from './lib/catalogue/list-query';

const intl = createMiddleware(routing);
const oneYear = 60 * 60 * 24 * 365;

/** The query string without ?lng=, which has done its job once the language is chosen. */
function withoutLng(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('lng');
  const query = params.toString();
  return query ? `?${query}` : '';
}

function remember(response: NextResponse, language: string): NextResponse {
  response.cookies.set(languageCookie, language, { maxAge: oneYear, sameSite: 'lax', path: '/' });
  return response;
}

export default function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  const enabled = getEnabledLanguages();
  const language = detectLanguage({
    query: searchParams.get('lng'),
    cookie: request.cookies.get(languageCookie)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    enabled,
    fallback: getDefaultLanguage(),
  });
  // Only an explicit choice (?lng=) is written to the cookie; a language detected from the
  // browser is detected again next time, so a changed browser setting is followed.
  const requested = searchParams.get('lng');
  const chosen = requested && isSupportedLanguage(requested) && enabled.includes(requested) ? requested : undefined;
  const redirectTo = (target: string, status = 307) => {
    const response = NextResponse.redirect(new URL(target, request.url), status);
    return chosen ? remember(response, chosen) : response;
  };

  const first = pathname.split('/').filter(Boolean)[0];
  if (first === undefined) return redirectTo(`/${language}/${withoutLng(search)}`);

  const legacy = legacyRedirect(pathname, search, language);
  if (legacy) return redirectTo(legacy, 308);

  // A language the site supports but has switched off: send the visitor to the same page in
  // the detected language rather than to a 404.
  if (isSupportedLanguage(first) && !enabled.includes(first)) {
    return redirectTo(translatePath(pathname, language) + search);
  }

  // ?lng= on a localised page switches to that language and remembers it.
  if (chosen && chosen !== first) {
    return redirectTo(translatePath(pathname, chosen) + withoutLng(search));
  }

  if (isSupportedLanguage(first)) {
    const check = checkPath(pathname);
    if (check.kind === 'redirect') return NextResponse.redirect(new URL(check.to + search, request.url), 308);
    // Unknown URLs are answered here, with the 404 status and the page's language, rather than
    // by notFound() in a page: Next.js 16 then serves an empty error shell whose content only
    // appears once JavaScript runs. The rewritten route renders the localised not-found content.
    if (check.kind === 'not-found') return NextResponse.rewrite(new URL(check.render, request.url), { status: 404 });
    // A list with a query is rendered on the server (filters and paging without JavaScript);
    // the plain list stays the prerendered page.
    const route = check.resolved.route;
    if ((route.page === 'for-sale' || route.page === 'for-rent') && hasListQuery(searchParams)) {
      return NextResponse.rewrite(new URL(`${listResultsPath(check.resolved.language, route.page)}${search}`, request.url));
    }
    // The owner portal is rendered per request; the page itself checks the session.
    if (route.page === 'portal' || route.page === 'portal-listing') {
      return NextResponse.rewrite(new URL(portalPath(check.resolved.language, route.page === 'portal-listing' ? route.id : undefined), request.url));
    }
  }

  const response = intl(request);
  return chosen ? remember(response, chosen) : response;
}

export const config = {
  // Everything but API routes, Next.js internals and files (anything with a dot: images, robots.txt...).
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
