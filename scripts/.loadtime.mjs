import { chromium } from '@playwright/test';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const base = process.argv[2];
for (const path of process.argv.slice(3)) {
  for (const wait of ['domcontentloaded', 'load']) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const t = Date.now();
    await page.goto(base + path, { waitUntil: wait });
    const t1 = Date.now() - t;
    const res = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => [r.name.replace(location.origin, ''), Math.round(r.duration), r.transferSize])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6),
    );
    console.log(path, wait, t1, 'ms', JSON.stringify(res));
    await ctx.close();
  }
}
await browser.close();
