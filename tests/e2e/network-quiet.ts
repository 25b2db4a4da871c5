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
      if (Date.now() - started > timeout) {
        const names = [...open].map(([request, since]) => `${request.method()} ${request.url()} (${request.resourceType()}, open ${Date.now() - since} ms)`);
        throw new Error(`${page.url()}: requests still open after ${timeout} ms: ${names.join('; ') || 'none, but never 500 ms without a new one'}`);
      }
      await page.waitForTimeout(100);
    }
  };
}
