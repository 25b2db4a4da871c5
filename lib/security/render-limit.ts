import type { Language } from '../config';
import { escapeHtml } from '../html/escape';
import { translatorFor } from '../i18n/messages';
import { clientAddress } from './client-address';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/*
 * Renders per client of the pages the server draws per request for anyone (a list with a query):
 * a render costs a few hundred times what a kept or prerendered answer costs, so without a bound
 * one client sending new query values takes the CPU from every other visitor (issue 35). Only a
 * render counts: the proxy serves a kept answer without asking, and its own request for an
 * answer to keep is never counted.
 */

const windowMs = 60_000;
let listRenders: RateLimiter | undefined;

/** Counts one list render for the request's client (LIST_RENDER_LIMIT a minute, 30 by default). */
export function countListRender(headers: Headers) {
  listRenders ??= createRateLimiter({ name: 'list-renders', limit: Number(process.env.LIST_RENDER_LIMIT) || 30, windowMs });
  return listRenders.hit(clientAddress(headers));
}

/*
 * A client's renders one at a time (per process): within its minute's allowance a client sending
 * four new queries at once took both cores of a small server at once, and an unrelated page waited
 * up to 945 ms. A second render for a client that has one under way is refused like one over the
 * limit, and costs nothing.
 */
const rendering = new Set<string>();

/** Marks a render of the request's client as under way; undefined when it has one already. The caller calls the result when it ends. */
export function startClientRender(headers: Headers): (() => void) | undefined {
  const client = clientAddress(headers);
  if (rendering.has(client)) return undefined;
  rendering.add(client);
  return () => rendering.delete(client);
}

/** The short page a client over the limit gets instead of a render: no script, no style, the list without filters one link away. */
export function busyListPage(language: Language, listPath: string): string {
  const t = translatorFor(language, 'errors');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t('busyTitle'))}</title></head>
<body><main><h1>${escapeHtml(t('busyTitle'))}</h1><p>${escapeHtml(t('busyText'))}</p>
<p><a href="${escapeHtml(listPath)}">${escapeHtml(t('busyLink'))}</a></p></main></body></html>`;
}
