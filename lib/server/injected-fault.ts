import { cookies } from 'next/headers';

/** The cookie a browser test sets to make one page's data fail (tests/e2e/error-page.spec.ts). */
const faultCookie = 'e2e-fault';

/**
 * Browser tests only: on a server started with E2E_FAULTS=1 (tests/e2e/deployments.ts), a request
 * carrying the cookie e2e-fault=<page> fails where that page reads its data, so that a test sees
 * the site's error page of a real failure. Any other server never reads the cookie.
 */
export async function failIfInjected(page: 'compare'): Promise<void> {
  if (process.env.E2E_FAULTS !== '1') return;
  if ((await cookies()).get(faultCookie)?.value === page) throw new Error(`[e2e] the ${page} page's data failed on purpose`);
}
