import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BoundedCache } from '../cache/bounded-cache';
import { servedCatalogue } from '../catalogue/load';
import { inlineScriptHashes } from './inline-scripts';

/*
 * Answers that Next.js renders per request but that are the same for every visitor (a list with
 * a query, lib/pages `sharedAnswer`), kept in memory by the proxy so that a repeated query costs
 * what a prerendered page costs instead of a render.
 *
 * A page rendered per request is allowed its inline scripts by a fresh nonce, which a kept answer
 * cannot carry: a nonce served twice is no nonce. So a kept answer is rendered without one, and
 * served, like a prerendered page, under the hashes of its inline scripts. To get that answer the
 * proxy asks its own server for the same URL, marked with a token that only this process knows,
 * and the proxy renders a marked request without a nonce. A client cannot forge the mark, so no
 * visitor gets a page without a nonce that is not also kept and hashed.
 *
 * Every kept answer depends on the whole catalogue (counts, filters, order), so the cache is kept
 * for one catalogue: when the process serves another (a reload, lib/server/catalogue-reload.ts)
 * it is emptied, and a render begun before answers its visitor but is not kept. Within one
 * catalogue the URL is the key. It is bounded in bytes and drops the least recently used answers.
 */

export type SharedAnswer = { body: string; hashes: readonly string[]; headers: Record<string, string> };

/** Request header that marks the proxy's own request for an answer to keep. */
export const sharedRenderHeader = 'x-agency-shared-render';
const token = randomBytes(32).toString('base64url');

const maxBytes = 32 * 1024 * 1024;
/** A larger answer is served but not kept: it would push out dozens of ordinary ones. */
const maxAnswerBytes = 1024 * 1024;
const renderTimeoutMs = 20_000;
/** The response headers of the rendered answer that a kept copy repeats. */
const keptHeaders = ['content-type', 'cache-control', 'vary'];

// A string's UTF-16 code units: what it weighs in memory, near enough.
const answers = new BoundedCache<string, SharedAnswer>(maxBytes, (answer) => answer.body.length * 2, maxAnswerBytes);
const rendering = new Map<string, Promise<SharedAnswer | undefined>>();

/** The catalogue the kept answers were rendered from: the reload swaps the object, never edits it. */
let keptFor: object | undefined;

/** Empties the cache when the process serves another catalogue than its answers were rendered from. */
function currentCatalogue(): object | undefined {
  const served = servedCatalogue();
  if (served !== keptFor) {
    answers.clear();
    rendering.clear();
    keptFor = served;
  }
  return served;
}

/** Whether a request is the proxy's own request for an answer to keep. */
export function isSharedRender(headers: Headers): boolean {
  const mark = headers.get(sharedRenderHeader);
  if (mark === null || mark.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(mark), Buffer.from(token));
}

/**
 * Where this server listens, as `next start` records it for its own use (the host it was started
 * with, or localhost). Never taken from the request: its Host header is the client's to choose.
 */
function ownOrigin(): string | undefined {
  return process.env.__NEXT_PRIVATE_ORIGIN || undefined;
}

/**
 * A site path (and query) on this server, or undefined when there is no server to ask (a unit
 * test, a script: no `next start`) or the path is not one of this site's.
 */
export function ownUrl(pathAndQuery: string): URL | undefined {
  const origin = ownOrigin();
  if (origin === undefined || !pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//')) return undefined;
  return new URL(pathAndQuery, origin);
}

/**
 * This server's answer to its own request for `url`, marked with the process's token (rendered
 * without a nonce, never counted against a client). A connection of its own that closes with the
 * answer: a stopping server waits for every open connection, and a kept-alive one whose client is
 * this same process was never closed (a server stopped during list renders was still running 30 s
 * after SIGTERM).
 */
function askOwnServer(url: string | URL, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { headers: { ...headers, [sharedRenderHeader]: token, connection: 'close' }, redirect: 'manual', signal: AbortSignal.timeout(renderTimeoutMs) });
}

