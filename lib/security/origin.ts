/** The first entry of a header a proxy may have written as a list. */
const firstEntry = (value: string | null) => value?.split(',')[0]?.trim() || undefined;

/**
 * A browser always says where a POST comes from (Origin, or Sec-Fetch-Site). A request from
 * another site is refused; a request without either header is not from a browser, so it cannot
 * ride on a visitor's cookies and may pass. An Origin that is empty or no URL is foreign.
 *
 * The site's own origin is the host the visitor asked for: X-Forwarded-Host and -Proto, which
 * the server keeps only from a trusted proxy (lib/security/client-address.ts) and otherwise fills
 * from the request itself. Behind TLS at the proxy the scheme then counts too, so that a page
 * served over plain http on the same host cannot post as the https site.
 */
export function isSameOrigin(request: Request, extraOrigins: readonly string[] = []): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (extraOrigins.includes(origin)) return true;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    // 'null' (a sandboxed frame, a redirect across sites) and anything but a web origin.
    if (parsed.origin === 'null' || parsed.host === '') return false;
    const host = firstEntry(request.headers.get('x-forwarded-host')) ?? request.headers.get('host');
    const scheme = firstEntry(request.headers.get('x-forwarded-proto'));
    return parsed.host === host && (scheme === undefined || parsed.protocol === `${scheme}:`);
  }
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export function allowedOrigins(): string[] {
  return (process.env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/**
 * CORS headers for a request from one of ALLOWED_ORIGINS (an exported copy of the site posting
 * to this server), or none: the browser then keeps the answer from the other page's script.
 */
function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin || !allowedOrigins().includes(origin)) return {};
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/** The same response with corsHeaders(request) added. */
export function withCors(request: Request, response: Response): Response {
  for (const [name, value] of Object.entries(corsHeaders(request))) response.headers.set(name, value);
  return response;
}

/** The answer to a CORS preflight (a JSON post from an allowed origin asks first). */
export function preflight(request: Request, methods: string): Response {
  const headers = corsHeaders(request);
  if (!headers['access-control-allow-origin']) return new Response(null, { status: 403 });
  return new Response(null, {
    status: 204,
    headers: { ...headers, 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type, accept', 'access-control-max-age': '600' },
  });
}

/** The origin of a browser request coming from one of ALLOWED_ORIGINS, where its visitor should land afterwards. */
export function allowedOtherOrigin(request: Request): string | undefined {
  const origin = request.headers.get('origin');
  return origin && allowedOrigins().includes(origin) ? origin : undefined;
}
