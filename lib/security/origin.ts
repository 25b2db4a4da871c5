/**
 * A browser always says where a POST comes from (Origin, or Sec-Fetch-Site). A request from
 * another site is refused; a request without either header is not from a browser, so it cannot
 * ride on a visitor's cookies and may pass.
 */
export function isSameOrigin(request: Request, extraOrigins: readonly string[] = []): boolean {
  const origin = request.headers.get('origin');
  if (origin) {
    if (origin === 'null') return false;
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return false;
    }
    return originHost === host || extraOrigins.includes(origin);
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
