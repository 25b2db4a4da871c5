import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { getEnabledLanguages, getDefaultLanguage, isSupportedLanguage, type Language } from './lib/config';
import { detectLanguage } from './lib/i18n/detect';
import { legacyAnswer } from './lib/links/legacy';
import { languageCookie, routing } from './lib/i18n/routing';
import { checkPath } from './lib/pages/check-path';
import { getListing } from './lib/catalogue';
import { canonicalHref, href, isSharedAnswer, renderedAt } from './lib/pages';
import { formDraftPath, notFoundPath } from './lib/pages/internal-paths';
import { translateUrl } from './lib/links/language-switch';
import { draftParam, isDraftId } from './lib/forms/draft-id';
import { isSameOrigin } from './lib/security/origin';
import { resourcePolicy } from './lib/security/csp';
import { pageScripts, policyForPage } from './lib/security/page-policy';
import { isSharedRender, keptAnswer, relayedRender, sharedAnswer, type SharedAnswer } from './lib/security/shared-answers';
import { busyListPage, countListRender, clientRenderTurn } from './lib/security/render-limit';
import { fromThisProcess } from './lib/security/process-token';
import { matchesEtag, prerenderedAnswer, prerenderedCacheControl, prerenderedVary } from './lib/security/prerendered-answers';
import { inlineScriptHashes, prerenderedScriptHashes } from './lib/security/inline-scripts';
import { onDemandAnswer } from './lib/security/on-demand-answers';

const intl = createMiddleware(routing);
const oneYear = 60 * 60 * 24 * 365;
const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a redirect chosen by language depends on: the browser's languages and the language cookie. */
const languageVary = 'Accept-Language, Cookie';

/** The query string without ?lng=, which has done its job once the language is chosen. */
function withoutLng(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('lng');
  const query = params.toString();
  return query ? `?${query}` : '';
}

function remember(response: NextResponse, language: string): NextResponse {
  // Secure in production, as the owner session: browsers keep Secure cookies on http://localhost too.
  response.cookies.set(languageCookie, language, { maxAge: oneYear, sameSite: 'lax', path: '/', secure: process.env.NODE_ENV === 'production' });
  return response;
}

/** Whether every %-escape of the path decodes to UTF-8 (an overlong or stray byte does not). */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A page answer with its policy: hashes of the prerendered file that will be served, else a nonce. */
function servePage(request: NextRequest, servedPath: string, respond: (forwarded: Headers | undefined) => NextResponse): NextResponse {
  const scripts = pageScripts(servedPath);
  const policy = policyForPage(scripts);
  // Next.js reads the nonce of a page it renders per request from the request's policy.
  const forwarded = scripts.nonce !== undefined ? new Headers(request.headers) : undefined;
  forwarded?.set('content-security-policy', policy);
  const response = respond(forwarded);
  response.headers.set('content-security-policy', policy);
  return response;
}

/**
 * Whether a request loads a page as a document: a browser's navigation, or a client that asks for
 * HTML and says nothing of its purpose (a crawler). Next.js hides from the proxy the headers of
 * its router's requests for a page's React payload, which must not get the page's HTML; a browser
 * marks those requests as fetches (Sec-Fetch-Dest: empty).
 */
function loadsDocument(request: NextRequest): boolean {
  const destination = request.headers.get('sec-fetch-dest');
  if (destination !== null) return destination === 'document';
  return (request.headers.get('accept') ?? '').includes('text/html');
}

function keptResponse(answer: SharedAnswer): NextResponse {
  return new NextResponse(answer.body, { headers: { ...answer.headers, 'content-security-policy': policyForPage({ hashes: answer.hashes }) } });
}

