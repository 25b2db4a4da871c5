import { randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A secret that only this server process knows, for its requests to itself (the catalogue
 * reload's revalidation and re-renders, lib/server/catalogue-reload.ts). Next.js bundles the
 * instrumentation, the proxy and each route apart, each with its own copy of a module, so the
 * token lives in a process-wide slot: a module variable would differ between the one that sends
 * it and the one that checks it.
 */

/** Request header that carries the token. */
export const processTokenHeader = 'x-agency-process';

declare global {
  var agencyProcessToken: string | undefined;
}

export function processToken(): string {
  globalThis.agencyProcessToken ??= randomBytes(32).toString('base64url');
  return globalThis.agencyProcessToken;
}

/** Whether a request comes from this process itself: a client cannot know the token. */
export function fromThisProcess(headers: Headers): boolean {
  const given = headers.get(processTokenHeader);
  const token = processToken();
  if (given === null || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}
