import { subscribe } from 'node:diagnostics_channel';
import type { Server } from 'node:http';

/*
 * Time bounds for a request's headers and whole body on the server `next start` creates (issue 35:
 * a slow body was held for Node's default 300 s). Next.js gives no option for them, and the server
 * is made before instrumentation runs, so it is found on Node's 'http.server.request.start'
 * channel, which names it in every request's message, and set once. Node checks these bounds on
 * every connection every 30 s (connectionsCheckingInterval), so a request over its bound is closed
 * with 408 within that much more. A body read by the site's own routes has a shorter deadline of
 * its own (lib/security/read-body.ts).
 */

const defaultRequestTimeoutMs = 60_000;
/** Headers are a few hundred bytes: any client sends them within a second. */
const headersTimeoutMs = 10_000;

/** REQUEST_TIMEOUT_MS: how long a request's headers and body may take to arrive. */
export function requestTimeoutMs(value = process.env.REQUEST_TIMEOUT_MS): number {
  if (value === undefined || value.trim() === '') return defaultRequestTimeoutMs;
  const ms = Number(value);
  // 0 would be Node's "no bound at all", the very thing this is for.
  if (!Number.isInteger(ms) || ms < 1_000 || ms > 3_600_000) throw new Error(`REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000 (got "${value}")`);
  return ms;
}

type Bounded = Pick<Server, 'requestTimeout' | 'headersTimeout'>;

const isBounded = (server: unknown): server is Bounded =>
  typeof server === 'object' && server !== null && typeof Reflect.get(server, 'requestTimeout') === 'number' && typeof Reflect.get(server, 'headersTimeout') === 'number';

const installed = Symbol.for('immo-hainaut.request-timeouts');

/** Bounds every HTTP server of this process at its first request. Once per process. */
export function boundRequestTimes(): void {
  const requestMs = requestTimeoutMs();
  if (Reflect.get(globalThis, installed) === true) return;
  Reflect.set(globalThis, installed, true);
  const seen = new WeakSet<object>();
  subscribe('http.server.request.start', (message) => {
    const server: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'server') : undefined;
    if (!isBounded(server) || seen.has(server)) return;
    seen.add(server);
    server.requestTimeout = requestMs;
    server.headersTimeout = Math.min(headersTimeoutMs, requestMs);
  });
}
