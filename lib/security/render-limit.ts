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
 * A client's renders one after the other (per process): within its minute's allowance a client
 * sending four new queries at once took both cores of a small server, and an unrelated page waited
 * up to 945 ms. A render waits for the one its client has under way; visitors behind one address
 * (an office, a carrier's NAT) are served in turn, not refused. Past a few waiting, the client is
 * refused like one over the limit, at no cost.
 */
const defaultWaitingPerClient = 4;
/** RENDER_QUEUE_PER_CLIENT: how many of a client's renders may wait for its turn (tests raise it: all their browsers are one address). */
const waitingPerClient = () => Number(process.env.RENDER_QUEUE_PER_CLIENT) || defaultWaitingPerClient;
const turns = new Map<string, { tail: Promise<void>; queued: number }>();

/**
 * Waits for the request's client's turn to render; resolves to the function that ends its turn,
 * or to undefined at once when too many of its renders wait already. `onlyIfIdle`: undefined at
 * once unless the client has no render under way (a prefetch, which must never make the
 * client's own page loads wait or be refused).
 */
export async function clientRenderTurn(headers: Headers, { onlyIfIdle = false }: { onlyIfIdle?: boolean } = {}): Promise<(() => void) | undefined> {
  const client = clientAddress(headers);
  const current = turns.get(client) ?? { tail: Promise.resolve(), queued: 0 };
  if (current.queued > (onlyIfIdle ? 0 : waitingPerClient())) return undefined;
  let end = () => undefined as void;
  const mine = new Promise<void>((resolve) => (end = resolve));
  const before = current.tail;
  current.tail = before.then(() => mine);
  current.queued += 1;
  turns.set(client, current);
  await before;
  return () => {
    current.queued -= 1;
    if (current.queued === 0) turns.delete(client);
    end();
  };
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
