/*
 * The two ways the site is deployed: the server build (`next start`), and the static export
 * (`npm run export`), which is a build with NEXT_PUBLIC_STATIC_EXPORT=1 copied into out/.
 * Both switches are inlined into the browser bundles at build time, so they are read as
 * literal `process.env.NEXT_PUBLIC_…` expressions. Pure: safe in client components.
 */

/** Whether this build is the one `npm run export` copies to a static host. */
export function isStaticExport(): boolean {
  return process.env.NEXT_PUBLIC_STATIC_EXPORT === '1';
}

/** The server deployment that takes requests for a static export, without a trailing slash. */
export function apiOrigin(): string | undefined {
  const origin = process.env.NEXT_PUBLIC_API_ORIGIN?.trim().replace(/\/+$/, '');
  return origin ? origin : undefined;
}

/**
 * Where a path only a server can answer lives (form posts, captcha, viewing times, the owner
 * login): the same origin in the server build; the API origin in a static export; undefined when
 * an export has no API origin, and the caller then says the feature is unavailable.
 */
export function serverUrl(path: string): string | undefined {
  if (!isStaticExport()) return path;
  const origin = apiOrigin();
  return origin === undefined ? undefined : `${origin}${path}`;
}