/** The answer this server gives its own marked request for `url`: rendered without a nonce, with the hashes of its inline scripts. */
export async function render(url: string): Promise<SharedAnswer | undefined> {
  try {
    const response = await askOwnServer(url, { accept: 'text/html' });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html')) {
      await response.body?.cancel();
      return undefined;
    }
    const body = await response.text();
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    return { body, hashes: inlineScriptHashes(body), headers };
  } catch {
    // The server is stopping, or the render failed or took too long: the visitor gets the page
    // rendered for them instead.
    return undefined;
  }
}

/** The kept answer of a canonical URL, if it is kept now: what serving it costs is no render. */
export function keptAnswer(pathAndQuery: string): SharedAnswer | undefined {
  currentCatalogue();
  return answers.get(pathAndQuery);
}

/**
 * The kept answer of a canonical URL (path and query), rendered now if it is not kept yet; one
 * render at a time per URL however many visitors ask. Undefined when it cannot be had (the render
 * failed or did not answer 200): the caller renders the page for its visitor as usual.
 * `keep: false`: rendered the same way (no nonce, served under its hashes) but not kept, for a
 * query of a space too large to cache (a map area): new areas would push out every visitor's
 * kept lists, whose next visits would each cost a render again.
 */
export async function sharedAnswer(pathAndQuery: string, { keep = true }: { keep?: boolean } = {}): Promise<SharedAnswer | undefined> {
  const catalogue = currentCatalogue();
  const kept = answers.get(pathAndQuery);
  if (kept) return kept;
  const url = ownUrl(pathAndQuery);
  if (url === undefined) return undefined;
  const pending = rendering.get(pathAndQuery);
  if (pending) return pending;
  const rendered: Promise<SharedAnswer | undefined> = render(url.href).then((answer) => {
    if (rendering.get(pathAndQuery) === rendered) rendering.delete(pathAndQuery);
    // Rendered, at least in part, from the catalogue served before: its visitor gets it, nobody after.
    if (answer && keep && currentCatalogue() === catalogue) answers.set(pathAndQuery, answer);
    return answer;
  });
  rendering.set(pathAndQuery, rendered);
  return rendered;
}

/*
 * The request headers of Next.js's router that say which payload it wants (a page's React
 * payload, a prefetch, a segment): the proxy sees them (next.config skipProxyUrlNormalize) and
 * passes them on when it asks its server for a payload.
 */
const routerHeaders = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'accept'];
/** Response headers that belong to the connection, or to a body fetch() has already decoded. */
const unrelayedHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

/**
 * A render asked for by a request that is no document's (the router's payload of a list with a
 * query): the proxy asks its own server for it, as for an answer to keep, and passes the answer
 * on, so that the client's turn ends with the render itself. The payload is read whole first (a
 * list's is tens of kB): a turn that waited for the visitor to read a stream would stay taken by a
 * prefetch the router dropped. Undefined when there is no server to ask or it did not answer.
 */
export async function relayedRender(pathAndQuery: string, headers: Headers): Promise<Response | undefined> {
  const url = ownUrl(pathAndQuery);
  if (url === undefined) return undefined;
  const forwarded: Record<string, string> = {};
  for (const name of routerHeaders) {
    const value = headers.get(name);
    if (value !== null) forwarded[name] = value;
  }
  try {
    const response = await askOwnServer(url, forwarded);
    const body = await response.arrayBuffer();
    const relayed = new Headers();
    response.headers.forEach((value, name) => {
      // The server's own rewrite headers (x-middleware-rewrite, relative for the router): sent on
      // by the proxy, Next.js would take them for a rewrite of the proxy's.
      if (!unrelayedHeaders.has(name) && !name.startsWith('x-middleware-')) relayed.set(name, value);
    });
    return new Response(response.status === 204 || response.status === 304 ? null : body, { status: response.status, headers: relayed });
  } catch {
    return undefined;
  }
}
