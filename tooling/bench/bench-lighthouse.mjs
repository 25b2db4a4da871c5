// node tooling/bench/bench-lighthouse.mjs <chrome-port> <url>...
//
// Lighthouse mobile (its default form factor and throttling) on each URL in turn, with Debian's
// Chromium, printing one JSON line per URL: { url, performance, accessibility, bestPractices,
// seo, lcpMs, cls } or { url, error }. Plain JavaScript run by node, not tsx: Lighthouse sends
// some of its own functions to the browser as source text, and tsx's transform of them refers to
// a helper the page does not have. Used by tooling/bench/bench.ts; Chromium is stopped on every exit.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [port, ...urls] = process.argv.slice(2);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  port: Number(port),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
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

try {
  for (const url of urls) {
    try {
      let result;
      // A loaded machine sometimes loses the trace (NO_NAVSTART): one more try before giving up.
      for (let attempt = 0; attempt < 2 && !(result && !result.lhr.runtimeError); attempt += 1) {
        result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      }
      if (!result) throw new Error('no result');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      console.log(
        JSON.stringify({
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        }),
      );
    } catch (error) {
      console.log(JSON.stringify({ url, error: error instanceof Error ? error.message : String(error) }));
    }
  }
} finally {
  stopChrome();
}
