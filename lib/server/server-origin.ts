/*
 * NextRequest reports a loopback host (127.0.0.1, [::1]) as "localhost", so the URLs the proxy
 * builds on request.url name localhost. `next start -H 127.0.0.1` compares a rewrite with the
 * origin it listens on, 127.0.0.1: a rewrite to localhost was then an external URL, which Next.js
 * proxied to itself in a loop until it failed (500, "Failed to proxy http://localhost:…"), and the
 * looping self-connections kept a stopping server from exiting. A redirect's Location stayed
 * absolute on the wrong host too. Every other address (a LAN address, 0.0.0.0, [::]) reaches the
 * proxy as it is.
 */

const rewrittenHeaders = ['x-middleware-rewrite', 'location'];

/**
 * The origin `next start` listens on, as it records it for its own use, when the proxy sees it
 * as localhost although it is not (an address of the loopback).
 */
function loopbackOrigin(): URL | undefined {
  const recorded = process.env.__NEXT_PRIVATE_ORIGIN;
  if (!recorded) return undefined;
  try {
    const origin = new URL(recorded);
    return origin.hostname === 'localhost' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The response with its rewrite and redirect targets on the server's own origin, where the proxy named it localhost. */
export function withServerOrigin<T extends Response>(response: T, requested: URL): T {
  const own = loopbackOrigin();
  if (!own || requested.hostname !== 'localhost' || requested.port !== own.port) return response;
  for (const name of rewrittenHeaders) {
    const value = response.headers.get(name);
    if (value === null) continue;
    let target: URL;
    try {
      target = new URL(value);
    } catch {
      continue;
    }
    if (target.origin !== requested.origin) continue;
    target.protocol = own.protocol;
    target.host = own.host;
    response.headers.set(name, target.href);
  }
  return response;
}
