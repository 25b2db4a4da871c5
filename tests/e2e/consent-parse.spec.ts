import { createServer, request, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { href } from '@/lib/pages';
import { messages, sitePort } from './forms-helpers';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';

/*
 * The consent dialog sits at the bottom of a phone's screen, first in the document. A phone that
 * paints before the HTML has all come (a slow CPU, a slow network) painted the dialog as far as it
 * had parsed it, then grew it upwards as its buttons came: a layout shift of 0.29 on a first visit
 * (the phone bench saw it once in a dozen throttled runs of the list). Here the page comes through
 * a loopback relay that stops in the middle of the dialog's markup and sends the rest only once
 * the browser has painted what it has; nothing may move.
 */

const site = `http://localhost:${sitePort}`;
let relay: Server;
let relayOrigin = '';
// The rest of the page being relayed, sent when the test says.
let releaseRest: () => void = () => undefined;

/** Everything as the site answers it, except a document's body: sent in two parts, cut after the dialog's text, the second when releaseRest is called. */
function startRelay(): Promise<void> {
  relay = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: `localhost:${sitePort}`, 'accept-encoding': 'identity' };
    const upstream = request(`${site}${incoming.url ?? '/'}`, { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      const isPage = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!isPage) {
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const page = Buffer.concat(chunks).toString('utf8');
        const dialog = page.indexOf('role="dialog"');
        const cut = dialog < 0 ? -1 : page.indexOf('</p>', dialog);
        if (cut < 0) {
          outgoing.end(page);
          return;
        }
        outgoing.write(page.slice(0, cut + '</p>'.length));
        releaseRest = () => outgoing.end(page.slice(cut + '</p>'.length));
      });
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((listening) =>
    relay.listen(0, '127.0.0.1', () => {
      const address = relay.address();
      relayOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      listening();
    }),
  );
}

/** Resolves once the browser has drawn two more frames. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));

test.beforeAll(startRelay);
test.afterAll(() => new Promise<void>((closed) => relay.close(() => closed())));

for (const language of ['nl', 'fr', 'en'] as const) {
  test(`the consent dialog shows whole or not at all while a phone's page loads, in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The driver's waits count as input to Chromium (hadRecentInput); no visitor touches this page.
    await watchLayoutShifts(page, { evenAfterInput: true });
    await page.goto(`${relayOrigin}${href({ page: 'for-sale' }, language)}`, { waitUntil: 'commit' });
    // The dialog's title is parsed, the stylesheets have come and the browser has drawn two frames
    // since: what it had is on the screen.
    await page.locator('[role="dialog"] h2').waitFor({ state: 'attached' });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
    await twoFrames(page);
    releaseRest();
    const dialog = page.getByRole('dialog', { name: messages[language].consent.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: messages[language].consent.decline })).toBeVisible();
    await page.waitForLoadState('load');
    // The observer hears of a frame's shifts after the frame.
    await twoFrames(page);
    expect(await layoutShifts(page)).toEqual([]);
    await context.close();
  });
}
