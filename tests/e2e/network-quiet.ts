import type { Page, Request } from '@playwright/test';

/*
 * Waits until a page has had no request open for 500 ms, counting the requests the page reports
 * (request, then requestfinished or requestfailed), and fails naming those still open. It stands
 * for Playwright's waitForLoadState('networkidle'), which its authors discourage and which, in
 * CI on 2026-11-28 and once in nine local runs, never resolved on a listing page of the catalogue
 * crawl: a two-minute test timeout that named no request. Create it before the first navigation
 * it is to watch:
 *
 *   const quiet = networkQuiet(page);
 *   await page.goto(url);
 *   await quiet();
 */
export function networkQuiet(page: Page): (timeout?: number) => Promise<void> {
  const open = new Map<Request, number>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    open.set(request, Date.now());
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (timeout = 30_000) => {
    const started = Date.now();
    while (open.size > 0 || Date.now() - lastChange < 500) {
      const long = [...open].filter(([, since]) => Date.now() - since > 2000).map(([request]) => request);
      if (long.length > 0) {
        // CI once named a script the page had asked for 30 s before (2026-12-06, the login page's
        // form code): a request whose end the driver never reported, or one the server never
        // answered. The page's own record tells them apart; what it has loaded is not open.
        const loaded = await loadedByPage(page, long);
        for (const request of long) if (loaded.get(request.url()) !== undefined) done(request);
      }
      if (Date.now() - started > timeout) {
        const loaded = await loadedByPage(page, [...open.keys()]);
        const names = [...open].map(
          ([request, since]) =>
            `${request.method()} ${request.url()} (${request.resourceType()}, open ${Date.now() - since} ms, ${describeTiming(request)}, page's record: ${loaded.get(request.url()) ?? 'none'})`,
        );
        throw new Error(`${page.url()}: requests still open after ${timeout} ms: ${names.join('; ') || 'none, but never 500 ms without a new one'}`);
      }
      await page.waitForTimeout(100);
    }
  };
}

/** For each URL the page's Resource Timing has finished, how long it took ("412 ms"). */
async function loadedByPage(page: Page, requests: Request[]): Promise<Map<string, string>> {
  const urls = [...new Set(requests.map((request) => request.url()))];
  const finished = await page
    .evaluate((wanted) => {
      const entries = performance.getEntriesByType('resource').filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming);
      return wanted.flatMap((url) => {
        const entry = entries.find((candidate) => candidate.name === url && candidate.responseEnd > 0);
        return entry ? [[url, `${Math.round(entry.responseEnd - entry.startTime)} ms`] as const] : [];
      });
    }, urls)
    // The page may be navigating: then it has no record to read yet.
    .catch(() => []);
  return new Map(finished);
}

/** Where the request got to, from the driver's timing (-1: not reached). */
function describeTiming(request: Request): string {
  const { requestStart, responseStart, responseEnd } = request.timing();
  return `sent ${Math.round(requestStart)}, first byte ${Math.round(responseStart)}, end ${Math.round(responseEnd)} ms`;
}
