// node tooling/bench/bench-lighthouse.mjs <chrome-port> [--cpu4] <url>...
//
// Lighthouse mobile on each URL in turn, with Debian's Chromium, printing one JSON line per URL.
// By default with Lighthouse's own simulated throttling (its score): { url, performance,
// accessibility, bestPractices, seo, lcpMs, cls }. With --cpu4, a real trace with the CPU slowed
// four times by DevTools and no network throttling: { url, mainThreadMs, tbtMs, cls, hydratedMs,
// breakdown }, and `shifts`, what moved, when CLS is above 0.
// hydratedMs being when React had hydrated the page (window.__NEXT_HYDRATED_AT, which a build
// made with __NEXT_TEST_MODE=1 sets). { url, error } when a URL fails. Plain JavaScript run by
// node, not tsx: Lighthouse sends some of its own functions to the browser as source text, and
// tsx's transform of them refers to a helper the page does not have. Used by the benches under
// tooling/bench; Chromium is stopped on every exit.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [port, ...rest] = process.argv.slice(2);
const cpu4 = rest.includes('--cpu4');
const urls = rest.filter((argument) => argument !== '--cpu4');
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  port: Number(port),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--ignore-certificate-errors'],
});
const stopChrome = () => {
  try {
    chrome.kill();
  } catch {
    // Already gone.
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopChrome();
    process.exit(130);
  });
}

const simulated = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
const throttled = {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  throttlingMethod: 'devtools',
  throttling: { cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
};

async function run(url, page) {
  let result;
  // A loaded machine sometimes loses the trace (NO_NAVSTART): one more try before giving up.
  for (let attempt = 0; attempt < 2 && !(result && !result.lhr.runtimeError); attempt += 1) {
    result = await lighthouse(url, cpu4 ? throttled : simulated, undefined, page);
  }
  if (!result) throw new Error('no result');
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  const cls = audits['cumulative-layout-shift']?.numericValue ?? 0;
  // What moved, when anything did: a rare shift is otherwise seen once and never found again.
  const shifts =
    cls > 0 ? (audits['layout-shifts']?.details?.items ?? []).map((item) => `${Number(item.score).toFixed(4)} ${item.node?.selector ?? ''} ${(item.node?.snippet ?? '').slice(0, 120)}`) : undefined;
  if (cpu4) {
    const hydratedMs = await page.evaluate(() => (typeof window.__NEXT_HYDRATED_AT === 'number' ? window.__NEXT_HYDRATED_AT : null));
    // Where the main thread's time went (script evaluation, style and layout, parsing...), for the log.
    const breakdown = Object.fromEntries((audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, Math.round(item.duration)]));
    return { mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? 0, tbtMs: audits['total-blocking-time']?.numericValue ?? 0, cls, shifts, hydratedMs, breakdown };
  }
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    cls,
    shifts,
  };
}

try {
  const browser = cpu4 ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }) : undefined;
  for (const url of urls) {
    const page = browser ? await browser.newPage() : undefined;
    try {
      console.log(JSON.stringify({ url, ...(await run(url, page)) }));
    } catch (error) {
      console.log(JSON.stringify({ url, error: error instanceof Error ? error.message : String(error) }));
    } finally {
      await page?.close();
    }
  }
  await browser?.disconnect();
} finally {
  stopChrome();
}