/** A client over its render limit, or with too many renders waiting: a short page linking the list without filters. */
function busyAnswer(language: Language, listPath: string, retryAfterSeconds: number): NextResponse {
  return new NextResponse(busyListPage(language, listPath), {
    status: 429,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * A page rendered per request that is the same for everyone (a list with a query): its kept
 * answer, under the hashes of its inline scripts, which costs no render. Any other answer is a
 * render (the proxy's request for an answer to keep, the router's payload relayed, or `render`
 * itself when those failed), counted against the client's limit and rendered in the client's
 * turn: past the limit, or with too many waiting, the client gets a short page that links the
 * list without filters.
 */
async function serveShared(request: NextRequest, canonical: string, language: Language, render: () => NextResponse): Promise<NextResponse> {
  const document = request.method === 'GET' && loadsDocument(request);
  const kept = document ? keptAnswer(canonical) : undefined;
  if (kept) return keptResponse(kept);
  const busy = (retryAfterSeconds: number) => busyAnswer(language, new URL(canonical, request.url).pathname, retryAfterSeconds);
  // Every render takes the client's turn, which ends with the render: the proxy asks its own
  // server for it (a document's answer to keep, or the router's payload, read whole and relayed)
  // and so knows when it ends.
  // The router's prefetch of a list is a guess of where the visitor goes next: rendered only
  // when the client has no render under way, else told there is nothing to prefetch (the router
  // then fetches the page if the visitor does go there).
  const prefetch = !document && (request.headers.get('next-router-prefetch') === '1' || request.headers.has('next-router-segment-prefetch'));
  const ended = await clientRenderTurn(request.headers, { onlyIfIdle: prefetch });
  if (!ended) return prefetch ? new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } }) : busy(1);
  try {
    const { allowed, retryAfterSeconds } = await countListRender(request.headers);
    if (!allowed) return busy(retryAfterSeconds);
    if (!document) {
      // The router's ?_rsc= goes with its headers: Next.js checks one against the other.
      const rsc = request.nextUrl.searchParams.get('_rsc');
      const target = rsc === null ? canonical : `${canonical}${canonical.includes('?') ? '&' : '?'}_rsc=${encodeURIComponent(rsc)}`;
      const relayed = await relayedRender(target, request.headers);
      if (!relayed) return render();
      // A client that asked for no payload got the page itself, rendered without a nonce: it is
      // allowed its inline scripts by their hashes, as a kept answer is.
      if ((relayed.headers.get('content-type') ?? '').startsWith('text/html')) {
        const body = await relayed.text();
        return new NextResponse(body, { status: relayed.status, headers: { ...Object.fromEntries(relayed.headers), 'content-security-policy': policyForPage({ hashes: inlineScriptHashes(body) }) } });
      }
      return new NextResponse(relayed.body, { status: relayed.status, headers: relayed.headers });
    }
    // A map area (?bbox=) is a point of a plane, not a choice of a list: rendered, never kept.
    const answer = await sharedAnswer(canonical, { keep: !new URL(canonical, request.url).searchParams.has('bbox') });
    return answer ? keptResponse(answer) : render();
  } finally {
    ended();
  }
}

/**
 * A browser's request for a prerendered page: the build's file, sent by the proxy itself
 * (prerendered-answers.ts), with the headers Next.js would send; undefined when the page is
 * rendered per request or the request is not a document's.
 */
