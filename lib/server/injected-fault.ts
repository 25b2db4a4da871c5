import { cookies } from 'next/headers';

/** The cookie a browser test sets to make one page's data fail (tests/e2e/error-page.spec.ts). */
const faultCookie = 'e2e-fault';

/**
 * Browser tests only: on a server started with E2E_FAULTS=1 (tests/e2e/deployments.ts), a request
 * carrying the cookie e2e-fault=<page> fails where that page reads its data, so that a test sees
 * the site's error page of a real failure. Any other server never reads the cookie. Only for pages
 * rendered per request: reading a cookie would make a prerendered page per request.
 */
export async function failIfInjected(page: 'compare'): Promise<void> {
  if (process.env.E2E_FAULTS !== '1') return;
  if ((await cookies()).get(faultCookie)?.value === page) throw new Error(`[e2e] the ${page} page's data failed on purpose`);
}

/**
 * Browser tests only: a server started with E2E_FAULTS=1 and E2E_FAULTY_PAGES naming pages
 * (`list`: every filtered list; `listing-<id>`: the page of one listing) fails where those pages
 * read their data, as they do when the catalogue fails at a visitor's request. For the pages a
 * cookie cannot reach: a listing rendered at its first request and then kept (a prerendered page
 * reads no cookie), and a filtered list, which the proxy renders for every visitor at once
 * (lib/security/shared-answers.ts) without any visitor's cookie. Never at build time.
 */
export function failIfConfigured(page: 'list' | `listing-${number}`): void {
  if (process.env.E2E_FAULTS !== '1' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const named = (process.env.E2E_FAULTY_PAGES ?? '').split(',');
  if (named.includes(page)) throw new Error(`[e2e] the ${page} page's data failed on purpose`);
}