async function servePrerendered(request: NextRequest, pathname: string): Promise<NextResponse | undefined> {
  if (request.method !== 'GET' || !loadsDocument(request)) return undefined;
  const scripts = pageScripts(pathname);
  if (scripts.nonce !== undefined) return undefined;
  const answer = await prerenderedAnswer(pathname);
  if (!answer) return undefined;
  // The hashes of the bytes sent, from the same read: the file may have been rendered again since pageScripts looked.
  const headers = { 'cache-control': prerenderedCacheControl, vary: prerenderedVary, etag: answer.etag, 'content-security-policy': policyForPage({ hashes: answer.hashes }) };
  if (matchesEtag(request.headers.get('if-none-match'), answer.etag)) return new NextResponse(null, { status: 304, headers });
  return new NextResponse(answer.body, { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * A listing the build did not prerender and Next.js has not rendered yet: rendered for its first
 * document request by the proxy's own request (on-demand-answers.ts), without a nonce, and sent
 * under the hashes of its inline scripts; the file Next.js keeps then serves every later request
 * through servePrerendered. No request for it reaches Next.js with a policy header, the
 * visitor's own included: Next.js would write that nonce into the page it keeps for everyone;
 * only when that render failed does the visitor's page get a nonce of its own (below).
 * A render is counted against the client's limit, as a list's is.
 */
async function serveOnDemand(request: NextRequest, pathname: string, language: Language, listPath: string): Promise<NextResponse> {
  const headers = new Headers(request.headers);
  headers.delete('content-security-policy');
  const passOn = () => {
    const response = intl(new NextRequest(request, { headers }));
    // Without a nonce: Next.js reads one from this answer's policy too, and wrote it into the page
    // it kept (on its stylesheet links). Only a React payload or a HEAD gets here, and only the
    // layout's own script runs under it.
    response.headers.set('content-security-policy', policyForPage({ hashes: pageScripts(pathname).hashes }));
    return response;
  };
  if (isSharedRender(request.headers)) return passOn();
  const busy = (retryAfterSeconds: number) => busyAnswer(language, listPath, retryAfterSeconds);
  const document = request.method === 'GET' && loadsDocument(request);
  const ended = document ? await clientRenderTurn(request.headers) : () => undefined;
  if (!ended) return busy(1);
  try {
    // A request that waited for its turn behind its client's render of this same page gets the
    // file that render left, at no cost.
    const rendered = document ? await servePrerendered(request, pathname) : undefined;
    if (rendered) return rendered;
    const { allowed, retryAfterSeconds } = await countListRender(request.headers);
    if (!allowed) return busy(retryAfterSeconds);
    const answer = document ? await onDemandAnswer(pathname) : undefined;
    if (answer) return keptResponse(answer);
    // The render failed (its data, say): the visitor's own render most likely shows the error
    // page, whose scripts need a nonce of their own. Should it succeed this time, the page Next.js
    // keeps carries that nonce in its attributes, but no later policy names it: a kept page is
    // served under its hashes.
    return document ? servePage(request, pathname, (forwarded) => intl(new NextRequest(request, { headers: forwarded ?? headers }))) : passOn();
  } finally {
    ended();
  }
}

async function route(request: NextRequest): Promise<NextResponse> {
  // A page takes a post only as a server action: posted from another site, by fetch (Next-Action)
  // or as a plain form without JavaScript (its $ACTION_ID_ fields), it is refused here with a 403,
  // where Next.js would throw a 500 (or a TypeError on an empty Origin).
  if ((request.headers.has('next-action') || !readOnly.has(request.method)) && !isSameOrigin(request)) {
    return new NextResponse('Forbidden', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const { pathname } = request.nextUrl;
  // The router's cache key of a React payload request (?_rsc=), which the proxy sees since it
  // takes the URL unnormalised (next.config skipProxyUrlNormalize): no parameter of the page's,
  // so it must not make a list's query look unknown (a 308) or a new page to render.
  const searchParams = new URLSearchParams(request.nextUrl.searchParams);
  searchParams.delete('_rsc');
  const query = searchParams.toString();
  const search = query ? `?${query}` : '';
  const enabled = getEnabledLanguages();
  const language = detectLanguage({
    query: searchParams.get('lng'),
    cookie: request.cookies.get(languageCookie)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    enabled,
    fallback: getDefaultLanguage(),
  });
  // Only an explicit choice (?lng=, which the language switcher adds) is written to the cookie; a
  // language detected from the browser is detected again next time, so a changed browser setting
  // is followed, and a prerendered page's answer carries no cookie that would keep a CDN from caching it.
  const requested = searchParams.get('lng');
  const chosen = requested && isSupportedLanguage(requested) && enabled.includes(requested) ? requested : undefined;
  const redirectTo = (target: string, status = 307) => {
    const response = NextResponse.redirect(new URL(target, request.url), status);
    // The target's language came from these headers: a shared cache must not hand one visitor's
    // redirect to another.
    response.headers.set('vary', languageVary);
    return chosen ? remember(response, chosen) : response;
  };

  const first = pathname.split('/').filter(Boolean)[0];
  if (first === undefined) return redirectTo(`/${language}/${withoutLng(search)}`);

  // A path Next.js cannot decode (%ff, overlong UTF-8) would fail in its router with a 500 even
  // after a rewrite, so the proxy answers it itself with the prerendered 404 page.
  if (!decodable(pathname)) {
    const render = notFoundPath(isSupportedLanguage(first) && enabled.includes(first) ? first : language);
    const page = await prerenderedAnswer(render);
    return new NextResponse(page?.body ?? 'Not Found', {
      status: 404,
      headers: { 'content-type': page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8', 'content-security-policy': policyForPage(page ? { hashes: page.hashes } : pageScripts(render)) },
    });
  }

  // An upper-case language prefix (/EN/for-sale/, /Nl): the same path under the lower-case one
  // (spec §2, the first two characters are the language), put right in one hop where the rest of
  // the path is another spelling of a page too.
  const lower = first.toLowerCase();
  if (lower !== first && isSupportedLanguage(lower)) {
    const path = `/${lower}${pathname.slice(pathname.indexOf(first) + first.length) || '/'}`;
    const check = enabled.includes(lower) ? checkPath(path, search) : undefined;
    return redirectTo(`${check?.kind === 'redirect' ? check.to : path}${search}`, 308);
  }

  const legacy = legacyAnswer(pathname, search, language);
  if (legacy?.kind === 'redirect') return redirectTo(legacy.to, 308);
  if (legacy?.kind === 'not-found') {
    return servePage(request, legacy.render, (headers) => NextResponse.rewrite(new URL(legacy.render, request.url), { status: 404, request: headers && { headers } }));
  }

  // A path outside any language (a probe for /wp-login.php, an old bookmark): the same path under
  // the visitor's language, where it is a page or a localised 404.
  if (!isSupportedLanguage(first)) return redirectTo(`/${language}${pathname}${search}`);

  // A language the site supports but has switched off: send the visitor to the same page in
  // the detected language rather than to a 404.
  if (!enabled.includes(first)) return redirectTo(translateUrl(pathname, search, language));

  // ?lng= on a localised page switches to that language (or stays) and remembers it; a list's
  // filters follow, its town in the chosen language.
  if (chosen) return redirectTo(translateUrl(pathname, search, chosen));

  const check = checkPath(pathname, search);
  if (check.kind === 'redirect') return NextResponse.redirect(new URL(check.to + search, request.url), 308);
  // Unknown URLs are answered here, with the 404 status and the page's language, rather than
  // by notFound() in a page: Next.js 16 then serves an empty error shell whose content only
  // appears once JavaScript runs. The rewritten route renders the localised not-found content.
  if (check.kind === 'not-found') {
    return servePage(request, check.render, (headers) => NextResponse.rewrite(new URL(check.render, request.url), { status: 404, request: headers && { headers } }));
  }
  const { route: page, language: routeLanguage } = check.resolved;
  const rewriteTo = (target: string) => servePage(request, target, (headers) => NextResponse.rewrite(new URL(target, request.url), { request: headers && { headers } }));
  // A page rendered per request (a list with a query, the owner portal, a confirmation link) is
  // served by its internal route; the page kind says which (lib/pages).
  const perRequest = renderedAt(page, routeLanguage, search);
  if (perRequest) {
    // The proxy's own request for an answer to keep: rendered without a nonce, since the kept
    // copy is served under the hashes of its scripts.
    if (isSharedRender(request.headers)) return NextResponse.rewrite(new URL(perRequest, request.url));
    // A query written otherwise than the page's own links write it (a figure between the steps,
    // an unknown town, a page past the last, another order, a parameter the list does not read):
    // sent to that spelling before any render, so that the URLs rendered per request are the
    // finite set of the list's choices.
    const canonical = canonicalHref(page, routeLanguage);
    if (canonical !== undefined && new URL(canonical, request.url).search !== search) return NextResponse.redirect(new URL(canonical, request.url), 308);
    if (isSharedAnswer(page, routeLanguage, search)) return serveShared(request, href(page, routeLanguage), routeLanguage, () => rewriteTo(perRequest));
    return rewriteTo(perRequest);
  }
  // A form posted without JavaScript came back with errors: the page shows it filled in, per request.
  if (isDraftId(searchParams.get(draftParam))) return rewriteTo(formDraftPath(routeLanguage, pathname, search));

  if (page.page === 'property' && prerenderedScriptHashes(pathname) === undefined) {
    return serveOnDemand(request, pathname, routeLanguage, href({ page: getListing(page.id, routeLanguage)?.goal === 'rent' ? 'for-rent' : 'for-sale' }, routeLanguage));
  }
  return (await servePrerenderedUnlessReload(request, pathname)) ?? servePage(request, pathname, (headers) => intl(headers ? new NextRequest(request, { headers }) : request));
}

/**
 * The catalogue reload's own request for a page it revalidated (lib/server/catalogue-reload.ts)
 * goes to Next.js, which renders the page again and writes it to its route cache; the file the
 * proxy would send is the stale one.
 */
async function servePrerenderedUnlessReload(request: NextRequest, pathname: string): Promise<NextResponse | undefined> {
  return fromThisProcess(request.headers) ? undefined : servePrerendered(request, pathname);
}

export default async function proxy(request: NextRequest): Promise<NextResponse> {
  const response = await route(request);
  if (!response.headers.has('content-security-policy')) response.headers.set('content-security-policy', resourcePolicy);
  return response;
}

export const config = {
  // Every path but API routes, Next.js internals and the public files: an unknown URL of any shape
  // (with a dot, an odd encoding) gets its localised 404 here and is never rendered on demand.
  matcher: ['/((?!api/|_next/|_vercel/|catalogue/|images/|maps/|icon\\.svg$|robots\\.txt$|sitemap\\.xml$).*)'],
};
